/**
 * Admin scale scenario, on the default install (`npm start` with no MONGODB_URI: its workers and the embedded database
 * in its first process): 100k registrations spread over 6 vacations (the demo's, the newest, and 5 before it) inserted
 * straight through the driver into a fresh data directory, then
 *  - GET /admin/registrations p95 (the vacation teaching, as the office opens it: page 1, a programme filter, a deep
 *    page and text searches; and every vacation's, page 1 and deep) and the overview, under autocannon with an admin
 *    session, 4 connections, after 20 unmeasured warm-up requests per page;
 *  - the CSV export of the vacation teaching and of every vacation (`?vacation=all`): time, bytes, rows, and the peak
 *    RSS of all the install's processes together while streaming the whole one;
 *  - a clean stop and a start on those files: time to a healthy /healthz, beside the same restart with the demo data
 *    only, in the same run.
 * Only loopback traffic; every loop is bounded in count and time.
 *
 *   npx tsx scripts/bench/admin-scale.ts [--count 100000] [--requests 100] [--build] [--export-only] [--app-heap-mb 96]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { MongoClient } from "mongodb";
import { PROGRAMMES, PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { registrationSearchKeys } from "#app/domain/registration-search.ts";
import { buildApp, startApp, workersOf, type RunningApp } from "./app.ts";

export type AdminScaleResult = {
  registrations: number;
  insertSeconds: number;
  pages: Array<{
    name: string;
    path: string;
    requests: number;
    errors: number;
    non2xx: number;
    p50: number;
    p95: number;
    p99: number;
  }>;
  /** Registrations in the vacation teaching (the lists' default). */
  inVacation: number;
  /** Every vacation's export, and the vacation teaching's. */
  csv: { seconds: number; bytes: number; rows: number; peakRssMiB: number; rssBeforeMiB: number };
  csvOne: { seconds: number; bytes: number; rows: number };
  /** A start after a clean stop, to a healthy /healthz (ms): with the demo data only, and with the registrations. */
  restart: { emptyMs: number; loadedMs: number } | null;
};

const ADMIN = { phone: "0244000001", password: "demo-admin-2025" };

function pad(n: number, width: number) {
  return String(n).padStart(width, "0");
}

/** The demo's vacation (app/models/seeds/seed-payments.server.ts), which the install teaches; the bench's 5 come before it. */
export const DEMO_VACATION = "2026 Christmas vacation";
export const BENCH_VACATIONS = [1, 2, 3, 4, 5].map((n) => `Bench vacation ${n}`);
const VACATIONS = [...BENCH_VACATIONS, DEMO_VACATION];

/** The vacation of the i-th of `count` registrations: six equal runs in time order, the demo's last (the newest). */
export const vacationOf = (i: number, count: number) => VACATIONS[Math.min(5, Math.floor((i * 6) / count))];

/**
 * Inserts `count` valid registrations in batches, one minute apart, spread over the programmes and over 6 vacations
 * (the 5 bench vacations, past, are inserted too).
 */
