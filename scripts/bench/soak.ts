/**
 * Soak: the mixed load of an enrolment day, for minutes, on the default install (`npm start` with no MONGODB_URI: its
 * app workers, and the embedded database in its first process; memories read from /proc):
 *   65 requests a second, open loop (each sent on schedule, whatever the previous ones are doing), each from one of
 *   5,000 client addresses (X-Forwarded-For behind a trusted proxy), as on a real enrolment day, so that per-address
 *   limits do not throttle it:
 *   15 × GET /, 15 × GET /registration, 15 × GET /student-dashboard (signed in), 10 × GET /admin/registrations
 *   (signed in), 10 × POST /registration (a new enrolment each, so ~600 a minute are added) — or, with constant data
 *   (`enrolments: false`), 10 × GET /portal in their place.
 * Per minute: p50 / p99 latency, requests, 5xx, errors, RSS of the workers and of the database. At the end: every
 * acknowledged enrolment (sent on to its confirmation) must be in the database. `killWorkerAtMinute`: one worker is
 * killed with SIGKILL as that minute starts; the minute's figures are reported apart, and a worker must be back.
 *
 *   npx tsx scripts/bench/soak.ts [--minutes 20] [--constant] [--kill-at 10] [--build]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BSON, MongoClient, type Db } from "mongodb";
import { buildApp, startApp, workersOf } from "./app.ts";

export type SoakMinute = {
  minute: number;
  requests: number;
  p50: number;
  p99: number;
  server5xx: number;
  /** Which requests got a 5xx this minute, and which status ("POST /registration 503": count). */
  server5xxByKind: Record<string, number>;
  errors: number;
  /** Share of one core each process used this minute (from /proc): the database's process, then each worker's. */
  dbCpuPercent: number;
  workerCpuPercent: number[];
  /** The workers' RSS, added up, and their heaps in use. */
  appRssMiB: number;
  appHeapMiB: number;
  /** Share of one core the workers used this minute (all of them: up to 100 % per core), and of it in GC (%). */
  appCpuPercent: number;
  appGcPercent: number;
  /** The app's event-loop delay p99 this minute (ms): what every request waits behind. */
  loopP99Ms: number;
  dbRssMiB: number;
  registrations: number;
  /** p99 of each kind of request this minute, to name the slow one. */
  p99ByKind: Record<string, number>;
};
export type SoakResult = {
  minutes: SoakMinute[];
  acknowledged: number;
  present: number;
  rate: number;
  workers: number;
  enrolments: boolean;
  /** The worker killed, and how long until a new one stood in its place. */
  killed: { minute: number; pid: number; backAfterMs: number | null } | null;
  /** What the data takes in the database's snapshot (bytes) and how many registrations, at the start and the end. */
  data: { startBytes: number; endBytes: number; startRegistrations: number; endRegistrations: number };
};

/**
 * What every document of the database takes in the embedded database's snapshot file: its frame (8 bytes) around the
 * record `{op: "p", db, coll, doc}` (packages/embedded-mongo/src/storage.ts), the data at rest without the journal's
 * superseded versions.
 */
async function snapshotBytes(db: Db): Promise<number> {
  let bytes = 0;
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
    for await (const doc of db.collection(name).find({}, { batchSize: 2_000 }))
      bytes += 8 + BSON.calculateObjectSize({ op: "p", db: db.databaseName, coll: name, doc });
  return bytes;
}

const STUDENT = { phone: "0244000004", password: "demo-student-2025" };
const ADMIN = { phone: "0244000001", password: "demo-admin-2025" };

