/**
 * Every core of the machine (docs/decisions/0083-app-workers.md). `npm start` runs one app worker per core
 * (WEB_WORKERS, default: the cores Node may use; 1 = today's single process) behind one port (node:cluster shares
 * it; each worker accepts connections itself when it is free). Without MONGODB_URI this first process runs the
 * embedded database for them, on a Unix socket in DATA_DIR that only this user may open, and nothing of the app: it
 * stays small and never blocks on a page.
 *
 *   start:  the database and the first worker together (the worker's driver waits for the socket); the others once
 *           the first has prepared the database (migrations, demo seed), so that they never race to do it;
 *   crash:  a worker that exits is replaced at once, or after 1 s doubling to 30 s while replacements keep dying young;
 *   stop:   SIGTERM/SIGINT reach every worker, each finishes its requests and closes its connection
 *           (server/lifecycle.ts), then the database writes its checkpoint and closes, last.
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DATABASE_READY, isDataDirLocked } from "./lifecycle.ts";
import { serverLoadRelay } from "./server-load.ts";
import { BROADCAST } from "#app/models/infra/brief-cache.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const clusterLog = logFor("cluster");
const databaseLog = logFor("database");
const startupLog = logFor("startup");

/** WEB_WORKERS, or the number of cores this process may use. */
export function workerCount(value = process.env.WEB_WORKERS): number {
  const text = value?.trim();
  if (!text) return Math.max(1, os.availableParallelism());
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`WEB_WORKERS must be a whole number from 1 to 64 (it is "${text}")`);
  return n;
}

/** The heap budget each worker runs with unless NODE_OPTIONS sets one (the workers hold no data of their own). */
export const WORKER_HEAP_MIB = 256;

const METRICS_REQUEST = "vcp:metrics-request";
const METRICS_ANSWER = "vcp:metrics-answer";
let metricsAsked = 0;

/**
 * The metrics text of every worker added up, asked of the first process; this worker's own (`local`) when it is not one
 * of several, or when the first process does not answer in 6 s.
 */
export function clusterMetrics(local: () => Promise<string>): Promise<string> {
  if (!cluster.isWorker || !process.send) return local();
  const id = ++metricsAsked;
  return new Promise<string>((resolve, reject) => {
    const answer = (message: { type?: string; id?: number; text?: string | null }) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      done(message.text ?? null);
    };
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off("message", answer);
      if (text === null) local().then(resolve, reject);
      else resolve(text);
    };
    const timer = setTimeout(() => done(null), 6_000);
    process.on("message", answer);
    process.send!({ type: METRICS_REQUEST, id });
  });
}

export const WARMED = "vcp:warmed";
export const SERVE = "vcp:serve";

/**
 * A worker, warmed up (server/tuning/warm-up.ts), asks the first process whether to take connections and resolves
 * when told to: at a start once every worker is warm (or 15 s after the first is), so that no worker is left to carry
 * the traffic alone while the others start; later, a worker that replaces one at once.
 */
export function whenClusterServes(): Promise<void> {
  if (!cluster.isWorker || !process.send) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const told = (message: { type?: string }) => {
      if (message?.type !== SERVE) return;
      process.off("message", told);
      resolve();
    };
    process.on("message", told);
    process.send!({ type: WARMED });
  });
}

/** How long the workers of a start wait for the slowest to warm up before they serve without it. */
const ALL_WARM_TIMEOUT_MS = 15_000;

/** The first process's side of whenClusterServes: its workers' messages in, the word to serve out. */
export function openWhenWarm<W>(
  workers: number,
  events: {
    on(event: "message", listener: (worker: W, message: { type?: string }) => void): unknown;
    on(event: "exit", listener: (worker: W) => void): unknown;
  },
  tell: (worker: W, message: object) => void,
) {
  let starting = true;
  const warmed = new Set<W>();
  let timer: NodeJS.Timeout | undefined;
  const open = () => {
    starting = false;
    clearTimeout(timer);
    for (const worker of warmed) tell(worker, { type: SERVE });
  };
  // One that warmed up and died does not count: its replacement is counted when it is warm.
  events.on("exit", (worker) => void warmed.delete(worker));
  events.on("message", (worker, message) => {
    if (message?.type !== WARMED) return;
    if (!starting) return tell(worker, { type: SERVE });
    warmed.add(worker);
    if (warmed.size >= workers) open();
    else timer ??= setTimeout(open, ALL_WARM_TIMEOUT_MS).unref();
  });
}

