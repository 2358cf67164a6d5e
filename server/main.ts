/**
 * The HTTP server: Express in front of the React Router app (server/app.ts), one for production and development.
 *
 *   production:  node build/http-server/main.js build/server/index.js   (compiled by `react-router build`: server/build.ts)
 *   development: node server/main.ts --dev                              (`npm run dev`: Vite in place of the built assets)
 *
 * See docs/decisions/0035-own-http-server.md; the workers of production, docs/decisions/0083-app-workers.md.
 */
import cluster from "node:cluster";
import path from "node:path";
import url from "node:url";
import { embeddedDatabaseForWorkers, runPrimary, whenClusterServes, workerCount } from "./cluster.ts";
import { runUntilStopped } from "./lifecycle.ts";
import { startMemoryTrim } from "./tuning/memory-trim.ts";
import { tuningFromEnv } from "./tuning/settings.ts";
import { warmUp } from "./tuning/warm-up.ts";
import { createNodeServer } from "./node-server.ts";
import { logFor, sendConsoleToLog } from "#app/models/infra/log.server.ts";

const log = logFor("server");
const configLog = logFor("config");

// Every line this process writes is pino's (app/models/infra/log.server.ts): Node's own warnings and a crash too, which it
// would otherwise print as plain text, and what a library prints through console (React Router's warning about a
// malformed URL, say), under area "console".
sendConsoleToLog();
process.removeAllListeners("warning");
process.on("warning", (warning) => log.warn({ err: warning }, warning.message));
process.on("uncaughtException", (error) => {
  log.fatal({ err: error }, "uncaught exception: stopping");
  process.exit(1);
});

const dev = process.argv.includes("--dev");
// First, before React is loaded (it picks its production or development build by NODE_ENV when it is first
// required): static imports are all resolved before any of them runs, so everything that loads React comes after.
process.env.NODE_ENV ??= dev ? "development" : "production";

// The configuration is checked once, here, before any worker starts: a missing APP_ORIGIN outside demo mode, say,
// stops the start with one clear line instead of workers dying over and over (app/models/infra/env.server.ts).
if (!dev) {
  try {
    await import("#app/models/infra/env.server.ts");
  } catch (error) {
    configLog.error((error as Error).message);
    process.exit(1);
  }
}

// In production, one app worker per core (WEB_WORKERS) behind this process, which runs their embedded database
// (server/cluster.ts); with one worker, or in development, this process is the app.
const workers = dev ? 1 : workerCount();
if (workers > 1 && cluster.isPrimary) {
  const database = process.env.MONGODB_URI?.trim() ? undefined : embeddedDatabaseForWorkers();
  // The database's wire and journal buffers are freed into glibc's heap as the app's are (server/tuning/memory-trim.ts).
  if (database && tuningFromEnv().memoryTrim) startMemoryTrim();
  await runPrimary({ workers, database });
  process.exit();
}

const { createApp } = await import("./app.ts");
const { bodyLimitOptionsFromEnv } = await import("./body-limit.ts");
const { logger, mallocTrimSeconds } = await import("./observability.ts");
const tuning = tuningFromEnv();

// Node's own bounds on a request's arrival (server/node-server.ts), and kept-alive connections recycled.
const { uploadDeadlineMs, handinDeadlineMs } = bodyLimitOptionsFromEnv();
const uploadDeadline = uploadDeadlineMs > 0 && handinDeadlineMs > 0 ? Math.max(uploadDeadlineMs, handinDeadlineMs) : 0;
const { server, serve } = createNodeServer(uploadDeadline, tuning);
let onStop = async () => {};
let source: Parameters<typeof createApp>[0];
if (dev) {
  const devAssets = await (await import("./vite-dev.ts")).startVite(server);
  onStop = () => devAssets.vite.close();
  source = devAssets;
} else {
  const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
  const build = await import(url.pathToFileURL(buildPath).href);
  source = { build, clientDir: path.resolve(path.dirname(buildPath), "../client") };
}
const { app, database } = await createApp(source, tuning);
serve(app);

// What a burst of work freed goes back to the system after each major collection (server/tuning/memory-trim.ts).
if (tuning.memoryTrim && !startMemoryTrim({ onTrim: (ms) => mallocTrimSeconds.observe(ms / 1000) }))
  logger.info("glibc's malloc_trim is not available on this system: freed memory is returned as the C library decides");

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => log.info(`http://${host ?? "localhost"}:${port}${dev ? " (development)" : ""}`);
const listen = () => (host ? server.listen(port, host, onListen) : server.listen(port, onListen));
// A worker of several takes connections only once its database is ready and its first renders are done (ADR 0127):
// until then the others serve. A single process listens at once, so that its first requests get an answer.
const worker = cluster.isWorker;
if (!worker) listen();
runUntilStopped(server, database, {
  onStop,
  prepare: async (stopping) => {
    // warmUp never throws: it gives up at its deadline, and the process serves anyway.
    if (tuning.warmUp && !dev) await warmUp(app);
    if (!worker) return;
    await whenClusterServes();
    if (!stopping()) listen();
  },
});