function rssMiB(pid: number | null | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds a process has used so far (user + system, from /proc/<pid>/stat), or null when it is gone. */
function cpuSecondsOf(pid: number | null | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const rest = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
    return (Number(rest[11]) + Number(rest[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

type AppMetrics = { heapMiB: number; cpuSeconds: number; gcSeconds: number; loopP99Ms: number };

/**
 * The app's own Prometheus metrics (loopback may read them): heap in use, CPU and GC seconds so far, and the
 * event loop's p99 delay since the previous read (prom-client resets that histogram on each read).
 */
async function appMetrics(url: string): Promise<AppMetrics> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const sum = (name: string) =>
      [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, "gm"))].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    return {
      heapMiB: Math.round(sum("nodejs_heap_size_used_bytes") / 1024 / 1024),
      cpuSeconds: sum("process_cpu_seconds_total"),
      gcSeconds: sum("nodejs_gc_duration_seconds_sum"),
      loopP99Ms: Math.round(sum("nodejs_eventloop_lag_p99_seconds") * 1000),
    };
  } catch {
    return { heapMiB: 0, cpuSeconds: 0, gcSeconds: 0, loopP99Ms: 0 };
  }
}

async function signIn(url: string, who: { phone: string; password: string }, role: string): Promise<string> {
  const body = new URLSearchParams({ intent: "signin", phone: who.phone, password: who.password });
  const res = await fetch(`${url}/portal?role=${role}`, { method: "POST", body, redirect: "manual" });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`${role} sign-in failed (status ${res.status})`);
  return session;
}

