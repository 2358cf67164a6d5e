/**
 * The Express app in front of the React Router build (see server/main.ts, which loads this module only once NODE_ENV
 * is set).
 */
import path from "node:path";
import url from "node:url";
import express from "express";
import type { ServerBuild } from "react-router";
import { bodyLimit } from "./body-limit.ts";
import { useClientAddress } from "./client-address.ts";
import { compression } from "./compression.ts";
import { useCspReports } from "./csp-report.ts";
import { loadContextFor } from "./load-context.ts";
import { malformedUrl } from "./malformed-url.ts";
import { logger, mallocTrimSeconds, useObservability } from "./observability.ts";
import { loadMallocTrim, trimAfterMajorCollections } from "./memory-trim.ts";
import { sameOrigin } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";
import { staticAssets } from "./static-assets.ts";
import { pageCache } from "./page-cache.ts";

import { createRequestHandler } from "@react-router/express";
import { coalesceWrites } from "./coalesce-writes.ts";

const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build = (await import(url.pathToFileURL(buildPath).href)) as ServerBuild;
const clientDir = path.resolve(path.dirname(buildPath), "../client");

export const app = express();
const getLoadContext = loadContextFor(build);
app.disable("x-powered-by");
useClientAddress(app);
const handleRequest = createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext });
// The health check is asked every few seconds by load balancers: straight to its resource route's loader (a
// plain-text answer, no page, nothing to compress or to protect with a CSP), past the middleware below — the request
// log included, which would otherwise be mostly health checks — and past React Router's matching and root middleware
// (no session, no settings, no form body: the loader takes no arguments). docs/decisions/0043.
const healthLoader = (
  build.routes["routes/resources/healthz"]?.module as { loader?: () => Promise<Response> } | undefined
)?.loader;
app.get("/healthz", healthLoader ? healthz(healthLoader) : handleRequest);
useObservability(app, build);
app.use(malformedUrl());
app.use(bodyLimit());
app.use(securityHeaders({ appOrigin: process.env.APP_ORIGIN?.trim() }));
app.use(sameOrigin({ appOrigin: process.env.APP_ORIGIN?.trim() }));
app.use(compression());
useCspReports(app);
app.use(staticAssets(clientDir));
app.use(pageCache(build, { getLoadContext }));
// Everything else is the app (Express 5 names a catch-all path; `use` takes every method and path).
app.use(coalesceWrites(), handleRequest);

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

// What a burst of work freed goes back to the system after each major collection (server/memory-trim.ts).
if (process.env.MEMORY_TRIM?.trim().toLowerCase() !== "off") {
  const trim = loadMallocTrim();
  if (trim) trimAfterMajorCollections(trim, { onTrim: (ms) => mallocTrimSeconds.observe(ms / 1000) });
  else
    logger.info(
      "glibc's malloc_trim is not available on this system: freed memory is returned as the C library decides",
    );
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[server] http://${host ?? "localhost"}:${port}`);
// Graceful shutdown lives in app/utils/lifecycle.server.ts: it finds this server through Node's
// http diagnostics channel, closes it on SIGTERM/SIGINT and then closes the database.
if (host) app.listen(port, host, onListen);
else app.listen(port, onListen);