/** A message to a worker, unless it has gone (a worker may die while the answer is being made). */
function send(worker: Worker, message: object) {
  if (!worker.isConnected()) return;
  try {
    worker.send(message);
  } catch {
    // gone meanwhile
  }
}

export type WorkersDatabase = {
  /** Environment that points the workers at it. */
  env: Record<string, string>;
  /** Resolves once it serves; rejects when it cannot start (e.g. another instance holds DATA_DIR). */
  started: Promise<unknown>;
  stop(): Promise<void>;
};

/** The embedded database of DATA_DIR (or in memory, DB_IN_MEMORY) for the workers, on a Unix socket. */
export function embeddedDatabaseForWorkers(environment = process.env): WorkersDatabase {
  const inMemory = environment.DB_IN_MEMORY === "true";
  const dataDir = path.resolve(environment.DATA_DIR ?? ".data");
  // The portal's data is its owner's alone (docs/security.md): the folder 700; the engine keeps its files 600.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  // This process's own socket: a second `npm start` on the same DATA_DIR must not reach the first one's database while
  // its own waits for the lock. A socket's path is limited to 107 bytes: a deep DATA_DIR (and an in-memory database)
  // gets a private one in /tmp.
  let socketPath = path.join(dataDir, `db-${process.pid}.sock`);
  if (inMemory || socketPath.length > 100)
    socketPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vcp-db-")), "db.sock");
  let stopDatabase = async () => {};
  const started = import("@vacation-classes/embedded-mongo").then(async ({ startEmbeddedMongo }) => {
    const db = await startEmbeddedMongo({
      dataDir: inMemory ? null : path.join(dataDir, "db"),
      socketPath,
      // The engine's own lines (compaction, checkpoint, long scans) as the log's, under area "database".
      log: (message) => databaseLog.info(message),
      onFatalError: (error) => {
        databaseLog.error(`stopped after a fatal error: ${error.message}`);
        process.exitCode = 1; // a supervisor restarts on failure
        process.kill(process.pid, "SIGTERM");
      },
    });
    stopDatabase = () => db.stop();
    // Sockets of earlier processes that were killed (the lock, now ours, says none of them runs).
    for (const name of fs.readdirSync(dataDir))
      if (/^db-\d+\.sock$/.test(name) && path.join(dataDir, name) !== socketPath)
        fs.rmSync(path.join(dataDir, name), { force: true });
  });
  // An in-memory database keeps no session secret in DATA_DIR: the workers share one made here, so that a cookie
  // signed by one worker is good on the others.
  const sessionSecret = inMemory && !environment.SESSION_SECRET?.trim() ? randomBytes(32).toString("hex") : null;
  return {
    env: {
      EMBEDDED_DB_URI: `mongodb://${encodeURIComponent(socketPath)}/`,
      ...(sessionSecret ? { SESSION_SECRET: sessionSecret } : {}),
    },
    started,
    stop: () => stopDatabase(),
  };
}

export type PrimaryOptions = {
  workers: number;
  /** The database this process runs for the workers (none when they reach MONGODB_URI). */
  database?: WorkersDatabase;
  /** How long the others wait for the first worker's prepared database before they start anyway. */
  firstWorkerTimeoutMs?: number;
  /** How long the workers may take to stop before they are killed. */
  stopDeadlineMs?: number;
  log?: (message: string) => void;
};

