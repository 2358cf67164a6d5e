/**
 * Runs a Mongoose checkout's own test suite against the embedded server and sorts the outcome:
 *
 *   npm run compat:mongoose -- <path to a Mongoose checkout> [--timeout 10000] [--grep <pattern>]
 *
 * The server starts in memory in this process; Mocha runs in a child process with MONGOOSE_TEST_URI pointing at it
 * (Mongoose's fixtures then start no MongoDB of their own). The checkout's dependencies are installed first when
 * it has none (`npm install --ignore-scripts`: nothing is downloaded besides npm packages). Prints passed / failed /
 * pending, how many failures are the engine's clear "not supported" refusals, and every other failure with its
 * message; exits 1 when there is any such failure, or when the suite crashed or hung.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startEmbeddedMongo } from "../src/index.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const timeout = flag("--timeout") ?? "10000";
const grep = flag("--grep");
const limitMinutes = Number(flag("--limit-minutes") ?? "60");
const checkout = args[0] ? resolve(args[0]) : "";

if (
  !checkout ||
  !existsSync(join(checkout, "package.json")) ||
  JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")).name !== "mongoose"
) {
  console.error("usage: npm run compat:mongoose -- <path to a Mongoose checkout (its repository, tag 9.9.3 or newer)>");
  process.exit(2);
}
const version = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")).version;

if (!existsSync(join(checkout, "node_modules", "mocha"))) {
  console.log(`installing Mongoose ${version}'s dependencies (npm install --ignore-scripts) …`);
  const r = spawnSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: checkout,
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** A failure the engine meant: a feature it refuses with a message naming it. */
const NOT_SUPPORTED = /not supported by the embedded MongoDB server/;

// Mongoose runs its MongoDB with ttlMonitorSleepSecs=1; the TTL sweep here runs as often.
const server = await startEmbeddedMongo({ quiet: true, port: 0, ttlIntervalMs: 1000 });
const out = mkdtempSync(join(tmpdir(), "compat-mongoose-"));
const report = join(out, "report.json");
console.log(`Mongoose ${version} suite against the embedded server at ${server.uri} …`);
const started = Date.now();
const mochaArgs = [
  join(checkout, "node_modules", "mocha", "bin", "mocha.js"),
  "--exit",
  "--timeout",
  timeout,
  "--ignore",
  "test/encryption/**/*.test.js",
  "--reporter",
  "json",
  "--reporter-option",
  `output=${report}`,
  ...(grep ? ["--grep", grep] : []),
  "./test/**/*.test.js",
];
const child = spawn(process.execPath, mochaArgs, {
  cwd: checkout,
  env: { ...process.env, MONGOOSE_TEST_URI: server.uri, MONGOOSE_REPLSET_URI: "", START_REPLICA_SET: "" },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-20_000)));
const hang = setTimeout(() => child.kill("SIGKILL"), limitMinutes * 60_000);
const code: number | null = await new Promise((done) => child.on("exit", (c) => done(c)));
clearTimeout(hang);
await server.stop();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

if (!existsSync(report)) {
  console.error(`the suite wrote no report (exit ${code}, ${minutes} min): it crashed or hung\n${stderr}`);
  process.exit(1);
}
type Test = { fullTitle: string; file?: string; err: { message?: string; code?: number } };
const result: { stats: { tests: number; passes: number; failures: number; pending: number }; failures: Test[] } =
  JSON.parse(readFileSync(report, "utf8"));
rmSync(out, { recursive: true, force: true });
const refused = result.failures.filter((t) => NOT_SUPPORTED.test(t.err?.message ?? ""));
const differences = result.failures.filter((t) => !NOT_SUPPORTED.test(t.err?.message ?? ""));
const decisive = result.stats.passes + result.stats.failures;
console.log(`\nMongoose ${version}, ${new Date().toISOString().slice(0, 10)}, ${minutes} min, mocha exit ${code}`);
console.log(
  `tests ${result.stats.tests}: passed ${result.stats.passes}, failed ${result.stats.failures}, pending ${result.stats.pending}`,
);
console.log(
  `passed ${((100 * result.stats.passes) / Math.max(decisive, 1)).toFixed(1)} % of decisive tests; failures that are clear "not supported" refusals: ${refused.length}; other failures: ${differences.length}`,
);
const byFeature = new Map<string, number>();
for (const t of refused) {
  const feature = (
    /^(.*?) (?:is|are) not supported by the embedded MongoDB server/s.exec(t.err.message ?? "")?.[1] ?? ""
  )
    .trim()
    .slice(0, 100);
  byFeature.set(feature, (byFeature.get(feature) ?? 0) + 1);
}
if (byFeature.size) {
  console.log("\nrefused as not supported:");
  for (const [f, n] of [...byFeature].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${f}`);
}
if (differences.length) {
  console.log("\nother failures:");
  for (const t of differences)
    console.log(
      `- ${t.fullTitle}${t.file ? ` (${t.file.replace(checkout + "/", "")})` : ""}\n    ${(t.err?.message ?? "").split("\n").slice(0, 3).join("\n    ")}`,
    );
}
process.exit(differences.length || code === null ? 1 : 0);
