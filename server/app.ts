/**
 * The Express app in front of the React Router build, in production and in development alike: request id and log,
 * body limits, protective headers and the CSP nonce, same-origin checks and compression for every request. Production
 * serves the built assets; development puts Vite's middleware in their place (server/vite-dev.ts) and loads the app
 * build through Vite on each request. server/main.ts creates the process around it. What benchmarks added on top
 * (the page cache, coalesced writes, the PDF thread, the health check's shortcut) is in server/tuning/, each piece
 * behind its setting (server/tuning/settings.ts).
 */
import express from "express";
import type { ServerBuild } from "react-router";
import type { RouteRules } from "#app/utils/route-rules.ts";
import { bodyLimit } from "./body-limit.ts";
import { useClientAddress } from "./client-address.ts";
import { coalesceWrites } from "./tuning/coalesce-writes.ts";
import { compression } from "./compression.ts";
import { useCspReports } from "./csp-report.ts";
import type { Database } from "./lifecycle.ts";
import { loadContextFor } from "./load-context.ts";
import { malformedUrl } from "./malformed-url.ts";
import { eventLoopDelay, loadShedder } from "./load-shed.ts";
import { logger, shedTotal, useObservability } from "./observability.ts";
import { pageCache } from "./tuning/page-cache.ts";
import { healthzShortcut } from "./tuning/healthz-shortcut.ts";
import { pdfThread } from "./tuning/pdf-thread.ts";
import { tuningFromEnv, type Tuning } from "./tuning/settings.ts";
import { appHandler, expressHandler } from "./request-handler.ts";
import { sameOrigin } from "./same-origin.ts";
import { rulesLookup, seamOf } from "./seam.ts";
import { securityHeaders } from "./security-headers.ts";
import { staticAssets } from "./static-assets.ts";
import { clusterPeers } from "./server-load.ts";
import type { DevAssets } from "./vite-dev.ts";

export type AppSource = { build: ServerBuild; clientDir: string } | DevAssets;

export async function createApp(
  source: AppSource,
  tuning: Tuning = tuningFromEnv(),
): Promise<{ app: express.Express; database: Database }> {
  const dev = "vite" in source ? source : null;
  // The build the latest request ran on (in development, each request loads the current one through Vite).
  let current = dev ? await dev.loadBuild() : (source as { build: ServerBuild }).build;
  const latest = () => current;
  const build = dev ? async () => (current = await dev.loadBuild()) : current;

  const app = express();
  const getLoadContext = loadContextFor(latest);
  app.disable("x-powered-by");
  useClientAddress(app);
  // The app's one request handler: the page cache renders through it too.
  const handle = appHandler(build);
  const handleRequest = expressHandler(handle, getLoadContext);
  // What the route an address lands on declares (its body limit, its shedding class): in development, the latest build's.
  const rulesFor = (pathname: string) => rulesLookup(latest())(pathname);
  const healthz = !dev && tuning.healthzShortcut ? healthzShortcut(current) : null;
  if (healthz) app.get("/healthz", healthz);

  // The core, as React Router's template has it: log, limits, headers, compression, static files, the app.
  useObservability(app, latest);
  app.use(malformedUrl());
  app.use(bodyLimit(rulesFor));
  app.use(securityHeaders({ appOrigin: process.env.APP_ORIGIN?.trim() }));
  app.use(sameOrigin({ appOrigin: process.env.APP_ORIGIN?.trim() }));
  app.use(compression());
  useCspReports(app);
  if (dev) {
    // Source modules, Vite's client and public/; no page cache, so that an edit shows on the next request.
    app.use(dev.vite.middlewares);
  } else {
    app.use(staticAssets((source as { clientDir: string }).clientDir));
    if (tuning.pageCacheMs > 0) app.use(pageCache(current, handle, { getLoadContext, ttlMs: tuning.pageCacheMs }));
  }
  // Past the cheap answers above, a request the app would queue behind others while the event loop is behind is
  // refused at once (server/load-shed.ts).
  if (!dev) app.use(shedWhenBehind(rulesFor));
  // Everything else is the app (Express 5 names a catch-all path; `use` takes every method and path).
  if (tuning.coalesceWrites) app.use(coalesceWrites());
  app.use(handleRequest);
  // PDFs in a thread of their own; in development, and without the thread, they are rendered on the request's thread.
  if (!dev && tuning.pdfThread) seamOf(current).renderPdfsWith(pdfThread().render);
  // The app's database, from the build itself: the process then holds one connection, the app's.
  return { app, database: seamOf(current) };
}

/**
 * SHED_EVENT_LOOP_DELAY_MS (default 500) and SHED_MAX_IN_FLIGHT (default 16 per process; 0 = either never sheds): the
 * event-loop delay, and the number of requests already in the app, from which new requests get 503. The count is the
 * whole server's against 16 for each of its workers (server/server-load.ts, docs/decisions/0100).
 * SHED_PRIORITY_RESERVE (default 4): how many more sign-in, webhook and phone-channel requests are admitted past it.
 */
function shedWhenBehind(rulesFor: (pathname: string) => RouteRules | null): express.RequestHandler {
  const setting = (name: string, fallback: number) => {
    const n = Number(process.env[name] ?? fallback);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const thresholdMs = setting("SHED_EVENT_LOOP_DELAY_MS", 500);
  const maxInFlight = setting("SHED_MAX_IN_FLIGHT", 16);
  const priorityReserve = setting("SHED_PRIORITY_RESERVE", 4);
  if (!thresholdMs && !maxInFlight) return (_req, _res, next) => next();
  const delay = eventLoopDelay();
  const cluster = clusterPeers();
  return loadShedder({
    peers: cluster.peers,
    onInFlight: cluster.report,
    thresholdMs,
    maxInFlight,
    priorityReserve,
    priority: (path) => rulesFor(path)?.shed === "priority",
    upload: (path) => rulesFor(path)?.body !== undefined,
    delay: delay.current,
    onShed: () => shedTotal.inc(),
    // The server's requests in flight, against the server's limit.
    onChange: (shedding, { delayMs, inFlight, maxInFlight: serverMax }) => {
      const state = { delayMs: Math.round(delayMs), thresholdMs, inFlight, maxInFlight: serverMax };
      if (shedding) logger.warn(state, "behind: shedding new requests (503)");
      else logger.info(state, "caught up: serving every request");
    },
  });
}
