/**
 * What an operator needs to see (docs/decisions/0050-request-log-and-metrics.md): one JSON line per request through
 * pino (request id, method, route id, path, status, duration, user id when signed in; never cookies, passwords or
 * query strings), the request id in an `X-Request-Id` response header, and Prometheus metrics through prom-client
 * at /metrics (loopback, or a bearer token from METRICS_TOKEN).
 */
import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { Express, NextFunction, Request, Response } from "express";
import { pinoHttp } from "pino-http";
import { isWarmUpRequest } from "./tuning/warm-up.ts";
import client from "prom-client";
import mongoose from "mongoose";
import type { ServerBuild } from "react-router";
import { clusterMetrics } from "./cluster.ts";
import { pageOfDataRequest } from "#app/utils/data-request.ts";
import { rulesLookup, seamOf } from "./seam.ts";
import { logger } from "#app/models/infra/log.server.ts";

/** Filled in by the app while it answers (the signed-in user), read when the request's log line is written. */
import type { RequestLogNote } from "#app/utils/request-context.ts";

export { logger };

export function routeNamer(latest: () => ServerBuild) {
  return (pathname: string): string => {
    if (pathname === "/metrics") return "metrics";
    if (
      /\.[a-z0-9]+$/i.test(pathname) &&
      !pathname.endsWith(".data") &&
      !pathname.endsWith(".pdf") &&
      !pathname.endsWith(".csv")
    )
      return "static";
    const path = pageOfDataRequest(pathname) ?? pathname;
    const build = latest();
    return seamOf(build).leafRoute(build.routes, path) ?? "unmatched";
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * The path as logged when its route declares `secretPath` (a reset link's token, a provider callback's secret, a report
 * link, an enrolment's reference): the segment of the pattern's last parameter is `[secret]`, and a data request's
 * suffix goes with it.
 */
export function maskedPath(pattern: string, path: string): string {
  const secret = pattern.split("/").findLastIndex((s) => s.startsWith(":"));
  if (secret < 0) return path;
  const parts = (pageOfDataRequest(path) ?? path).split("/");
  // A path that does not line up with its pattern (never expected) is logged as the pattern, every parameter masked.
  if (secret >= parts.length) return pattern.replace(/:[^/]+/g, "[secret]");
  parts[secret] = "[secret]";
  return parts.join("/");
}

/** The full pattern of a route of the build ("/reports/:token"), its parents' paths before its own. */
function patternOf(routes: ServerBuild["routes"], id: string | null): string {
  const route = id ? routes[id] : undefined;
  if (!route) return "";
  const parent = patternOf(routes, route.parentId ?? null);
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}` : parent;
}

/** The path the request log writes: the path, or with its secret masked where the route declares one. */
export function pathLogger(latest: () => ServerBuild) {
  return (path: string): string => {
    const build = latest();
    if (!rulesLookup(build)(path)?.secretPath) return path;
    return maskedPath(
      patternOf(build.routes, seamOf(build).leafRoute(build.routes, pageOfDataRequest(path) ?? path)),
      path,
    );
  };
}

// ---- Metrics ----
// prom-client's default registry: the app build's own metrics (app/models/infra/metrics.server.ts: the outbox, providers,
// refused callbacks) are registered there too, from the same prom-client package.
export const registry = client.register;
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
// One app worker of several (server/cluster.ts): the first process adds up this registry with the others'.
// (prom-client answers the first process's requests once an AggregatorRegistry exists in the worker too.)
if (cluster.isWorker) {
  client.AggregatorRegistry.setRegistries([registry]);
  new client.AggregatorRegistry();
}
/** server/load-shed.ts: requests refused with 503 while the event loop was behind. */
export const shedTotal = new client.Counter({
  name: "http_requests_shed_total",
  help: "Requests refused with 503 (Retry-After) because the event loop was behind",
  registers: [registry],
});
const requestsTotal = new client.Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route id, method and status",
  labelNames: ["route", "method", "status"],
  registers: [registry],
});
const requestSeconds = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route id, method and status",
  labelNames: ["route", "method", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
/** server/tuning/memory-trim.ts: each glibc malloc_trim after a major collection, and how long it took. */
export const mallocTrimSeconds = new client.Histogram({
  name: "process_malloc_trim_duration_seconds",
  help: "glibc malloc_trim calls after major garbage collections (freed memory handed back to the system), by duration",
  buckets: [0.001, 0.005, 0.02, 0.1],
  registers: [registry],
});
new client.Gauge({
  name: "mongodb_pool_connections",
  help: "The database driver's connection pool: connections open and checked out",
  labelNames: ["state"],
  registers: [registry],
  collect() {
    // The driver keeps pool statistics per server; read what is exposed without reaching into private state.
    const topology = (
      mongoose.connection.getClient() as unknown as {
        topology?: {
          s?: { servers?: Map<string, { pool?: { totalConnectionCount?: number; currentCheckedOutCount?: number } }> };
        };
      }
    ).topology;
    let open = 0;
    let inUse = 0;
    for (const server of topology?.s?.servers?.values() ?? []) {
      open += server.pool?.totalConnectionCount ?? 0;
      inUse += server.pool?.currentCheckedOutCount ?? 0;
    }
    this.set({ state: "open" }, open);
    this.set({ state: "checked_out" }, inUse);
  },
});
new client.Gauge({
  name: "mongodb_connected",
  help: "1 while Mongoose is connected to the database (every worker of them)",
  registers: [registry],
  aggregator: "min",
  collect() {
    this.set(mongoose.connection.readyState === 1 ? 1 : 0);
  },
});

function isLoopback(address: string | undefined) {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function tokenMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Request id, log line and metrics for every request; /metrics for loopback or the METRICS_TOKEN bearer. */
export function useObservability(app: Express, latest: () => ServerBuild) {
  const nameRoute = routeNamer(latest);
  const loggedPath = pathLogger(latest);
  app.use(
    pinoHttp({
      logger,
      // The per-request logger carries the request id only, never the request (its headers hold cookies).
      quietReqLogger: true,
      wrapSerializers: false,
      serializers: { req: () => undefined, res: () => undefined },
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      customSuccessMessage: () => "request",
      customErrorMessage: () => "request failed",
      // Only these fields: no headers (cookies), no body (passwords), no query string (searches with names).
      customSuccessObject: (req, res, val: { responseTime: number }) =>
        line(req as Request, res as Response, val.responseTime),
      customErrorObject: (req, res, error, val: { responseTime: number }) => ({
        ...line(req as Request, res as Response, val.responseTime),
        error: error.message,
      }),
    }),
  );
  function line(req: Request, res: Response, ms: number) {
    const route = nameRoute(req.path);
    const status = res.statusCode;
    requestsTotal.inc({ route, method: req.method, status });
    requestSeconds.observe({ route, method: req.method, status }, ms / 1000);
    return {
      method: req.method,
      route,
      path: loggedPath(req.path),
      status,
      ms: Math.round(ms),
      userId: (res.locals.logNote as RequestLogNote | undefined)?.userId ?? null,
      ...(isWarmUpRequest(req) ? { warmUp: true } : {}),
    };
  }
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.locals.logNote = {
      userId: null,
      requestId: typeof req.id === "string" ? req.id : null,
    } satisfies RequestLogNote;
    next();
  });
  app.get("/metrics", async (req: Request, res: Response) => {
    const token = process.env.METRICS_TOKEN?.trim();
    // Through a reverse proxy on the same machine the socket is loopback too: a forwarded request is not.
    const forwarded = Boolean(req.headers["x-forwarded-for"] || req.headers.forwarded);
    const allowed = token
      ? tokenMatches(req.headers.authorization, token)
      : isLoopback(req.socket.remoteAddress) && !forwarded;
    if (!allowed) {
      res
        .status(token ? 401 : 403)
        .type("text/plain")
        .send(token ? "A bearer token is required." : "Metrics are answered on the loopback interface only.");
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    res.type(registry.contentType).send(await clusterMetrics(() => registry.metrics()));
  });
}