export async function insertRegistrations(uri: string, count: number, vacationFor = vacationOf) {
  const client = await MongoClient.connect(uri);
  try {
    const vacations = client.db().collection<{ _id: string; [key: string]: unknown }>("vacations");
    for (const [n, name] of BENCH_VACATIONS.entries()) {
      const year = 2020 + n;
      await vacations.updateOne(
        { _id: name },
        {
          $setOnInsert: {
            registrationOpens: `${year}-11-01`,
            registrationCloses: `${year}-12-20`,
            lessonsStart: `${year}-12-01`,
            lessonsEnd: `${year + 1}-01-05`,
            newSchoolYear: false,
            datesFromUpgrade: false,
          },
        },
        { upsert: true },
      );
    }
    const coll = client.db().collection<{ _id: string; [key: string]: unknown }>("registrations");
    const start = Date.now() - count * 60_000;
    const batch = 5000;
    for (let offset = 0; offset < count; offset += batch) {
      const docs = [];
      for (let i = offset; i < Math.min(count, offset + batch); i++) {
        const programme = PROGRAMMES[i % PROGRAMMES.length];
        const subjects = PROGRAMME_SUBJECTS[programme].slice(0, 3 + (i % 4));
        const ward = `+23355${pad(i, 7)}`;
        const parent = `+23324${pad(i, 7)}`;
        const at = new Date(start + i * 60_000);
        docs.push({
          _id: `bench${pad(i, 10)}`,
          reference: `benchref${pad(i, 10)}`,
          userId: null,
          adminRegistration: false,
          parentName: `Parent ${i} Mensah`,
          whatsappNumber: `024${pad(i, 7)}`,
          whatsappNumberNormalized: parent,
          alternativeNumber: i % 3 === 0 ? `020${pad(i, 7)}` : null,
          wardName: `Ward ${i} Mensah`,
          wardNameKey: `ward ${i} mensah`,
          wardWhatsapp: `055${pad(i, 7)}`,
          wardWhatsappNormalized: ward,
          currentSchool: "Bench Senior High School",
          wardForm: (["form-1", "form-2", "form-3"] as const)[i % 3],
          specificClass: `${(i % 3) + 1}A${(i % 5) + 1}`,
          programme,
          vacation: vacationFor(i, count),
          subjects,
          subjectCount: subjects.length,
          updateMode: ["whatsapp", "sms"],
          referralName: "Bench Referrer",
          referralStatus: "friend",
          referralOther: null,
          joinStudentGroups: "yes",
          joinParentGroup: i % 2 ? "yes" : "no",
          feedback: i % 10 === 0 ? "=cmd|' /C calc'!A0, quoted \"feedback\"" : null,
          classPagesOpenedAt: null,
          createdAt: at,
          updatedAt: at,
          searchKeys: registrationSearchKeys({
            parentName: `Parent ${i} Mensah`,
            wardName: `Ward ${i} Mensah`,
            currentSchool: "Bench Senior High School",
            whatsappNumberNormalized: parent,
            wardWhatsappNormalized: ward,
          }),
        });
      }
      await coll.insertMany(docs, { ordered: false });
    }
    return await coll.countDocuments();
  } finally {
    await client.close();
  }
}

export async function signIn(url: string, account = { role: "admin", ...ADMIN }): Promise<string> {
  const body = new URLSearchParams({ intent: "signin", phone: account.phone, password: account.password });
  const res = await fetch(`${url}/portal?role=${account.role}`, { method: "POST", body, redirect: "manual" });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.startsWith("__session="));
  if (!session) throw new Error(`${account.role} sign-in failed (status ${res.status})`);
  return session;
}

/** The serving process: the one listening on the app's port (found through /proc). */
function findPidByPort(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1])) return Number(pid);
      }
    } catch {
      // another user's process, or it exited
    }
  }
  return null;
}

export function statusKiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Unmeasured requests per scenario before its measured run. */
export const WARM_UP_REQUESTS = 20;

/** A bounded run: `amount` requests over 4 connections, each with a 60 s timeout. */
export async function loadPage(url: string, cookie: string, pathName: string, amount: number) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: `${url}${pathName}`,
    connections: 4,
    amount,
    timeout: 60,
    headers: { cookie },
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    p99: Math.round(percentile(latencies, 99)),
  };
}

/** The install's processes' RSS together; `pids` from installPids, found once (spawning ps blocks this process). */
export function installRssKiB(pids: number[]): number {
  return pids.reduce((n, p) => {
    try {
      return n + statusKiB(p, "VmRSS");
    } catch {
      return n;
    }
  }, 0);
}

