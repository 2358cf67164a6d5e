// `npm run test:all`: everything CI runs, stage by stage, each stage's time printed as it ends and all of them at the
// end (docs/contributing.md#the-suites-time). The first stage that fails stops the run with its exit code.
import { spawnSync } from "node:child_process";

const STAGES = [
  ["chromium", "node scripts/ensure-chromium.mjs"],
  ["typecheck", "npm run -s typecheck"],
  ["lint", "npm run -s lint"],
  ["format", "npm run -s format:check"],
  ["dependencies", "npm run -s check:deps"],
  ["unused", "npm run -s check:unused"],
  ["unit", "npx vitest run"],
  ["build", "npx react-router build"],
  ["browser", "npx playwright test"],
];

const started = performance.now();
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const report = () => {
  console.log("\n[test:all] stage times");
  for (const [name, ms] of times) console.log(`[test:all]   ${name.padEnd(13)} ${seconds(ms).padStart(9)}`);
  console.log(`[test:all]   ${"total".padEnd(13)} ${seconds(performance.now() - started).padStart(9)}`);
};
for (const [name, command] of STAGES) {
  const t = performance.now();
  console.log(`\n[test:all] ${name}: ${command}`);
  const { status, signal } = spawnSync(command, { shell: true, stdio: "inherit" });
  times.push([name, performance.now() - t]);
  console.log(`[test:all] ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds(performance.now() - t)}`);
  if (status !== 0) {
    report();
    process.exit(status ?? (signal ? 1 : 1));
  }
}
report();
