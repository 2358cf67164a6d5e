import type { BenchScenario } from "./types.ts";
import { formatSoak, rssSlopeSecondHalf, runSoak } from "./soak.ts";

/** Issue targets for the mixed run: p99 to the end, memory growth over the second half. */
export const SOAK_BUDGETS = { p99Ms: 150, rssGrowthMiBPerMinute: 3 } as const;

/**
 * The enrolment-day mix for SOAK_MINUTES minutes (default 10; `npm run bench -- --only soak`), on its own app and
 * durable database. Fails on a lost enrolment, any 5xx or error, a p99 over the target in the last minute, or
 * memory that keeps growing over the second half. The first minute's p99 is printed beside the last one's.
 */
export const scenario: BenchScenario = {
  name: "soak",
  description:
    "65 req/s enrolment-day mix for SOAK_MINUTES (default 10): p99 per minute, 5xx, RSS growth, enrolments acknowledged vs present",
  async run({ app, log }) {
    const minutes = Math.max(2, Number(process.env.SOAK_MINUTES ?? 10) || 10);
    const result = await runSoak({ minutes, buildDir: app.buildDir, log });
    const failures: string[] = [];
    const last = result.minutes[result.minutes.length - 1];
    const first = result.minutes[0];
    if (result.present !== result.acknowledged)
      failures.push(`${result.acknowledged} enrolments acknowledged, ${result.present} in the database`);
    const bad = result.minutes.reduce((n, m) => n + m.server5xx + m.errors, 0);
    if (bad) failures.push(`${bad} requests answered 5xx or failed`);
    if (last.p99 > SOAK_BUDGETS.p99Ms)
      failures.push(`last minute p99 ${last.p99} ms (first minute ${first.p99} ms), target ≤ ${SOAK_BUDGETS.p99Ms} ms`);
    const slope = rssSlopeSecondHalf(result.minutes);
    if (slope > SOAK_BUDGETS.rssGrowthMiBPerMinute)
      failures.push(
        `RSS grows ${slope.toFixed(1)} MiB/min over the second half, target ≤ ${SOAK_BUDGETS.rssGrowthMiBPerMinute}`,
      );
    const lines = formatSoak(result).split("\n");
    lines.push(`p99 last minute / first minute: ${(last.p99 / Math.max(first.p99, 1)).toFixed(2)}×`);
    return { lines, data: result as unknown as Record<string, unknown>, failures };
  },
};
