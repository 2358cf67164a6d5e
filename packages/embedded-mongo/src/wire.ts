/**
 * MongoDB wire protocol (the subset the `mongodb` driver uses against a
 * standalone server): OP_QUERY handshake answered with OP_REPLY, then OP_MSG.
 * A malformed or oversized message closes only the offending connection.
 */
import type net from "node:net";
import { serialize } from "bson";
import { type ConnectionInfo, type Engine, MAX_MESSAGE_SIZE, errorReply, helloReply } from "./engine.ts";
import { type Doc, decodeBson } from "./values.ts";

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

const FLAG_CHECKSUM = 1 << 0;
const FLAG_MORE_TO_COME = 1 << 1;
const FLAG_EXHAUST_ALLOWED = 1 << 16;

class ProtocolError extends Error {}

let requestCounter = 1;

export class WireConnection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  readonly info: ConnectionInfo;

  constructor(
    private socket: net.Socket,
    private engine: Engine,
    id: number,
    private log: (msg: string) => void,
  ) {
    this.info = { id, remote: `${socket.remoteAddress ?? "unix"}:${socket.remotePort ?? 0}` };
    socket.setNoDelay?.(true);
    socket.on("data", (chunk) => this.onData(chunk));
    socket.on("error", () => this.close());
    socket.on("close", () => (this.closed = true));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    if (this.closed) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    try {
      while (this.buffered >= 4) {
        const head = this.peek(4);
        const len = head.readInt32LE(0);
        if (len < 16 || len > MAX_MESSAGE_SIZE) throw new ProtocolError(`invalid message length ${len}`);
        if (this.buffered < len) break;
        const msg = this.take(len);
        this.enqueue(msg);
      }
    } catch (e: any) {
      this.log(`closing connection ${this.info.id}: ${e?.message ?? e}`);
      this.close();
    }
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length >= n) return this.chunks[0];
    const all = Buffer.concat(this.chunks);
    this.chunks = [all];
    return all;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const msg = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return msg;
  }

  private enqueue(msg: Buffer) {
    this.queue = this.queue
      .then(() => this.handle(msg))
      .catch((e) => {
        this.log(`closing connection ${this.info.id}: ${e?.message ?? e}`);
        this.close();
      });
  }

  private async handle(msg: Buffer) {
    if (this.closed) return;
    const requestId = msg.readInt32LE(4);
    const opCode = msg.readInt32LE(12);
    if (opCode === OP_QUERY) {
      const { db, cmd } = parseOpQuery(msg);
      const name = Object.keys(cmd)[0]?.toLowerCase();
      let reply: Doc;
      if (name === "ismaster" || name === "hello") reply = helloReply(cmd, this.info.id);
      else if (db !== undefined) reply = await this.engine.runCommand({ ...cmd, $db: db }, this.info);
      else
        reply = {
          ok: 0,
          errmsg: "OP_QUERY is only supported for commands",
          code: 352,
          codeName: "UnsupportedOpQueryCommand",
        };
      this.write(encodeOpReply(requestId, reply));
      return;
    }
    if (opCode === OP_MSG) {
      const { flags, cmd } = parseOpMsg(msg);
      const reply = await this.engine.runCommand(cmd, this.info);
      if (flags & FLAG_MORE_TO_COME) return;
      this.write(encodeOpMsg(requestId, reply));
      return;
    }
    throw new ProtocolError(`unsupported opCode ${opCode}`);
  }

  private write(buf: Buffer) {
    if (this.closed) return;
    this.socket.write(buf);
  }
}

function readCString(buf: Buffer, pos: number, end: number): [string, number] {
  const z = buf.indexOf(0, pos);
  if (z < 0 || z >= end) throw new ProtocolError("unterminated cstring");
  return [buf.toString("utf8", pos, z), z + 1];
}

function readDoc(buf: Buffer, pos: number, end: number): [Doc, number] {
  if (pos + 5 > end) throw new ProtocolError("truncated document");
  const size = buf.readInt32LE(pos);
  if (size < 5 || pos + size > end) throw new ProtocolError("invalid document size");
  const doc = decodeBson(buf.subarray(pos, pos + size));
  return [doc, pos + size];
}

export function parseOpQuery(msg: Buffer): { db: string | undefined; cmd: Doc } {
  const end = msg.length;
  let pos = 20; // header + flags
  const [fullName, p1] = readCString(msg, pos, end);
  pos = p1 + 8; // numberToSkip, numberToReturn
  let [query] = readDoc(msg, pos, end);
  if (query.$query && typeof query.$query === "object") query = query.$query;
  const db = fullName.endsWith(".$cmd") ? fullName.slice(0, -5) : undefined;
  return { db, cmd: query };
}

export function parseOpMsg(msg: Buffer): { flags: number; cmd: Doc } {
  const flags = msg.readUInt32LE(16);
  // bits 0-15 are "required": unknown ones must make us fail
  if (flags & 0xffff & ~(FLAG_CHECKSUM | FLAG_MORE_TO_COME))
    throw new ProtocolError(`unsupported OP_MSG flags ${flags}`);
  void FLAG_EXHAUST_ALLOWED;
  const end = msg.length - (flags & FLAG_CHECKSUM ? 4 : 0);
  let pos = 20;
  let body: Doc | null = null;
  const sequences: [string, Doc[]][] = [];
  while (pos < end) {
    const kind = msg[pos++];
    if (kind === 0) {
      if (body) throw new ProtocolError("multiple body sections");
      [body, pos] = readDoc(msg, pos, end);
    } else if (kind === 1) {
      if (pos + 4 > end) throw new ProtocolError("truncated document sequence");
      const size = msg.readInt32LE(pos);
      const seqEnd = pos + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError("invalid document sequence size");
      const [id, start] = readCString(msg, pos + 4, seqEnd);
      let p = start;
      const docs: Doc[] = [];
      while (p < seqEnd) {
        let d: Doc;
        [d, p] = readDoc(msg, p, seqEnd);
        docs.push(d);
      }
      sequences.push([id, docs]);
      pos = seqEnd;
    } else throw new ProtocolError(`unknown section kind ${kind}`);
  }
  if (!body) throw new ProtocolError("OP_MSG without body");
  for (const [id, docs] of sequences) {
    const existing = body[id];
    body[id] = Array.isArray(existing) ? existing.concat(docs) : docs;
  }
  return { flags, cmd: body };
}

function header(len: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(requestCounter++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function safeSerialize(doc: Doc): Uint8Array {
  try {
    return serialize(doc);
  } catch (e: any) {
    return serialize(errorReply(new Error(`failed to serialize reply: ${e?.message ?? e}`)));
  }
}

export function encodeOpMsg(responseTo: number, doc: Doc): Buffer {
  const body = safeSerialize(doc);
  const len = 16 + 4 + 1 + body.length;
  const flagsAndKind = Buffer.alloc(5); // flags 0, section kind 0
  return Buffer.concat([header(len, responseTo, OP_MSG), flagsAndKind, body]);
}

export function encodeOpReply(responseTo: number, doc: Doc): Buffer {
  const body = safeSerialize(doc);
  const len = 16 + 20 + body.length;
  const fixed = Buffer.alloc(20);
  fixed.writeInt32LE(1, 16); // responseFlags 0, cursorID 0, startingFrom 0, numberReturned 1
  return Buffer.concat([header(len, responseTo, OP_REPLY), fixed, body]);
}
