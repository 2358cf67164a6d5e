/**
 * A kept-alive connection stays with the worker that accepted it: one opened while a single worker was listening (just
 * after a start), or one a proxy keeps open, would carry its share of the load to that worker for good. After `max`
 * requests a connection is closed (that answer says so), and its client opens another, which any free worker may
 * accept (docs/decisions/0114-connections-recycled.md). A browser seldom makes 100 requests on one connection.
 *
 * Not Node's `maxRequestsPerSocket`: past it Node keeps the connection open and answers 503 to a client that sends more
 * on it, where this answer closes the connection itself once it is sent. Requests a client pipelined after the last
 * one are not handed to the app (RFC 9112 §9.6: the server must not process them); they go with the connection, for
 * the client to send again.
 */
import type http from "node:http";
import type { Socket } from "node:net";

/** The default of CONNECTION_MAX_REQUESTS (server/tuning/settings.ts). */
export const MAX_REQUESTS_PER_CONNECTION = 100;

/** The listener, with each connection closed after `max` requests; `max` 0: the listener as it is. */
export function recycleConnections(max: number, listener: http.RequestListener): http.RequestListener {
  if (!(max > 0)) return listener;
  const served = new WeakMap<Socket, number>();
  return (req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    if (n > max) return;
    if (n === max) res.shouldKeepAlive = false;
    listener(req, res);
  };
}
