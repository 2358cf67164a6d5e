import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildFloor, startFloor } from "./floor.ts";
import type { BenchScenario } from "./types.ts";

/** Targets on Lighthouse's mobile profile (4× CPU slowdown, slow 4G, simulated), median of three runs. */
export const LIGHTHOUSE_BUDGETS = { score: 0.95, totalBlockingTimeMs: 200, longestTaskMs: 200, runs: 3 } as const;
const PAGES = ["/", "/registration", "/portal"];
/** The page whose every task must stay under the longest-task budget (the form a parent fills in). */
const NO_LONG_TASK = "/registration";

type Run = { score: number; tbtMs: number; longestTaskMs: number; fcpMs: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(port: number, url: string): Promise<Run> {
  // LIGHTHOUSE_THROTTLING=devtools slows the CPU and the link for real (Chrome's own throttling) instead of Lighthouse's
  // default, which measures at full speed and simulates the phone from the trace.
  const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";
  const result = await lighthouse(url, {
    port,
    output: "json",
    onlyCategories: ["performance"],
    logLevel: "error",
    throttlingMethod,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const tasks = (lhr.audits["long-tasks"]?.details as { items?: Array<{ duration: number }> } | undefined)?.items ?? [];
  return {
    score: lhr.categories.performance.score ?? 0,
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0),
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue ?? 0),
  };
}

async function medianOf(port: number, url: string): Promise<Run> {
  const runs: Run[] = [];
  for (let i = 0; i < LIGHTHOUSE_BUDGETS.runs; i++) runs.push(await audit(port, url));
  return {
    score: median(runs.map((r) => r.score)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    longestTaskMs: median(runs.map((r) => r.longestTaskMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
  };
}

const describe = (r: Run) =>
  `score ${r.score.toFixed(2)}, TBT ${r.tbtMs} ms, longest task ${r.longestTaskMs} ms, FCP ${r.fcpMs} ms`;

/**
 * Lighthouse (mobile profile, Debian's Chromium) on `/`, `/registration` and `/portal`, median of three runs each,
 * beside the framework floor page of the same HTML size in the same run. Fails under a 0.95 score, over 200 ms of Total
 * Blocking Time, or with a task over 200 ms on /registration.
 */
export const scenario: BenchScenario = {
  name: "lighthouse",
  description:
    "Lighthouse mobile (median of 3) on /, /registration, /portal beside the floor page: score, TBT, longest task",
  async run({ app, log }) {
    const floorDir = `${app.buildDir}-floor`;
    log(`building the framework floor into ${floorDir}…`);
    await buildFloor(floorDir);
    const floor = await startFloor(floorDir);
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    const lines: string[] = [];
    const failures: string[] = [];
    const data: Record<string, unknown> = {};
    try {
      for (const path of PAGES) {
        const html = await (await fetch(`${app.url}${path}`)).text();
        const bytes = Buffer.byteLength(html.replace(/<style data-app-css="">[\s\S]*?<\/style>/, ""));
        log(`lighthouse ${path} and the floor page of ${bytes} bytes, ${LIGHTHOUSE_BUDGETS.runs} runs each…`);
        const ours = await medianOf(chrome.port, `${app.url}${path}`);
        const base = await medianOf(chrome.port, `${floor.url}/?bytes=${bytes}`);
        lines.push(`${path.padEnd(14)} ${describe(ours)}`, `${"  floor page".padEnd(14)} ${describe(base)}`);
        data[path] = { ours, floor: base };
        if (ours.score < LIGHTHOUSE_BUDGETS.score)
          failures.push(`${path}: score ${ours.score.toFixed(2)}, target ≥ ${LIGHTHOUSE_BUDGETS.score}`);
        if (ours.tbtMs > LIGHTHOUSE_BUDGETS.totalBlockingTimeMs)
          failures.push(`${path}: TBT ${ours.tbtMs} ms, target ≤ ${LIGHTHOUSE_BUDGETS.totalBlockingTimeMs} ms`);
        if (path === NO_LONG_TASK && ours.longestTaskMs > LIGHTHOUSE_BUDGETS.longestTaskMs)
          failures.push(`${path}: a ${ours.longestTaskMs} ms task, target ≤ ${LIGHTHOUSE_BUDGETS.longestTaskMs} ms`);
      }
    } finally {
      chrome.kill();
      await floor.stop();
    }
    return { lines, data, failures };
  },
};