async function exportCsv(url: string, cookie: string, pid: number | null, query = "?vacation=all") {
  // The processes are found once: a `ps` every 20 ms blocked this reader long enough to slow the export it measures.
  const pids = pid ? [pid, ...workersOf(pid)] : [];
  const rssBefore = pid ? installRssKiB(pids) : 0;
  let sampledPeak = rssBefore;
  const sampler = pid ? setInterval(() => (sampledPeak = Math.max(sampledPeak, installRssKiB(pids))), 20) : null;
  const started = performance.now();
  const res = await fetch(`${url}/admin/registrations/export${query}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(300_000),
  });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  return {
    seconds,
    bytes,
    // Every record ends with \n; quoted cells hold none in this data set.
    rows: newlines - 1,
    peakRssMiB: sampledPeak / 1024,
    rssBeforeMiB: rssBefore / 1024,
  };
}

export async function runAdminScale(
  options: {
    count?: number;
    requests?: number;
    buildDir?: string;
    app?: RunningApp;
    exportOnly?: boolean;
    appHeapMiB?: number;
  } = {},
): Promise<AdminScaleResult> {
  const count = options.count ?? 100_000;
  const requests = options.requests ?? 100;
  const log = (m: string) => console.error(`[admin-scale] ${m}`);
  // appHeapMiB caps the app's V8 heap: an export that still completes proves memory is not retained per row.
  const env: Record<string, string> = options.appHeapMiB
    ? { NODE_OPTIONS: `--max-old-space-size=${options.appHeapMiB}` }
    : {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-admin-scale-"));
  const start = () => startApp({ buildDir: options.buildDir, env, defaultInstall: { dataDir } });
  let restart: AdminScaleResult["restart"] = null;
  let app: RunningApp;
  if (options.app) app = options.app;
  else {
    // The baseline: the same restart with only the demo data, in this run.
    await (await start()).stop();
    app = await start();
    restart = { emptyMs: app.startedMs, loadedMs: 0 };
  }
  try {
    const t0 = performance.now();
    const total = await insertRegistrations(app.mongodbUri, count);
    const insertSeconds = (performance.now() - t0) / 1000;
    log(`${total} registrations in ${insertSeconds.toFixed(1)} s`);
    const cookie = await signIn(app.url);
    const pid = app.pid ?? findPidByPort(app.port);

    let inVacation = 0;
    for (let i = 0; i < count; i++) if (vacationOf(i, count) === DEMO_VACATION) inVacation++;
    const middle = Math.max(1, Math.floor(inVacation / 25 / 2));
    const allMiddle = Math.max(1, Math.floor(total / 25 / 2));
    const scenarios = [
      { name: "the vacation teaching, page 1", path: "/admin/registrations", amount: requests },
      { name: "programme filter", path: "/admin/registrations?programme=business", amount: requests },
      {
        name: `page ${middle} (deep skip)`,
        path: `/admin/registrations?page=${middle}`,
        amount: Math.ceil(requests / 2),
      },
      { name: "every vacation, page 1", path: "/admin/registrations?vacation=all", amount: requests },
      {
        name: `every vacation, page ${allMiddle} (deep skip)`,
        path: `/admin/registrations?vacation=all&page=${allMiddle}`,
        amount: Math.ceil(requests / 2),
      },
      { name: "the overview", path: "/admin", amount: Math.ceil(requests / 2) },
      {
        name: "search (a name's words)",
        path: `/admin/registrations?q=ward%20${count - 1}%20`,
        amount: Math.ceil(requests / 5),
      },
      {
        name: "search (a name's start and a subject)",
        path: `/admin/registrations?q=${String(count - 1).slice(0, -1)}%20phys`,
        amount: Math.ceil(requests / 5),
      },
      {
        name: "search (a phone's last 7 digits)",
        path: `/admin/registrations?q=${pad(count - 1, 7).slice(0, 3)}%20${pad(count - 1, 7).slice(3)}`,
        amount: Math.ceil(requests / 5),
      },
    ];
    // Warm up: the first requests after a start compile the code paths (JIT), open the connections and fill the
    // caches; the figure is the steady state a day of admin work sees, not the first seconds after a deploy.
    for (const s of scenarios) {
      const warm = await fetch(`${app.url}${s.path}`, { headers: { cookie } });
      if (warm.status !== 200) throw new Error(`${s.path} answered ${warm.status}`);
      await warm.arrayBuffer();
      await loadPage(app.url, cookie, s.path, WARM_UP_REQUESTS);
    }
    const pages: AdminScaleResult["pages"] = [];
    for (const s of options.exportOnly ? [] : scenarios) {
      pages.push({ name: s.name, path: s.path, ...(await loadPage(app.url, cookie, s.path, s.amount)) });
      const p = pages[pages.length - 1];
      log(`${s.path}: p95 ${p.p95} ms over ${p.requests} requests`);
    }
    const csv = await exportCsv(app.url, cookie, pid);
    log(`export: ${csv.rows} rows in ${csv.seconds.toFixed(1)} s, peak RSS ${csv.peakRssMiB.toFixed(0)} MiB`);
    const one = await exportCsv(app.url, cookie, null, "");
    const csvOne = { seconds: one.seconds, bytes: one.bytes, rows: one.rows };
    log(`export of the vacation teaching: ${csvOne.rows} rows in ${csvOne.seconds.toFixed(1)} s`);
    if (restart) {
      await app.stop();
      app = await start();
      restart.loadedMs = app.startedMs;
      log(`restart: healthy after ${restart.loadedMs} ms (${restart.emptyMs} ms with the demo data only)`);
    }
    return { registrations: total, insertSeconds, inVacation, pages, csv, csvOne, restart };
  } finally {
    if (!options.app) {
      await app.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

export function formatAdminScale(r: AdminScaleResult): string {
  const lines = [
    `Admin scale: ${r.registrations.toLocaleString("en-GB")} registrations over 6 vacations, ${r.inVacation.toLocaleString("en-GB")} in the one teaching (inserted in ${r.insertSeconds.toFixed(1)} s)`,
    ...r.pages.map(
      (p) =>
        `  GET ${p.path.padEnd(44)} p50 ${String(p.p50).padStart(5)} ms  p95 ${String(p.p95).padStart(5)} ms  p99 ${String(p.p99).padStart(5)} ms  (${p.requests} requests, ${p.errors} errors, ${p.non2xx} non-2xx) [${p.name}]`,
    ),
    `  CSV export of the vacation teaching: ${r.csvOne.rows.toLocaleString("en-GB")} rows, ${(r.csvOne.bytes / 1024 / 1024).toFixed(1)} MiB in ${r.csvOne.seconds.toFixed(2)} s`,
    `  Every vacation's CSV export: ${r.csv.rows.toLocaleString("en-GB")} rows, ${(r.csv.bytes / 1024 / 1024).toFixed(1)} MiB in ${r.csv.seconds.toFixed(2)} s; peak RSS of the install ${r.csv.peakRssMiB.toFixed(0)} MiB (before: ${r.csv.rssBeforeMiB.toFixed(0)} MiB)`,
  ];
  if (r.restart)
    lines.push(
      `  Start after a clean stop, to a healthy /healthz: ${(r.restart.loadedMs / 1000).toFixed(2)} s with the registrations, ${(r.restart.emptyMs / 1000).toFixed(2)} s with the demo data only (${(r.restart.loadedMs / Math.max(1, r.restart.emptyMs)).toFixed(2)}×)`,
    );
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const buildDir = process.env.BUILD_DIR ?? "build-bench";
  if (!fs.existsSync(path.join(buildDir, "server/index.js")) || process.argv.includes("--build"))
    await buildApp(buildDir);
  const result = await runAdminScale({
    count: Number(arg("count") ?? 100_000),
    requests: Number(arg("requests") ?? 100),
    buildDir,
    exportOnly: process.argv.includes("--export-only"),
    appHeapMiB: arg("app-heap-mb") ? Number(arg("app-heap-mb")) : undefined,
  });
  console.log(formatAdminScale(result));
}
