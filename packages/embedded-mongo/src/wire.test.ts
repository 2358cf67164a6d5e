/**
 * The wire protocol as the `mongodb` driver speaks it: OP_MSG with its body and document-sequence sections, OP_QUERY
 * for the handshake, and replies framed the way the driver reads them. A malformed message closes only its own
 * connection, and nothing past the size limit is buffered.
 */
import net from "node:net";
import { serialize } from "bson";
import { afterEach, describe, expect, it } from "vitest";
import { Engine, MAX_MESSAGE_SIZE } from "./engine.ts";
import { WireConnection, encodeOpMsg, encodeOpReply, parseOpMsg, parseOpQuery } from "./wire.ts";
import { decodeBson } from "./values.ts";

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

function header(len: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** An OP_MSG as the driver writes it: flags, a body section, then optional document sequences (kind 1). */
function opMsg(body: object, sequences: [string, object[]][] = [], flags = 0, requestId = 7): Buffer {
  const parts: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
  for (const [id, docs] of sequences) {
    const payload = Buffer.concat([Buffer.from(id + "\0"), ...docs.map((d) => Buffer.from(serialize(d)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + payload.length);
    parts.push(Buffer.from([1]), size, payload);
  }
  const flagBytes = Buffer.alloc(4);
  flagBytes.writeUInt32LE(flags);
  const checksum = flags & 1 ? Buffer.alloc(4) : Buffer.alloc(0);
  const rest = Buffer.concat([flagBytes, ...parts, checksum]);
  return Buffer.concat([header(16 + rest.length, requestId, OP_MSG), rest]);
}

describe("OP_MSG", () => {
  it("reads the body and folds each document sequence into the command under its identifier", () => {
    const msg = opMsg({ insert: "people", $db: "school" }, [["documents", [{ _id: 1 }, { _id: 2 }]]]);
    const { flags, cmd } = parseOpMsg(msg);
    expect(flags).toBe(0);
    expect(cmd).toEqual({ insert: "people", $db: "school", documents: [{ _id: 1 }, { _id: 2 }] });
  });

  it("skips the trailing checksum when the flag says one is there", () => {
    const { cmd } = parseOpMsg(opMsg({ ping: 1 }, [], 1));
    expect(cmd).toEqual({ ping: 1 });
  });

  it("refuses unknown required flags, unknown section kinds, a second body and a message without a body", () => {
    expect(() => parseOpMsg(opMsg({ ping: 1 }, [], 1 << 3))).toThrow(/unsupported OP_MSG flags/);
    const badKind = opMsg({ ping: 1 });
    badKind[20] = 9;
    expect(() => parseOpMsg(badKind)).toThrow(/unknown section kind 9/);
    const twoBodies = Buffer.concat([opMsg({ ping: 1 }), Buffer.from([0]), Buffer.from(serialize({ a: 1 }))]);
    twoBodies.writeInt32LE(twoBodies.length, 0);
    expect(() => parseOpMsg(twoBodies)).toThrow(/multiple body sections/);
    expect(() => parseOpMsg(Buffer.concat([header(20, 1, OP_MSG), Buffer.alloc(4)]))).toThrow(/without body/);
  });

  it("refuses a document whose declared size runs past the message", () => {
    const msg = opMsg({ ping: 1 });
    msg.writeInt32LE(1000, 21);
    expect(() => parseOpMsg(msg)).toThrow(/invalid document size/);
  });

  it("answers with a header the driver matches to its request, and the reply as the only body", () => {
    const reply = encodeOpMsg(42, { ok: 1, n: 3 });
    expect(reply.readInt32LE(0)).toBe(reply.length);
    expect(reply.readInt32LE(8)).toBe(42);
    expect(reply.readInt32LE(12)).toBe(OP_MSG);
    expect(parseOpMsg(reply).cmd).toEqual({ ok: 1, n: 3 });
  });

  it("turns a reply that cannot be serialized into an error reply instead of failing the connection", () => {
    const cyclic: Record<string, unknown> = { ok: 1 };
    cyclic.self = cyclic;
    const reply = encodeOpMsg(1, cyclic);
    const { cmd } = parseOpMsg(reply);
    expect(cmd.ok).toBe(0);
    expect(String(cmd.errmsg)).toMatch(/failed to serialize reply/);
  });
});

describe("OP_QUERY (the handshake)", () => {
  it("reads the command and its database from `<db>.$cmd`, unwrapping `$query`", () => {
    const name = Buffer.from("admin.$cmd\0");
    const skipReturn = Buffer.alloc(8);
    const query = Buffer.from(serialize({ $query: { isMaster: 1 }, $readPreference: { mode: "primary" } }));
    const rest = Buffer.concat([Buffer.alloc(4), name, skipReturn, query]);
    const msg = Buffer.concat([header(16 + rest.length, 1, OP_QUERY), rest]);
    expect(parseOpQuery(msg)).toEqual({ db: "admin", cmd: { isMaster: 1 } });
  });

  it("replies with OP_REPLY: one document, no cursor", () => {
    const reply = encodeOpReply(5, { ismaster: true, ok: 1 });
    expect(reply.readInt32LE(12)).toBe(OP_REPLY);
    expect(reply.readInt32LE(8)).toBe(5);
    expect(reply.readInt32LE(32)).toBe(1);
    expect(decodeBson(reply.subarray(36))).toEqual({ ismaster: true, ok: 1 });
  });
});

describe("a connection", () => {
  const servers: net.Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  async function connect(): Promise<{ client: net.Socket; logged: string[] }> {
    const engine = new Engine(null);
    const logged: string[] = [];
    const server = net.createServer((socket) => new WireConnection(socket, engine, 1, (m) => logged.push(m)));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    return { client, logged };
  }

  function nextReply(client: net.Socket): Promise<Buffer> {
    return new Promise((resolve) => {
      let got = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        got = Buffer.concat([got, chunk]);
        if (got.length >= 4 && got.length >= got.readInt32LE(0)) {
          client.off("data", onData);
          resolve(got);
        }
      };
      client.on("data", onData);
    });
  }

  it("answers a command split across packets, in order", async () => {
    const { client } = await connect();
    const msg = opMsg({ ping: 1, $db: "admin" }, [], 0, 99);
    const reply = nextReply(client);
    client.write(msg.subarray(0, 10));
    await new Promise((r) => setTimeout(r, 20));
    client.write(msg.subarray(10));
    const answer = await reply;
    expect(answer.readInt32LE(8)).toBe(99);
    expect(parseOpMsg(answer).cmd.ok).toBe(1);
    client.destroy();
  });

  it("is closed, with one log line, when a message declares a length over the limit: nothing of it is buffered", async () => {
    const { client, logged } = await connect();
    const closed = new Promise((resolve) => client.once("close", resolve));
    client.write(header(MAX_MESSAGE_SIZE + 1, 1, OP_MSG));
    await closed;
    expect(logged).toEqual([`closing connection 1: invalid message length ${MAX_MESSAGE_SIZE + 1}`]);
  });
});
