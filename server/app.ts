/**
 * The Express app in front of the React Router build, in production and in development alike: request id and log,
 * body limits, protective headers and the CSP nonce, same-origin checks and compression for every request. Production
 * serves the built assets and the page cache; development puts Vite's middleware in their place (server/vite-dev.ts)
 * and loads the app build through Vite on each request. server/main.ts creates the process around it.
 */
import express from "express";
import type { ServerBuild } from "react-router";
import type { RouteRules } from "#app/utils/route-rules.ts";
import { bodyLimit } from "./body-limit.ts";
import { useClientAddress } from "./client-address.ts";
import { coalesceWrites } from "./coalesce-writes.ts";
import { compression } from "./compression.ts";
import { useCspReports } from "./csp-report.ts";
import type { Database } from "./lifecycle.ts";
import { loadContextFor } from "./load-context.ts";
import { malformedUrl } from "./malformed-url.ts";
import { eventLoopDelay, loadShedder } from "./load-shed.ts";
import { logger, shedTotal, useObservability } from "./observability.ts";
import { pageCache } from "./page-cache.ts";
import { pdfThread } from "./pdf-thread.ts";
import { appHandler, expressHandler } from "./request-handler.ts";
import { sameOrigin } from "./same-origin.ts";
import { rulesLookup, seamOf } from "./seam.ts";
import { securityHeaders } from "./security-headers.ts";
import { staticAssets } from "./static-assets.ts";
import { clusterPeers } from "./server-load.ts";
import type { DevAssets } from "./vite-dev.ts";

export type AppSource = { build: ServerBuild; clientDir: string } | DevAssets;

export async function createApp(source: AppSource): Promise<{ app: express.Express; database: Database }> {
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
  // The health check is asked every few seconds by load balancers: straight to its resource route's loader (a
  // plain-text answer, no page, nothing to compress or to protect with a CSP), past the middleware below — the request
  // log included, which would otherwise be mostly health checks — and past React Router's matching and root middleware
  // (no session, no settings, no form body: the loader takes no arguments). docs/decisions/0043.
  const healthLoader = dev
    ? undefined
    : (current.routes["routes/resources/healthz"]?.module as { loader?: () => Promise<Response> } | undefined)?.loader;
  app.get("/healthz", healthLoader ? healthz(healthLoader) : handleRequest);
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
    app.use(pageCache(current, handle, { getLoadContext }));
  }
  // Past the cheap answers above, a request the app would queue behind others while the event loop is behind is
  // refused at once (server/load-shed.ts).
  if (!dev) app.use(shedWhenBehind(rulesFor));
  // Everything else is the app (Express 5 names a catch-all path; `use` takes every method and path).
  app.use(coalesceWrites(), handleRequest);
  // PDFs in a thread of their own (docs/decisions/0117); in development they are rendered on the request's thread.
  if (!dev) seamOf(current).renderPdfsWith(pdfThread().render);
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

function healthz(loader: () => Promise<Response>): express.RequestHandler {
  return (_req, res, next) => {
    loader()
      .then(async (answer) => {
        res.status(answer.status);
        answer.headers.forEach((value, name) => res.setHeader(name, value));
        res.end(await answer.text());
      })
      .catch(next);
  };
}
