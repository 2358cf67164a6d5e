/**
 * Lean at scale: the app on its in-process embedded database (no MONGODB_URI), with 100k registrations on disk.
 *  - boot: from starting the process to the first 200 from /healthz, beside the same app booting on the same
 *    install without the registrations (measured in the same run: what the data adds). The data is written by an
 *    embedded server that then stops cleanly, so the boot restores the checkpoint image it left (a restart after a
 *    clean stop: a deploy, an ops restart); the same data booted again without its image (a start after a crash
 *    before any checkpoint, or on data files copied without it) is measured too and printed beside it;
 *  - memory: the app process's RSS after boot, after the admin list and after a full CSV export, each as found and
 *    after one full garbage collection (what the process holds: its data, indexes and code, without the garbage V8
 *    has not collected yet), beside the process's RSS without the registrations and the data's size on disk;
 *  - floor: reading and decoding the same data files with the `bson` package alone (no engine, no indexes).
 * Only loopback traffic; every wait is bounded.
 *
 *   npx tsx scripts/bench/lean.ts [--count 100000] [--build]
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deserialize } from "bson";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { appServerArgs } from "../../server/command.ts";
import { insertRegistrations, signIn, statusKiB } from "./admin-scale.ts";
import { buildApp, freePort, waitForHealth } from "./app.ts";

export type LeanResult = {
  registrations: number;
  diskMiB: number;
  /** the checkpoint image beside the data files */
  imageMiB: number;
  decodeFloorSeconds: number;
  empty: { bootSeconds: number; rssMiB: number; heldMiB: number };
  full: {
    bootSeconds: number;
    /** the same data booted without its checkpoint image: every document decoded and every index built */
    bootWithoutImageSeconds: number;
    /** RSS as found at each step */
    rssMiB: number;
    afterListMiB: number;
    afterExportMiB: number;
    /** RSS at each step after one full garbage collection (collect-on-signal.cjs) */
    heldMiB: number;
    heldAfterListMiB: number;
    heldAfterExportMiB: number;
    peakMiB: number;
    exportSeconds: number;
  };
};

const ROOT = path.resolve(import.meta.dirname, "../..");
const DB_NAME = "vacation_classes";

function rssMiB(pid: number): number {
  return statusKiB(pid, "VmRSS") / 1024;
}

/** The files of the embedded database's directory that `kind` picks. */
function filesOf(dbDir: string, kind: (name: string) => boolean): string[] {
  return fs
    .readdirSync(dbDir)
    .filter(kind)
    .map((f) => path.join(dbDir, f));
}
const dataFile = (name: string) => name.endsWith(".bson");
const imageFile = (name: string) => name.startsWith("image-");

/** The size of the files `kind` picks (the data files: snapshot + journal; or the checkpoint image). */
function sizeMiB(dbDir: string, kind: (name: string) => boolean): number {
  return filesOf(dbDir, kind).reduce((sum, f) => sum + fs.statSync(f).size, 0) / 1024 / 1024;
}

/** Every frame of every data file decoded with `bson` and dropped: the cost of reading the data, nothing else. */
function decodeFloor(dbDir: string): number {
  const started = performance.now();
  for (const f of filesOf(dbDir, dataFile)) {
    const buf = fs.readFileSync(f);
    for (let pos = 0; pos + 8 <= buf.length;) {
      const len = buf.readUInt32LE(pos);
      deserialize(buf.subarray(pos + 8, pos + 8 + len));
      pos += 8 + len;
    }
  }
  return (performance.now() - started) / 1000;
}

type Booted = {
  child: ChildProcess;
  url: string;
  bootSeconds: number;
  stop(): Promise<void>;
  heldMiB(): Promise<number>;
};

const COLLECT_ON_SIGNAL = path.join(import.meta.dirname, "collect-on-signal.cjs");

/** The production server on the in-process embedded database in `dataDir`, timed to its first healthy answer. */
async function boot(buildDir: string, dataDir: string): Promise<Booted> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--require", COLLECT_ON_SIGNAL, ...appServerArgs(path.join(buildDir, "server/index.js"))],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        MONGODB_URI: "",
        DATA_DIR: dataDir,
        UPLOADS_DIR: path.join(dataDir, "uploads"),
        SEED_DEMO_DATA: "auto",
        DEMO: "on",
        SESSION_SECRET: "bench-session-secret-not-for-production",
        INSECURE_COOKIES: "true",
        LOG_LEVEL: "warn",
      },
    },
  );
  let collected: (() => void) | null = null;
  child.stderr!.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.includes("[bench] collected")) collected?.();
    const rest = text.replace(/\[bench\] collected\n/g, "");
    if (rest) process.stderr.write(rest);
  });
  /** The RSS after one full collection in the app (SIGUSR2 to the preloaded collect-on-signal.cjs). */
  const heldMiB = async () => {
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("the app did not report its garbage collection within 30 s")),
        30_000,
      );
      collected = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    child.kill("SIGUSR2");
    await done;
    collected = null;
    return rssMiB(child.pid!);
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  try {
    await waitForHealth(url, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url, bootSeconds: (performance.now() - started) / 1000, stop, heldMiB };
}

