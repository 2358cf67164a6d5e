import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createNodeServer } from "../node-server.ts";
import { MAX_REQUESTS_PER_CONNECTION } from "./connection-recycling.ts";

let server: http.Server;
let port = 0;
const connections: number[] = [];
let handled = 0;

beforeAll(async () => {
  const node = createNodeServer(60_000, { maxRequestsPerConnection: MAX_REQUESTS_PER_CONNECTION });
  server = node.server;
  server.on("connection", (socket) => connections.push(socket.remotePort ?? 0));
  node.serve((_req, res) => {
    handled++;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One GET over the agent's single kept-alive connection: the answer's Connection header. */
function get(agent: http.Agent): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers.connection));
      })
      .on("error", reject);
  });
}

it("closes a kept-alive connection after its 100th request, so the client's next one may reach another worker", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Array<string | undefined> = [];
  for (let i = 0; i < MAX_REQUESTS_PER_CONNECTION + 1; i++) answers.push(await get(agent));
  agent.destroy();
  expect(MAX_REQUESTS_PER_CONNECTION).toBe(100);
  expect(answers.slice(0, MAX_REQUESTS_PER_CONNECTION - 1).every((c) => c === "keep-alive")).toBe(true);
  expect(answers[MAX_REQUESTS_PER_CONNECTION - 1]).toBe("close");
  // Every request was answered: the 101st went over a second connection.
  expect(answers[MAX_REQUESTS_PER_CONNECTION]).toBe("keep-alive");
  expect(connections).toHaveLength(2);
});

it("closes the connection itself after the 100th answer; what a client pipelined after it never reaches the app", async () => {
  connections.length = 0;
  handled = 0;
  const statuses = await new Promise<number[]>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve([...text.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => Number(m[1]))));
    // 100 requests, then 5 more sent on without waiting, as a client that ignores `Connection: close` would.
    socket.write(request.repeat(MAX_REQUESTS_PER_CONNECTION + 5));
  });
  expect(statuses).toHaveLength(MAX_REQUESTS_PER_CONNECTION);
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect(handled).toBe(MAX_REQUESTS_PER_CONNECTION);
  expect(connections).toHaveLength(1);
});
