/**
 * The Node HTTP server every app worker listens with (server/main.ts), and its bounds on connections. Its first
 * "request" listener is registered here, before the app's.
 */
import http from "node:http";
import type { Socket } from "node:net";

/** How many requests one kept-alive connection may carry before it is closed (ADR 0114). */
export const MAX_REQUESTS_PER_CONNECTION = 100;

/**
 * - Node's own bounds on a request's arrival, behind server/body-limit.ts's finer ones: headers within 15 s, the whole
 *   request within the upload deadline (`uploadDeadlineMs`, 0 for none) and a little more (Node's defaults, 60 s and
 *   300 s, let a slow client hold a connection for minutes). Node checks them every few seconds.
 * - A kept-alive connection stays with the worker that accepted it: one opened while a single worker was listening
 *   (just after a start), or one a proxy keeps open, would carry its share of the load to that worker for good. After
 *   MAX_REQUESTS_PER_CONNECTION requests a connection is closed (that answer says so), and its client opens another,
 *   which any free worker may accept (docs/decisions/0114-connections-recycled.md). A browser seldom makes 100
 *   requests on one connection.
 */
export function createNodeServer(uploadDeadlineMs: number): {
  server: http.Server;
  /** Hands the server's requests to the app (set once the app is built; the server may exist before it). */
  serve(app: http.RequestListener): void;
} {
  const server = http.createServer({
    headersTimeout: 15_000,
    // 0 (no upload deadline): none here either; never under the headers' timeout, which Node refuses.
    requestTimeout: uploadDeadlineMs > 0 ? Math.max(uploadDeadlineMs + 10_000, 15_000) : 0,
    connectionsCheckingInterval: 2_000,
  });
  // Not Node's `maxRequestsPerSocket`: past it Node keeps the connection open and answers 503 to a client that sends
  // more on it, where this answer closes the connection itself once it is sent. Requests a client pipelined after the
  // last one are not handed to the app (RFC 9112 §9.6: the server must not process them); they go with the connection,
  // for the client to send again.
  const served = new WeakMap<Socket, number>();
  let app: http.RequestListener | null = null;
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    if (n > MAX_REQUESTS_PER_CONNECTION) return;
    if (n === MAX_REQUESTS_PER_CONNECTION) res.shouldKeepAlive = false;
    if (app) app(req, res);
    else res.writeHead(503, { "Retry-After": "1" }).end();
  });
  return { server, serve: (listener) => void (app = listener) };
}
