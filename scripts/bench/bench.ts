/**
 * npm run bench — builds the app into its own BUILD_DIR, starts it on a fresh
 * in-memory embedded database on a free loopback port, and runs every
 * scenario in scripts/bench/scenario-*.ts (discovered, so new ones need no edit here).
 *
 *   npm run bench [-- --skip-build] [--only public] [--duration 10] [--runs 3]
 *
 * Exits 1 when a scenario reports a failed budget.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildApp, startApp } from "./app.ts";
import type { BenchContext, BenchResult, BenchScenario } from "./types.ts";

export { startApp, buildApp } from "./app.ts";
export type { BenchScenario, BenchContext, BenchResult } from "./types.ts";

function parseArgs(argv: string[]) {
  const opts = {
    skipBuild: false,
    only: [] as string[],
    duration: 10,
    runs: 3,
    buildDir: process.env.BENCH_BUILD_DIR ?? "build-bench",
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--skip-build") opts.skipBuild = true;
    else if (a === "--only") opts.only.push(...argv[++i].split(","));
    else if (a === "--duration") opts.duration = Math.max(1, Math.min(60, Number(argv[++i]) || 10));
    else if (a === "--runs") opts.runs = Math.max(1, Math.min(9, Number(argv[++i]) || 3));
    else if (a === "--build-dir") opts.buildDir = argv[++i];
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

async function loadScenarios(only: string[]): Promise<BenchScenario[]> {
  const dir = import.meta.dirname;
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^scenario-.+\.ts$/.test(f) && !f.endsWith(".test.ts"))
    .sort();
  const scenarios: BenchScenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { scenario?: BenchScenario };
    if (mod.scenario && (!only.length || only.includes(mod.scenario.name))) scenarios.push(mod.scenario);
  }
  return scenarios;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const log = (message: string) =>
    process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
  const scenarios = await loadScenarios(opts.only);
  if (!scenarios.length) throw new Error("no scenario matched");

  if (!opts.skipBuild) {
    log(`building into ${opts.buildDir}…`);
    await buildApp(opts.buildDir);
  }
  log("starting the app on a fresh in-memory database…");
  // The shared app measures capacity (closed-loop clients, up to 20 connections): shedding by requests in flight would
  // answer some with 503 and count them as served, and so would the cap on bodies arriving from one address (every
  // client here is 127.0.0.1). The overload scenario measures shedding on its own app.
  const app = await startApp({ buildDir: opts.buildDir, env: { SHED_MAX_IN_FLIGHT: "64", BODIES_PER_ADDRESS: "0" } });
  log(`app at ${app.url}`);
  const ctx: BenchContext = { app, options: { duration: opts.duration, runs: opts.runs }, log };

  const results: Record<string, BenchResult | { error: string }> = {};
  const failures: string[] = [];
  try {
    for (const s of scenarios) {
      log(`scenario ${s.name}: ${s.description}`);
      try {
        const r = await s.run(ctx);
        results[s.name] = r;
        failures.push(...(r.failures ?? []).map((f) => `${s.name}: ${f}`));
      } catch (error) {
        results[s.name] = { error: String((error as Error)?.stack ?? error) };
        failures.push(`${s.name}: crashed: ${(error as Error)?.message ?? error}`);
      }
    }
  } finally {
    await app.stop();
  }

  const out: string[] = [
    `Bench (${new Date().toISOString()}, node ${process.version}, ${((Date.now() - started) / 1000) | 0} s)`,
  ];
  for (const [name, r] of Object.entries(results)) {
    out.push("", `== ${name} ==`);
    if ("error" in r) out.push(`  crashed: ${r.error}`);
    else out.push(...r.lines);
  }
  out.push("", failures.length ? `FAILED budgets:\n  ${failures.join("\n  ")}` : "All budgets met.");
  console.log(out.join("\n"));
  console.log(
    `\nJSON ${JSON.stringify(Object.fromEntries(Object.entries(results).map(([k, r]) => [k, "error" in r ? r : r.data])))}`,
  );
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
