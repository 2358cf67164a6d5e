import diagnostics from "node:diagnostics_channel";
import type { Server } from "node:http";
import { connectDb, disconnectDb } from "#app/models/db.server.ts";

const SHUTDOWN_DEADLINE_MS = 4_500;
/**
 * Closing the database once the requests are done: the in-process embedded database writes its checkpoint image as it
 * closes (about 1.5 s per 100,000 registrations, docs/decisions/0068). A real MongoDB closes at once.
 */
const DATABASE_CLOSE_DEADLINE_MS = 20_000;
const state = globalThis as unknown as { __lifecycleStarted?: boolean };

/**
 * The HTTP server (server/main.ts) does not know about the database. We learn
 * which server is running from Node's http diagnostics channel; on
 * SIGTERM/SIGINT we close it (server.close waits for in-flight requests),
 * within 4.5 s at the latest, then close the database (within 20 s: the
 * embedded database writes its checkpoint image) and exit.
 */
export function startLifecycle() {
  if (state.__lifecycleStarted) return;
  state.__lifecycleStarted = true;

  connectDb().catch((error) => {
    if (isDataDirLocked(error)) {
      // Another app instance owns DATA_DIR: serving on would answer every request that needs the database with an
      // error. Refuse to start instead, with one clear line.
      console.error(
        `[startup] ${(error as Error).message}\n[startup] Refusing to start: stop the other instance, or give this one its own DATA_DIR (or a shared MONGODB_URI, e.g. from \`npm run db\`).`,
      );
      process.exit(1);
    }
    console.error("Database connection failed:", error);
  });

  const servers = new Set<Server>();
  diagnostics.subscribe("http.server.request.start", (message) => {
    const server = (message as { server?: Server }).server;
    if (server) servers.add(server);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests, then closing the database.`);
    const requestsDeadline = setTimeout(() => {
      console.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await Promise.all(
      [...servers].map(
        (server) =>
          new Promise<void>((resolve) => {
            if (!server.listening) return resolve();
            server.once("close", () => resolve());
            // Close it ourselves unless a host closed it on the same signal already.
            setImmediate(() => {
              if (server.listening) server.close();
              server.closeIdleConnections();
            });
          }),
      ),
    );
    clearTimeout(requestsDeadline);
    setTimeout(() => {
      console.error("Closing the database took too long; exiting.");
      process.exit(1);
    }, DATABASE_CLOSE_DEADLINE_MS).unref();
    await disconnectDb();
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void shutdown(signal));
}

/**
 * The embedded engine's "data directory in use" refusal. It throws a LockError (packages/embedded-mongo/src/storage.ts)
 * without a code of its own, so we recognise it by class name and message.
 */
export function isDataDirLocked(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.constructor.name === "LockError" || /data directory .* is already in use by process/.test(error.message);
}
