/**
 * What a page costs the server (docs/benchmarks.md#cost-per-page): the CPU its processes spend per request,
 * over what React Router's own page of the same size costs (`../shared/tools/rr-floor`, react-router-serve,
 * production), both read off /proc in the same run by `../shared/tools/cost.mjs` (alternating rounds, two requests at
 * a time, each side's idle CPU taken off). On the default install with the demo data, then on the same install after
 * the teaching scale's 20,000 registrations and a vacation of registers and marks are added (scripts/bench/teaching-scale.ts).
 *
 *   npm run bench -- --only cost          (COST_PROBE, RR_FLOOR: other paths to the probe and the floor;
 *                                          COST_SCALE_COUNT: another size, 0 for demo data only;
 *                                          COST_REQUESTS: requests per page, 150)
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import { freePort, startApp, waitForHealth, type RunningApp } from "./app.ts";
import { signIn } from "./admin-scale.ts";
import { CLASS_LESSON, FACILITATOR, insertTeaching, PARENT, WARD } from "./teaching-scale.ts";
import type { BenchScenario } from "./types.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const COST_PROBE = process.env.COST_PROBE ?? path.resolve(ROOT, "../shared/tools/cost.mjs");
const RR_FLOOR = process.env.RR_FLOOR ?? path.resolve(ROOT, "../shared/tools/rr-floor");
const ACCOUNTS = {
  student: { role: "student", phone: "0244000004", password: "demo-student-2025" },
  parent: PARENT,
  facilitator: FACILITATOR,
  admin: { role: "admin", phone: "0244000001", password: "demo-admin-2025" },
};

/** The targets: the ratio to the floor on demo data and at the teaching scale, and the growth between. */
export const COST_BUDGETS = { demo: 1.5, scale: 2.0, growth: 1.5, enrolment: 2.0 } as const;

type Page = [name: string, role: keyof typeof ACCOUNTS | "-", path: string];
/** The pages that show the same rows at both sizes: held to the demo ratio, the scale ratio and the growth. */
const SAME_ROWS: Page[] = [
  ["student dashboard", "student", "/student-dashboard"],
  ["student schedule", "student", "/student-dashboard/schedule"],
  ["parent dashboard", "parent", "/parent-dashboard"],
  ["facilitator overview", "facilitator", "/facilitator-dashboard"],
  ["facilitator students", "facilitator", "/facilitator-dashboard/students"],
  ["admin overview", "admin", "/admin"],
  ["admin registrations", "admin", "/admin/registrations"],
];
/** Pages that exist with the teaching scale's data only: held to the scale ratio. */
const AT_SCALE: Page[] = [
  ["parent's ward page", "parent", `/parent-dashboard/wards/${WARD}`],
  ["register of a class of 200", "facilitator", `/facilitator-dashboard/lessons/${CLASS_LESSON}/register`],
  ["students of one subject", "facilitator", "/facilitator-dashboard/students?subject=Physics"],
];
const PUBLIC: Page[] = [
  ["home", "-", "/"],
  ["registration form", "-", "/registration"],
];

type Row = { name: string; path: string; bytes: number; ms: number; floorMs: number; x: number; statuses: object };

/** React Router's bare page, installed and built once into .bench/rr-floor, served in a process group of its own. */
async function startRrFloor(log: (m: string) => void) {
  const dir = path.join(ROOT, ".bench/rr-floor");
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    if (!fs.existsSync(path.join(RR_FLOOR, "package.json"))) throw new Error(`no framework floor at ${RR_FLOOR}`);
    log(`cost: installing and building the floor from ${RR_FLOOR}…`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(RR_FLOOR, dir, { recursive: true, filter: (src) => !/[/\\](node_modules|build)$/.test(src) });
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "ignore" });
    execFileSync("npx", ["react-router", "build"], {
      cwd: dir,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(dir, "node_modules/.bin/react-router-serve"), "build/server/index.js"],
    {
      cwd: dir,
      detached: true,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, 30_000);
  return {
    url,
    pgid: child.pid!,
    stop: () => {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    },
  };
}