function enrolment(n: number): URLSearchParams {
  const pad = String(n).padStart(7, "0");
  const body = new URLSearchParams({
    parentName: `Soak Parent ${n}`,
    whatsappNumber: `024${pad}`,
    wardName: `Soak Ward ${n}`,
    currentSchool: "Soak Senior High School",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjectCount: "2",
    wardWhatsapp: `055${pad}`,
    referralName: "Soak Referrer",
    referralStatus: "friend",
    joinStudentGroups: "yes",
    joinParentGroup: "no",
  });
  body.append("subjects", "Mathematics");
  body.append("subjects", "Physics");
  body.append("updateMode", "whatsapp");
  return body;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One of 5,000 client addresses (10.0.0.0/8), as the trusted proxy in front names them. */
const clientAddress = () => {
  const n = Math.floor(Math.random() * 5000);
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
};

export async function runSoak(options: {
  minutes: number;
  buildDir: string;
  log?: (m: string) => void;
  /** False: constant data (reads only), to see whether memory stays flat. */
  enrolments?: boolean;
  killWorkerAtMinute?: number;
}): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const enrolments = options.enrolments ?? true;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-soak-"));
  const app = await startApp({
    buildDir: options.buildDir,
    defaultInstall: { dataDir },
    env: { TRUST_PROXY: "loopback" },
    verbose: process.env.SOAK_VERBOSE === "on", // the app's own log (shedding, a worker's exit) on this output
  });
  const client = await MongoClient.connect(app.mongodbUri);
  const workers = workersOf(app.pid).length;
  let killed: SoakResult["killed"] = null;
  try {
    const startBytes = await snapshotBytes(client.db());
    const startRegistrations = await client.db().collection("registrations").countDocuments();
    const student = await signIn(app.url, STUDENT, "student");
    const admin = await signIn(app.url, ADMIN, "admin");
    const kinds: Array<{ name: string; send: () => Promise<Response> }> = [];
    let next = 0;
    let acknowledged = 0;
    const get = (p: string, cookie?: string) => ({
      name: `GET ${p}`,
      send: () =>
        fetch(`${app.url}${p}`, {
          headers: { "X-Forwarded-For": clientAddress(), ...(cookie ? { Cookie: cookie } : {}) },
          redirect: "manual",
        }),
    });
    for (let i = 0; i < 15; i++) kinds.push(get("/"), get("/registration"), get("/student-dashboard", student));
    for (let i = 0; i < 10; i++) {
      kinds.push(get("/admin/registrations", admin));
      if (!enrolments) kinds.push(get("/portal"));
      else
        kinds.push({
          name: "POST /registration",
          send: async () => {
            const res = await fetch(`${app.url}/registration`, {
              method: "POST",
              body: enrolment(++next),
              headers: { Origin: app.url, "X-Forwarded-For": clientAddress() },
              redirect: "manual",
            });
            const to = new URL(res.headers.get("location") ?? "/", app.url).pathname;
            if (/^\/registration\/\w+$/.test(to)) acknowledged++;
            return res;
          },
        });
    }
    const rate = kinds.length;
    const minutes: SoakMinute[] = [];
    const pending = new Set<Promise<void>>();
    const started = Date.now();
    let previous = await appMetrics(app.url);
    let previousAt = performance.now();
    const processCpu = () => new Map([app.pid, ...workersOf(app.pid)].map((pid) => [pid, cpuSecondsOf(pid)]));
    let previousCpu = processCpu();
    for (let m = 0; m < options.minutes; m++) {
      const latencies: number[] = [];
      const byKind = new Map<string, number[]>();
      let server5xx = 0;
      const server5xxByKind: Record<string, number> = {};
      let errors = 0;
      const minuteStart = started + m * 60_000;
      if (options.killWorkerAtMinute === m + 1) {
        const [victim] = workersOf(app.pid);
        if (victim) {
          process.kill(victim, "SIGKILL");
          killed = { minute: m + 1, pid: victim, backAfterMs: null };
          const at = performance.now();
          const watch = setInterval(() => {
            const now = workersOf(app.pid);
            if (killed && now.length >= workers && !now.includes(victim)) {
              killed.backAfterMs = Math.round(performance.now() - at);
              clearInterval(watch);
            }
          }, 100);
          setTimeout(() => clearInterval(watch), 60_000).unref();
          log(`soak: killed worker ${victim} with SIGKILL`);
        }
      }
      for (let s = 0; s < 60; s++) {
        const order = [...kinds].sort(() => Math.random() - 0.5);
        for (let i = 0; i < order.length; i++) {
          const due = minuteStart + s * 1000 + Math.floor((i * 1000) / rate);
          const wait = due - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const sent = performance.now();
          const kind = order[i];
          const p: Promise<void> = kind
            .send()
            .then(async (res) => {
              await res.arrayBuffer();
              const ms = performance.now() - sent;
              latencies.push(ms);
              byKind.set(kind.name, [...(byKind.get(kind.name) ?? []), ms]);
              if (res.status >= 500) {
                server5xx++;
                const key = `${kind.name} ${res.status}`;
                server5xxByKind[key] = (server5xxByKind[key] ?? 0) + 1;
              }
            })
            .catch(() => void errors++)
            .finally(() => pending.delete(p));
          pending.add(p);
        }
      }
      await Promise.race([Promise.all([...pending]), new Promise((r) => setTimeout(r, 10_000))]);
      latencies.sort((a, b) => a - b);
      const metrics = await appMetrics(app.url);
      const seconds = (performance.now() - previousAt) / 1000;
      // A worker started this minute counts from zero again: its share is then unknown, shown as 0.
      const share = (from: number, to: number) => Math.max(0, Math.round((100 * (to - from)) / seconds));
      const [cpuPercent, gcPercent] = [
        share(previous.cpuSeconds, metrics.cpuSeconds),
        share(previous.gcSeconds, metrics.gcSeconds),
      ];
      const cpu = processCpu();
      // A process's share of one core this minute; a worker started this minute counts from its start.
      const processShare = (pid: number | null) =>
        Math.max(0, Math.round((100 * ((cpu.get(pid) ?? 0) - (previousCpu.get(pid) ?? 0))) / seconds));
      const [dbCpuPercent, ...workerCpuPercent] = [...cpu.keys()].map(processShare);
      previousCpu = cpu;
      previous = metrics;
      previousAt = performance.now();
      const row: SoakMinute = {
        minute: m + 1,
        requests: latencies.length,
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        server5xx,
        server5xxByKind,
        errors,
        appRssMiB: workersOf(app.pid).reduce((n, pid) => n + rssMiB(pid), 0),
        appHeapMiB: metrics.heapMiB,
        appCpuPercent: cpuPercent,
        dbCpuPercent,
        workerCpuPercent,
        appGcPercent: gcPercent,
        loopP99Ms: metrics.loopP99Ms,
        dbRssMiB: rssMiB(app.pid),
        registrations: await client.db().collection("registrations").countDocuments(),
        p99ByKind: Object.fromEntries(
          [...byKind].map(([name, list]) => [
            name,
            Math.round(
              percentile(
                list.sort((a, b) => a - b),
                99,
              ),
            ),
          ]),
        ),
      };
      minutes.push(row);
      log(
        `soak minute ${row.minute}: ${row.requests} requests, p50 ${row.p50} ms, p99 ${row.p99} ms, 5xx ${row.server5xx}${row.server5xx ? ` (${JSON.stringify(row.server5xxByKind)})` : ""}, errors ${row.errors}, app CPU ${row.appCpuPercent} % (GC ${row.appGcPercent} %; by process: db ${row.dbCpuPercent} %, workers ${row.workerCpuPercent.join(" / ")} %), loop p99 ${row.loopP99Ms} ms, RSS app ${row.appRssMiB} MiB (heap ${row.appHeapMiB}) + db ${row.dbRssMiB} MiB, ${row.registrations} registrations; p99 ${Object.entries(
          row.p99ByKind,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
    }
    await Promise.all([...pending]);
    const present = await client
      .db()
      .collection("registrations")
      .countDocuments({ parentName: /^Soak Parent / });
    const data = {
      startBytes,
      endBytes: await snapshotBytes(client.db()),
      startRegistrations,
      endRegistrations: await client.db().collection("registrations").countDocuments(),
    };
    return { minutes, acknowledged, present, rate, workers, enrolments, killed, data };
  } finally {
    await client.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function slowest(m: SoakMinute): string {
  const [name, ms] = Object.entries(m.p99ByKind).sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  return name ? `${name} ${ms} ms` : "";
}

export function formatSoak(r: SoakResult): string {
  const lines = [
    `${r.rate} requests/s, open loop, default install (${r.workers} workers + the database's process); ${r.enrolments ? `enrolments acknowledged ${r.acknowledged}, present ${r.present}` : "constant data (no enrolments)"}`,
    ...(r.killed
      ? [
          `worker ${r.killed.pid} killed (SIGKILL) as minute ${r.killed.minute} started; a new one stood in after ${r.killed.backAfterMs ?? "—"} ms`,
        ]
      : []),
    "minute  requests  p50 ms  p99 ms  5xx  errors  app CPU %  GC %  db / workers CPU %  loop p99 ms  RSS app+db MiB  app heap MiB  registrations  slowest p99",
  ];
  for (const m of r.minutes) {
    lines.push(
      `${String(m.minute).padStart(6)}  ${String(m.requests).padStart(8)}  ${String(m.p50).padStart(6)}  ${String(m.p99).padStart(6)}  ${String(m.server5xx).padStart(3)}  ${String(m.errors).padStart(6)}  ${String(m.appCpuPercent).padStart(9)}  ${String(m.appGcPercent).padStart(4)}  ${`${m.dbCpuPercent} / ${m.workerCpuPercent.join(" / ")}`.padStart(18)}  ${String(m.loopP99Ms).padStart(11)}  ${`${m.appRssMiB}+${m.dbRssMiB}`.padStart(14)}  ${String(m.appHeapMiB).padStart(12)}  ${String(m.registrations).padStart(13)}  ${slowest(m)}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : undefined);
  const buildDir = process.env.BENCH_BUILD_DIR ?? "build-bench";
  if (args.includes("--build")) await buildApp(buildDir);
  const result = await runSoak({
    minutes: value("--minutes") || 20,
    buildDir,
    enrolments: !args.includes("--constant"),
    killWorkerAtMinute: value("--kill-at"),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  console.log(formatSoak(result));
}
