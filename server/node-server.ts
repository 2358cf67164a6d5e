/**
 * The Node HTTP server every app worker listens with (server/main.ts), and its bounds on a request's arrival, behind
 * server/body-limit.ts's finer ones: headers within 15 s, the whole request within the upload deadline
 * (`uploadDeadlineMs`, 0 for none) and a little more (Node's defaults, 60 s and 300 s, let a slow client hold a
 * connection for minutes). Node checks them every few seconds. Its first "request" listener is registered here,
 * before the app's; kept-alive connections are recycled after a number of requests (server/tuning/connection-recycling.ts).
 */
import http from "node:http";
import { recycleConnections } from "./tuning/connection-recycling.ts";

export function createNodeServer(
  uploadDeadlineMs: number,
  { maxRequestsPerConnection = 0 }: { maxRequestsPerConnection?: number } = {},
): {
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
  let app: http.RequestListener | null = null;
  const listener: http.RequestListener = (req, res) => {
    if (app) app(req, res);
    else res.writeHead(503, { "Retry-After": "1" }).end();
  };
  server.on("request", recycleConnections(maxRequestsPerConnection, listener));
  return { server, serve: (listener) => void (app = listener) };
}