/** The CPU ticks of a process group, as the probe reads them. */
function groupTicks(pgid: number) {
  let ticks = 0;
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (f[2] === String(pgid)) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** Waits until the install is idle (under 5 % of a core over 5 s; a start on a large data directory compacts it). */
async function settle(pgid: number, log: (m: string) => void) {
  for (let i = 0; i < 36; i++) {
    const t0 = groupTicks(pgid);
    await new Promise((r) => setTimeout(r, 5_000));
    const share = (groupTicks(pgid) - t0) / 500;
    if (share < 0.05) return;
    if (i % 4 === 0) log(`cost: the install is still busy (${(share * 100).toFixed(0)} % of a core), waiting…`);
  }
}

async function probe(app: RunningApp, floor: { url: string; pgid: number }, pages: Page[], enrol: boolean) {
  const cookies: Record<string, string> = {};
  for (const [role, account] of Object.entries(ACCOUNTS)) cookies[role] = await signIn(app.url, account);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [COST_PROBE, app.url, String(app.pid), floor.url, String(floor.pgid), process.env.COST_REQUESTS ?? "150"],
      {
        env: {
          ...process.env,
          COOKIES: JSON.stringify(cookies),
          PAGES: JSON.stringify(pages),
          ENROL: enrol ? "1" : "",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`the cost probe exited with ${code}`))));
  });
  return output
    .split("\n")
    .filter((line) => line.startsWith("{") && !line.includes('"summary"'))
    .map((line) => JSON.parse(line) as Row);
}

export const scenario: BenchScenario = {
  name: "cost",
  description:
    "CPU per request of each signed-in page over React Router's bare page of the same size (../shared/tools/cost.mjs), on demo data and at the teaching scale",
  async run({ app: shared, log }) {
    if (!fs.existsSync(COST_PROBE)) throw new Error(`no cost probe at ${COST_PROBE}`);
    const count = Number(process.env.COST_SCALE_COUNT ?? 20_000);
    const floor = await startRrFloor(log);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-cost-"));
    const start = () =>
      startApp({
        buildDir: shared.buildDir,
        defaultInstall: { dataDir },
        processGroup: true,
        startTimeoutMs: 300_000,
        env: { TRUST_PROXY: "loopback" },
      });
    let app: RunningApp | null = null;
    try {
      app = await start();
      await settle(app.pid!, log);
      log("cost: demo data…");
      const demo = await probe(app, floor, [...PUBLIC, ...SAME_ROWS], true);
      await app.stop();
      app = null;
      let scale: Row[] = [];
      if (count > 0) {
        log(`cost: adding ${count} registrations and their vacation…`);
        const db = await startEmbeddedMongo({
          dataDir: path.join(dataDir, "db"),
          quiet: true,
          compactThresholdBytes: 2 ** 40,
        });
        try {
          await insertTeaching(`${db.uri}vacation_classes`, count);
        } finally {
          await db.stop();
        }
        app = await start();
        await settle(app.pid!, log);
        log("cost: teaching scale…");
        scale = await probe(app, floor, [...SAME_ROWS, ...AT_SCALE], false);
      }

      const lines: string[] = [
        `ratio to the floor's page of the same size (CPU ms per request), ${count} registrations:`,
      ];
      const failures: string[] = [];
      const fmt = (r?: Row) => (r ? `${r.x.toFixed(2)}× (${r.ms.toFixed(2)} ms)` : "—");
      for (const [name] of [...PUBLIC, ...SAME_ROWS, ...AT_SCALE]) {
        const d = demo.find((r) => r.name === name);
        const s = scale.find((r) => r.name === name);
        const growth = d && s ? s.ms / Math.max(d.ms, 0.01) : null;
        lines.push(
          `  ${name.padEnd(28)} demo ${fmt(d).padEnd(18)} scale ${fmt(s).padEnd(18)}${growth === null ? "" : ` growth ${growth.toFixed(2)}×`}`,
        );
        const held = SAME_ROWS.some(([n]) => n === name);
        if (held && d && d.x > COST_BUDGETS.demo)
          failures.push(`${name}: ${d.x}× the floor on demo data (≤ ${COST_BUDGETS.demo})`);
        if (s && s.x > COST_BUDGETS.scale)
          failures.push(`${name}: ${s.x}× the floor at scale (≤ ${COST_BUDGETS.scale})`);
        if (held && growth !== null && growth > COST_BUDGETS.growth)
          failures.push(`${name}: ${growth.toFixed(2)}× its demo CPU at scale (≤ ${COST_BUDGETS.growth})`);
      }
      const enrolment = demo.find((r) => r.name.startsWith("enrolment"));
      if (enrolment) {
        lines.push(`  ${"enrolment (POST)".padEnd(28)} ${fmt(enrolment)} of the floor's 2 KB page`);
        if (enrolment.x > COST_BUDGETS.enrolment)
          failures.push(`an enrolment: ${enrolment.x}× the floor's 2 KB page (≤ ${COST_BUDGETS.enrolment})`);
      }
      return { lines, data: { count, demo, scale }, failures };
    } finally {
      await app?.stop();
      floor.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
