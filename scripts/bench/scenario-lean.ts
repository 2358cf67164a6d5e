import type { BenchScenario } from "./types.ts";
import { formatLean, runLean } from "./lean.ts";

/** Targets at 100k registrations on the in-process embedded database (docs/benchmarks.md). */
export const LEAN_BUDGETS = { bootSeconds: 3, rssMiB: 350 } as const;

/**
 * 100k registrations on disk under a private DATA_DIR, the app booted on them with no MONGODB_URI (the default
 * install). LEAN_COUNT overrides the size.
 */
export const scenario: BenchScenario = {
  name: "lean",
  description:
    "100k registrations on disk: boot to /healthz and RSS after the admin list and a full CSV export, beside the same install without them",
  async run({ app, log }) {
    const count = Number(process.env.LEAN_COUNT ?? 100_000);
    const result = await runLean({ count, buildDir: app.buildDir, log });
    const failures: string[] = [];
    if (result.full.bootSeconds > LEAN_BUDGETS.bootSeconds)
      failures.push(
        `boot to /healthz: ${result.full.bootSeconds.toFixed(2)} s, target ≤ ${LEAN_BUDGETS.bootSeconds} s`,
      );
    // What the process holds: RSS after a full garbage collection (the figures as found are printed beside it).
    const rss = Math.max(result.full.heldAfterListMiB, result.full.heldAfterExportMiB);
    if (rss > LEAN_BUDGETS.rssMiB)
      failures.push(
        `RSS held after the admin list and a full export: ${rss.toFixed(0)} MiB, target ≤ ${LEAN_BUDGETS.rssMiB} MiB`,
      );
    return { lines: formatLean(result).split("\n"), data: result as unknown as Record<string, unknown>, failures };
  },
};
