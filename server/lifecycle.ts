/**
 * Start-up and graceful shutdown of one app process, beside the HTTP server they stop. The database is the app's
 * (app/models/db.server.ts, reached through the build's seam so that the process holds one connection): it starts
 * connecting as the process starts, and once it is ready the process prepares to serve (its warm-up, and a worker's
 * `listen`: docs/decisions/0127), then the outbox's sender starts. On SIGTERM/SIGINT
 * the server stops taking connections and finishes its requests (4.5 s at the latest), the sender records the
 * messages it has in flight, then the database closes (20 s at the latest: the embedded database writes its
 * checkpoint image, about 1.5 s per 100,000 registrations, docs/decisions/0068) and the process exits.
 */
import type { Server } from "node:http";
import type { ServerSeam } from "#app/seam.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const lifecycleLog = logFor("lifecycle");

/** What a process needs of the app build (app/seam.server.ts): its database, and the work done beside requests. */
export type Database = Pick<ServerSeam, "connectDb" | "disconnectDb" | "startBackgroundWork">;

/** The message a worker sends once its database is connected and prepared (server/cluster.ts waits for it). */
export const DATABASE_READY = "database-ready";

const REQUESTS_DEADLINE_MS = 4_500;
const DATABASE_CLOSE_DEADLINE_MS = 20_000;
/** How long a worker waits before it tries the database again after a failed connection. */
const CONNECT_RETRY_MS = 2_000;

/**
 * Connects, and after a failed try (which may itself wait the driver's 10 s of server selection) tries again
 * `retryMs` later, until it succeeds or the process stops. A database still loading (the embedded one of a large data
 * directory takes tens of seconds) or not yet reachable is waited for, so the first worker tells the others to start
 * once it is connected (server/cluster.ts), not at the cluster's timeout after its first try failed. A failed
 * preparation (a migration) is tried again too, with a log line each time. A data directory locked by another
 * instance is final.
 */
export function connectUntilReady(
  connect: () => Promise<unknown>,
  options: {
    onReady: () => void;
    onLocked: (error: Error) => void;
    stopped: () => boolean;
    retryMs?: number;
    log?: (message: string) => void;
  },
): void {
  const retryMs = options.retryMs ?? CONNECT_RETRY_MS;
  const log = options.log ?? ((message: string) => lifecycleLog.warn(message));
  const attempt = () => {
    if (options.stopped()) return;
    void connect().then(
      () => {
        if (!options.stopped()) options.onReady();
      },
      (error: unknown) => {
        if (options.stopped()) return;
        if (isDataDirLocked(error)) return options.onLocked(error as Error);
        // Not reachable yet (still loading), or reached and not prepared (a migration failed): both are tried again.
        log(
          `the database is not ready yet (${(error as Error)?.message ?? error}); trying again in ${retryMs / 1000} s`,
        );
        setTimeout(attempt, retryMs).unref();
      },
    );
  };
  attempt();
}

export function runUntilStopped(
  server: Server,
  database: Database,
  {
    onStop = async () => {},
    prepare = async () => {},
  }: {
    onStop?: () => Promise<void>;
    /**
     * Once the database is ready, before the background work starts: the warm-up, and a worker's `listen` (not once
     * `stopping()` says the process is on its way out).
     */
    prepare?: (stopping: () => boolean) => Promise<void>;
  } = {},
) {
  let stopping = false;
  // The outbox's sender and the reconciliation start once the database is connected and prepared: begun earlier, on
  // a data directory that takes longer to load than the driver waits, their first round (the repair of what a
  // stopped process left) failed with an error and waited minutes for its next turn. Later outages they ride out.
  let background: ReturnType<Database["startBackgroundWork"]> | null = null;
  connectUntilReady(database.connectDb, {
    onReady: () => {
      // One worker of several: the first one's prepared database lets the others start (server/cluster.ts).
      process.send?.(DATABASE_READY);
      void prepare(() => stopping)
        .catch((error: unknown) => lifecycleLog.error({ err: error }, "preparing to serve failed"))
        .then(() => {
          if (!stopping) background ??= database.startBackgroundWork();
        });
    },
    onLocked: (error) => {
      // Another app instance owns DATA_DIR: serving on would answer every request that needs the database with an
      // error. Refuse to start instead, with one clear line.
      lifecycleLog.error(
        `${error.message}. Refusing to start: stop the other instance, or give this one its own DATA_DIR (or a shared MONGODB_URI, e.g. from \`npm run db\`).`,
      );
      process.exit(1);
    },
    stopped: () => stopping,
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycleLog.info(`${signal} received: finishing requests, then closing the database.`);
    const requestsDeadline = setTimeout(() => {
      lifecycleLog.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, REQUESTS_DEADLINE_MS).unref();
    await new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(requestsDeadline);
    setTimeout(() => {
      lifecycleLog.error("Closing the database took too long; exiting.");
      process.exit(1);
    }, DATABASE_CLOSE_DEADLINE_MS).unref();
    await onStop();
    await background?.stop();
    await database.disconnectDb();
    process.exit(0);
  };
  // `on`, not `once`: a worker gets SIGTERM from its first process and may get it from systemd too; a second signal
  // must not end a process that is still finishing its requests.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));
}

/**
 * The embedded engine's "data directory in use" refusal. It throws a LockError (packages/embedded-mongo/src/lock.ts)
 * without a code of its own, so we recognise it by class name and message.
 */
export function isDataDirLocked(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.constructor.name === "LockError" || /data directory .* is already in use by process/.test(error.message);
}
