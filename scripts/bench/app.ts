/**
 * Start the built app on a fresh in-memory embedded database, on free loopback
 * ports, for a bench scenario (or an isolated e2e check). Nothing is shared with
 * a dev server or another run.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedMongo, type EmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { appServerArgs } from "../../server/command.ts";

export type RunningApp = {
  /** e.g. http://localhost:41234 */
  url: string;
  port: number;
  /** The app process (e.g. to read its memory use from /proc). */
  pid: number | null;
  /** The app's database (mongodb://127.0.0.1:PORT/vacation_classes_bench): connect to arrange data. */
  mongodbUri: string;
  buildDir: string;
  /** From spawning the app to its first healthy /healthz (ms). */
  startedMs: number;
  stop(): Promise<void>;
};

/** The worker processes of a default install's first process (none for a single process). */
export function workersOf(pid: number | null): number[] {
  if (!pid) return [];
  try {
    return execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
}

export type StartAppOptions = {
  buildDir?: string;
  /** Seed the demo data (class pages, accounts) as a fresh install would. Default true. */
  seed?: boolean;
  /** Extra environment for the app process. */
  env?: Record<string, string>;
  /** Show the app's output (default: only errors). */
  verbose?: boolean;
  sessionSecret?: string;
  /**
   * The default install instead (`npm start` with no MONGODB_URI): its workers and the embedded database in its first
   * process, with the data in this directory. `pid` is then the first process's.
   */
  defaultInstall?: { dataDir: string };
  /** How long the start may take to a healthy /healthz (default 60 s). */
  startTimeoutMs?: number;
  /**
   * A process group of its own (its id is `pid`), so that its CPU can be read off /proc as the cost probe does: the
   * first process, its workers and, in the default install, its database.
   */
  processGroup?: boolean;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `react-router build` into buildDir (BUILD_DIR), output shown only on failure. */
export async function buildApp(buildDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/.bin/react-router"), "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the app did not answer ${url}/healthz within ${timeoutMs} ms`);
}

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const buildDir = path.resolve(ROOT, options.buildDir ?? process.env.BUILD_DIR ?? "build");
  const serverEntry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(serverEntry)) throw new Error(`No build at ${buildDir}: build first.`);

  const own = options.defaultInstall;
  let db: EmbeddedMongo | null = own ? null : await startEmbeddedMongo({ quiet: true });
  let mongodbUri = db ? `${db.uri}vacation_classes_bench` : "";
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-bench-uploads-"));
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, appServerArgs(serverEntry), {
    cwd: ROOT,
    detached: options.processGroup ?? false,
    stdio: ["ignore", options.verbose ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(own
        ? { DATA_DIR: own.dataDir, MONGODB_URI: "", WEB_WORKERS: "" }
        : { MONGODB_URI: mongodbUri, WEB_WORKERS: "1" }),
      SEED_DEMO_DATA: options.seed === false ? "false" : "true",
      DEMO: "on",
      SESSION_SECRET: options.sessionSecret ?? "bench-session-secret-not-for-production",
      UPLOADS_DIR: uploadsDir,
      INSECURE_COOKIES: "true",
      ...options.env,
    },
  });

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      // The default install stops its workers, then writes the database's checkpoint.
      await Promise.race([exited, new Promise((r) => setTimeout(r, own ? 30_000 : 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    if (db) {
      const d = db;
      db = null;
      await d.stop();
    }
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };

  let startedMs: number;
  try {
    await waitForHealth(url, child, options.startTimeoutMs);
    startedMs = Math.round(performance.now() - spawnedAt);
    if (own) {
      // The first process's database socket (server/cluster.ts), for the scenario's own reads.
      const socket = fs.readdirSync(own.dataDir).find((name) => /^db-\d+\.sock$/.test(name));
      if (!socket) throw new Error(`no database socket in ${own.dataDir}`);
      mongodbUri = `mongodb://${encodeURIComponent(path.join(own.dataDir, socket))}/vacation_classes`;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: child.pid ?? null, mongodbUri, buildDir, startedMs, stop };
}
