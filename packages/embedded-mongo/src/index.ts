/**
 * Embedded MongoDB-compatible server for development and tests.
 * See README.md in this folder. Not for production: production uses a real
 * MongoDB through MONGODB_URI.
 */
import fs from "node:fs";
import net from "node:net";
import { Engine } from "./engine.ts";
import { Storage } from "./storage.ts";
import { WireConnection } from "./wire.ts";
export { copyDataFiles } from "./storage.ts";

export interface EmbeddedMongoOptions {
  /** Directory for data files. Omit or null => in-memory mode (no files at all). */
  dataDir?: string | null;
  /** TCP port on 127.0.0.1; 0 or omitted => a free port is chosen. Ignored when socketPath is set. */
  port?: number;
  host?: string; // default 127.0.0.1
  socketPath?: string; // optional unix socket instead of TCP
  quiet?: boolean; // no logging
  /** Where its lines go (compaction, checkpoint, TTL sweeps, long scans, a fatal error); default stderr, "[embedded-mongo] …". */
  log?: (message: string) => void;
  /** Compact the journal once it grows past this many bytes (default 64 MiB). */
  compactThresholdBytes?: number;
  /** TTL sweep interval in ms (default 60000, like mongod's TTL monitor). */
  ttlIntervalMs?: number;
  /** A collection scan over at least this many documents is logged and listed in serverStatus (default 1000). */
  scanLogThreshold?: number;
  /**
   * After a compaction (or a start from the data files) the checkpoint image is written once no command but a
   * driver's heartbeat has come for this long (ms, default 5000): a synchronous step as long as the data is large.
   */
  imageIdleMs?: number;
  /** Called when the server stopped itself after a fatal error (e.g. a failed disk write). */
  onFatalError?: (err: Error) => void;
}

export interface EmbeddedMongo {
  /** e.g. mongodb://127.0.0.1:PORT/ (no db name; callers append one) */
  uri: string;
  stop(): Promise<void>;
}

export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const quiet = !!options.quiet;
  const log =
    options.log ??
    ((msg: string) => {
      if (!quiet) console.error(`[embedded-mongo] ${msg}`);
    });
  let storage: Storage | null = null;
  const engine = new Engine(null);
  if (options.dataDir) {
    storage = await Storage.open(options.dataDir, engine, {
      compactThresholdBytes: options.compactThresholdBytes,
      log,
      onFatal: (err) => fatal(err),
    });
    engine.journal = storage;
  }

  const connections = new Set<WireConnection>();
  let nextConnId = 1;
  const server = net.createServer((socket) => {
    const conn = new WireConnection(socket, engine, nextConnId++, log);
    connections.add(conn);
    socket.on("close", () => connections.delete(conn));
  });
  server.on("error", (err) => log(`server error: ${err.message}`));

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  // The checkpoint image of ADR 0068, written when the server is idle (docs/decisions/0113-compaction-in-slices.md).
  const imageIdleMs = options.imageIdleMs ?? 5_000;
  const imageTimer = storage
    ? setInterval(
        () => {
          if (!storage.needsImage || engine.failed || Date.now() - engine.lastCommandAt < imageIdleMs) return;
          const t0 = performance.now();
          if (storage.checkpoint()) log(`wrote the checkpoint image in ${Math.round(performance.now() - t0)} ms`);
        },
        Math.min(1_000, imageIdleMs),
      )
    : undefined;
  imageTimer?.unref();

  const closeServer = () =>
    new Promise<void>((resolve) => {
      for (const c of connections) c.close();
      connections.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  function fatal(err: Error) {
    if (engine.failed) return;
    engine.failed = err;
    log(`FATAL: ${err.message}; stopping the server`);
    if (timer) clearInterval(timer);
    clearInterval(imageTimer);
    void closeServer().then(() => options.onFatalError?.(err));
  }

  // A socket file left by a server that was killed is replaced: the data directory's lock, held from here on, says no
  // other server uses it. Only this user may connect (the server has no authentication of its own).
  if (options.socketPath && storage) fs.rmSync(options.socketPath, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      if (options.socketPath) {
        // Made private from the start: the socket file is created while listen runs, under this umask.
        const umask = process.umask(0o177);
        try {
          server.listen(options.socketPath, () => resolve());
        } finally {
          process.umask(umask);
        }
      } else server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
    });
  } catch (e) {
    clearInterval(imageTimer);
    await storage?.close();
    throw e;
  }

  // Idle is counted from here, not from before the data files were loaded (a start of tens of seconds at scale).
  engine.lastCommandAt = Date.now();
  const sweep = () => {
    if (engine.failed) return;
    try {
      const n = engine.sweepTTL();
      engine.sweepCursors();
      if (n > 0) {
        log(`TTL sweep removed ${n} document(s)`);
        storage?.commit().catch(() => {});
      }
    } catch (e: any) {
      log(`TTL sweep failed: ${e?.message ?? e}`);
    }
  };
  const startTimer = (ms: number) => {
    if (timer) clearInterval(timer);
    timer = setInterval(sweep, ms);
    timer.unref();
  };
  engine.ttlIntervalMs = options.ttlIntervalMs ?? 60_000;
  if (options.scanLogThreshold !== undefined) engine.scanLogThreshold = options.scanLogThreshold;
  engine.onCollectionScan = (scan) =>
    log(`collection scan of ${scan.ns} (${scan.documents} documents), filter ${scan.filter}`);
  engine.onTtlInterval = startTimer;
  startTimer(engine.ttlIntervalMs);

  let uri: string;
  if (options.socketPath) uri = `mongodb://${encodeURIComponent(options.socketPath)}/`;
  else {
    const addr = server.address() as net.AddressInfo;
    const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
    uri = `mongodb://${host}:${addr.port}/`;
  }
  log(`listening on ${uri} (${options.dataDir ? `data dir ${options.dataDir}` : "in-memory"})`);

  const handle: EmbeddedMongo & { _internals: { engine: Engine; storage: Storage | null } } = {
    uri,
    /** @internal for tests (fault injection); not part of the public API */
    _internals: { engine, storage },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      clearInterval(imageTimer);
      await closeServer();
      engine.cursors.clear();
      await storage?.close();
    },
  };
  return handle;
}