async function get(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(300_000) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

export async function runLean(options: {
  count?: number;
  buildDir: string;
  log?: (m: string) => void;
}): Promise<LeanResult> {
  const count = options.count ?? 100_000;
  const log = options.log ?? ((m: string) => console.error(`[lean] ${m}`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-bench-lean-"));
  const dbDir = path.join(dataDir, "db");
  try {
    // The install as a school starts it: demo accounts seeded by the first boot, which is also the "empty" figure.
    const first = await boot(options.buildDir, dataDir);
    await first.stop();
    const again = await boot(options.buildDir, dataDir);
    const empty = { bootSeconds: again.bootSeconds, rssMiB: rssMiB(again.child.pid!), heldMiB: await again.heldMiB() };
    await again.stop();
    log(
      `without registrations: boot ${empty.bootSeconds.toFixed(2)} s, RSS ${empty.rssMiB.toFixed(0)} MiB (${empty.heldMiB.toFixed(0)} after a full collection)`,
    );

    const db = await startEmbeddedMongo({ dataDir: dbDir, quiet: true });
    try {
      await insertRegistrations(`${db.uri.replace(/\/$/, "")}/${DB_NAME}`, count);
    } finally {
      await db.stop();
    }
    const decodeFloorSeconds = decodeFloor(dbDir);
    const imageMiB = sizeMiB(dbDir, imageFile);
    log(
      `${count} registrations on disk (${sizeMiB(dbDir, dataFile).toFixed(1)} MiB); decoding them alone: ${decodeFloorSeconds.toFixed(2)} s`,
    );

    let result: LeanResult;
    const app = await boot(options.buildDir, dataDir);
    try {
      const pid = app.child.pid!;
      const bootRss = rssMiB(pid);
      const heldMiB = await app.heldMiB();
      log(
        `with registrations: boot ${app.bootSeconds.toFixed(2)} s, RSS ${bootRss.toFixed(0)} MiB (${heldMiB.toFixed(0)} after a full collection)`,
      );
      let peak = bootRss;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
      try {
        const cookie = await signIn(app.url);
        for (const p of [
          "/admin/registrations",
          "/admin/registrations?programme=business",
          "/admin/registrations?page=2000",
          `/admin/registrations?q=ward%20${count - 1}`,
        ]) {
          for (let i = 0; i < 5; i++) await get(`${app.url}${p}`, cookie);
        }
        const afterListMiB = rssMiB(pid);
        const heldAfterListMiB = await app.heldMiB();
        const started = performance.now();
        await get(`${app.url}/admin/registrations/export`, cookie);
        const exportSeconds = (performance.now() - started) / 1000;
        const afterExportMiB = rssMiB(pid);
        const heldAfterExportMiB = await app.heldMiB();
        result = {
          registrations: count,
          diskMiB: sizeMiB(dbDir, dataFile),
          imageMiB,
          decodeFloorSeconds,
          empty,
          full: {
            bootSeconds: app.bootSeconds,
            bootWithoutImageSeconds: 0,
            rssMiB: bootRss,
            afterListMiB,
            afterExportMiB,
            heldMiB,
            heldAfterListMiB,
            heldAfterExportMiB,
            peakMiB: Math.max(peak, afterExportMiB),
            exportSeconds,
          },
        };
      } finally {
        clearInterval(sampler);
      }
    } finally {
      await app.stop();
    }
    for (const f of filesOf(dbDir, imageFile)) fs.rmSync(f);
    const cold = await boot(options.buildDir, dataDir);
    await cold.stop();
    result.full.bootWithoutImageSeconds = cold.bootSeconds;
    log(`the same data without its checkpoint image: boot ${cold.bootSeconds.toFixed(2)} s`);
    return result;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatLean(r: LeanResult): string {
  return [
    `Lean at scale: ${r.registrations.toLocaleString("en-GB")} registrations on disk (${r.diskMiB.toFixed(1)} MiB, and a ${r.imageMiB.toFixed(1)} MiB checkpoint image), app on its in-process embedded database`,
    `  boot to /healthz: ${r.full.bootSeconds.toFixed(2)} s from the checkpoint image (${r.full.bootWithoutImageSeconds.toFixed(2)} s from the data files alone); the same install without them ${r.empty.bootSeconds.toFixed(2)} s; decoding the data files alone ${r.decodeFloorSeconds.toFixed(2)} s`,
    `  RSS as found: ${r.full.rssMiB.toFixed(0)} MiB after boot, ${r.full.afterListMiB.toFixed(0)} after the admin list, ${r.full.afterExportMiB.toFixed(0)} after a full CSV export (${r.full.exportSeconds.toFixed(1)} s), peak ${r.full.peakMiB.toFixed(0)}; without the registrations ${r.empty.rssMiB.toFixed(0)} MiB`,
    `  RSS held (after a full garbage collection): ${r.full.heldMiB.toFixed(0)} MiB after boot, ${r.full.heldAfterListMiB.toFixed(0)} after the admin list, ${r.full.heldAfterExportMiB.toFixed(0)} after the export; without the registrations ${r.empty.heldMiB.toFixed(0)} MiB`,
    `  what the data adds: ${(r.full.heldAfterExportMiB - r.empty.heldMiB).toFixed(0)} MiB held for ${r.diskMiB.toFixed(1)} MiB on disk (${((r.full.heldAfterExportMiB - r.empty.heldMiB) / r.diskMiB).toFixed(1)}×); boot ${(r.full.bootSeconds / r.decodeFloorSeconds).toFixed(1)}× the decode floor`,
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const i = process.argv.indexOf("--count");
  const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build-bench");
  if (!fs.existsSync(path.join(buildDir, "server/index.js")) || process.argv.includes("--build"))
    await buildApp(buildDir);
  console.log(formatLean(await runLean({ count: i > 0 ? Number(process.argv[i + 1]) : 100_000, buildDir })));
}