/** Runs the workers (and their database) until SIGTERM/SIGINT; resolves when all have stopped. */
export function runPrimary(options: PrimaryOptions): Promise<void> {
  const log = options.log ?? ((message: string) => clusterLog.info(message));
  const env = { ...options.database?.env };
  const heapSet = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes("max-old-space-size"));
  // Each worker accepts from the shared socket itself, when it is free to: a busy worker leaves a connection to the
  // other, and one that dies takes none with it (handed out round robin, a connection given to a worker that has just
  // died is never answered).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({
    execArgv: heapSet ? process.execArgv : [...process.execArgv, `--max-old-space-size=${WORKER_HEAP_MIB}`],
  });

  let stopping = false;
  let quickDeaths = 0;
  const bornAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork(env);
    // A message to a worker that has just died fails with an 'error' event: without a listener it would end this
    // process, and the database with it.
    worker.on("error", () => {});
    bornAt.set(worker, Date.now());
    return worker;
  };

  let aggregator:
    Promise<import("prom-client").AggregatorRegistry<import("prom-client").RegistryContentType>> | undefined;
  // A change one worker announces (app/models/settings.server.ts) reaches the others at once.
  cluster.on("message", (from, message: { type?: string; message?: unknown }) => {
    if (message?.type !== BROADCAST) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker !== from) send(worker, message.message as object);
  });
  openWhenWarm<Worker>(options.workers, cluster, send);
  // Each worker's requests in its app, summed for the others' load shedders (server/server-load.ts, ADR 0100).
  serverLoadRelay(send);
  // /metrics from any worker: the sum of all of them (prom-client's aggregation over the cluster's channel).
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator ??= import("prom-client").then(({ AggregatorRegistry }) => new AggregatorRegistry());
    void aggregator
      .then((registry) => registry.clusterMetrics())
      .then(
        (text) => send(worker, { type: METRICS_ANSWER, id: message.id, text }),
        () => send(worker, { type: METRICS_ANSWER, id: message.id, text: null }),
      )
      .catch(() => {});
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (bornAt.get(worker) ?? 0);
    bornAt.delete(worker);
    if (stopping) return;
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const delay = quickDeaths ? Math.min(30_000, 1000 * 2 ** (quickDeaths - 1)) : 0;
    log(
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${delay ? ` in ${delay / 1000} s` : ""}`,
    );
    // Not unref'd: with MONGODB_URI and every worker dead, this timer is what keeps this process (and its promise to
    // start another) alive.
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const done = new Promise<void>((resolve) => {
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log(`${signal} received: stopping ${bornAt.size} worker(s), then the database`);
      const workers = [...bornAt.keys()];
      const exited = Promise.all(
        workers.map((w) => (w.isDead() ? null : new Promise((r) => w.process.once("exit", r)))),
      );
      for (const w of workers) if (!w.isDead()) w.process.kill("SIGTERM");
      const deadline = setTimeout(() => {
        log("workers took too long to stop; killing them");
        for (const w of workers) if (!w.isDead()) w.process.kill("SIGKILL");
      }, options.stopDeadlineMs ?? 30_000);
      await exited;
      clearTimeout(deadline);
      await options.database?.stop();
      log("stopped");
      resolve();
    };
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));

    options.database?.started.catch((error: Error) => {
      startupLog.error(
        isDataDirLocked(error)
          ? `${error.message}. Refusing to start: stop the other instance, or give this one its own DATA_DIR (or a shared MONGODB_URI, e.g. from \`npm run db\`).`
          : `The database did not start: ${error.message}`,
      );
      process.exitCode = 1;
      void stop("database failure");
    });
  });

  // The first worker prepares the database; the others follow once it has (or after the timeout, or if it died).
  const first = fork();
  const others = () => {
    if (stopping) return;
    for (let i = 1; i < options.workers; i++) fork();
  };
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    others();
  };
  const timer = setTimeout(release, options.firstWorkerTimeoutMs ?? 60_000).unref();
  first.on("message", (message) => message === DATABASE_READY && release());
  first.once("exit", release);
  log(`${options.workers} worker(s)${options.database ? ", the embedded database in this process" : ""}`);
  return done;
}
