/**
 * The production HTTP server: Express in front of the React Router build.
 * It does what react-router-serve did (compression, static files with long
 * caching for hashed assets) and gives us one place for what must happen
 * before the framework sees a request (see docs/decisions/0035-own-http-server.md).
 *
 * Usage: node --import tsx server/main.ts build/server/index.js
 */
import path from "node:path";
import url from "node:url";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { bodyLimit } from "./body-limit.ts";
import { useClientAddress } from "./client-address.ts";
import { useCspReports } from "./csp-report.ts";
import { loadContextFor } from "./load-context.ts";
import { sameOrigin } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";

// Before anything loads React: react and react-dom pick their production or development build from NODE_ENV when
// first loaded, and both must pick the same one.
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const { createRequestHandler } = await import("@react-router/express");

const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build = (await import(url.pathToFileURL(buildPath).href)) as ServerBuild;
const clientDir = path.resolve(path.dirname(buildPath), "../client");

export const app = express();
app.disable("x-powered-by");
useClientAddress(app);
app.use(bodyLimit());
app.use(securityHeaders({ appOrigin: process.env.APP_ORIGIN?.trim() }));
app.use(sameOrigin({ appOrigin: process.env.APP_ORIGIN?.trim() }));
app.use(compression());
useCspReports(app);
// Hashed file names: cache for a year. Everything else in build/client and public/: an hour.
app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(clientDir, { maxAge: "1h" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: loadContextFor(build) }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[server] http://${host ?? "localhost"}:${port}`);
// Graceful shutdown lives in app/utils/lifecycle.server.ts: it finds this server through Node's
// http diagnostics channel, closes it on SIGTERM/SIGINT and then closes the database.
if (host) app.listen(port, host, onListen);
else app.listen(port, onListen);
