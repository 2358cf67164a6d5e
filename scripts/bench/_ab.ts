import { startApp } from "./app.ts";
import { startFloor } from "./floor.ts";
import { measureThroughput } from "./throughput.ts";
import fs from "node:fs";

const env = { SHED_MAX_IN_FLIGHT: "100", ...JSON.parse(process.env.PROF_ENV ?? "{}") };
const dirs = (process.env.DIRS ?? "build-base,build").split(",");
const page = process.env.PAGE ?? "/student-dashboard";
const apps = [];
for (const spec of dirs) {
  const [dir, semi] = spec.split(":");
  const { NODE_FLAGS } = await import("../../server/command.ts");
  NODE_FLAGS[0] = `--max-semi-space-size=${semi ?? 8}`;
  const app = await startApp({ buildDir: dir, env });
  const body = new URLSearchParams({ intent: "signin", phone: "0244000004", password: "demo-student-2025" });
  const res = await fetch(`${app.url}/portal`, { method: "POST", body, redirect: "manual", headers: { Origin: app.url } });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!.split(";")[0];
  await measureThroughput(app.url, page, { duration: 2, connections: 20, headers: { cookie } });
  apps.push({ dir: spec, app, cookie });
}
const floor = await startFloor("build-floor");
const d = Number(process.env.DUR ?? 5);
const cpu = (pid: number) => { const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
await measureThroughput(floor.url, `/?bytes=19000`, { duration: 2, connections: 20 });
const results: Record<string, { rps: number[]; cpu: number[] }> = {};
for (let i = 0; i < Number(process.env.ROUNDS ?? 3); i++) {
  const base = await measureThroughput(floor.url, `/?bytes=19000`, { duration: d, connections: 20 });
  for (const { dir, app, cookie } of apps) {
    const c0 = cpu(app.pid!);
    const mine = await measureThroughput(app.url, page, { duration: d, connections: 20, headers: { cookie } });
    const ms = (cpu(app.pid!) - c0) / mine.total;
    (results[dir] ??= { rps: [], cpu: [] }).rps.push(mine.requestsPerSecond / base.requestsPerSecond);
    results[dir].cpu.push(ms);
    console.log(dir, "ratio", (mine.requestsPerSecond / base.requestsPerSecond).toFixed(2), "cpu ms/req", ms.toFixed(2), "non2xx", mine.non2xx, "floor", base.requestsPerSecond);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [dir, r] of Object.entries(results)) console.log("MEDIAN", dir, "ratio", med(r.rps).toFixed(2), "cpu", med(r.cpu).toFixed(2));
await floor.stop();
for (const { app } of apps) await app.stop();
