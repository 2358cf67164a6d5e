import type { BenchScenario } from "./types.ts";
import { formatAdminScale, runAdminScale } from "./admin-scale.ts";

/** Targets at 100k registrations on the embedded engine (docs/benchmarks.md). */
export const ADMIN_SCALE_BUDGETS = { pageP95Ms: 100, csvSeconds: 5, csvExtraRssMiB: 80, restartMs: 3_000 } as const;

/**
 * 100k registrations on a private default install (its own data directory, so the other scenarios keep the small demo
 * data). ADMIN_SCALE_COUNT overrides the size.
 */
export const scenario: BenchScenario = {
  name: "admin-scale",
  description:
    "100k registrations over 6 vacations on the default install: /admin/registrations p95 (the vacation teaching: page 1, programme filter, deep page, search; every vacation: page 1, deep page), the overview, the CSV exports' time (one vacation, all) and peak RSS, the start after a clean stop",
  async run({ app, log }) {
    const count = Number(process.env.ADMIN_SCALE_COUNT ?? 100_000);
    log(`admin-scale: inserting ${count} registrations into a private app…`);
    const result = await runAdminScale({ count, buildDir: app.buildDir });
    const failures: string[] = [];
    for (const p of result.pages) {
      if (p.errors || p.non2xx) failures.push(`GET ${p.path}: ${p.errors} errors, ${p.non2xx} non-2xx`);
    }
    if (result.csv.rows !== result.registrations)
      failures.push(`the export wrote ${result.csv.rows} rows for ${result.registrations} registrations`);
    // The demo's own registrations are in the vacation teaching too.
    if (result.csvOne.rows < result.inVacation || result.csvOne.rows > result.inVacation + 20)
      failures.push(`the vacation's export wrote ${result.csvOne.rows} rows for ${result.inVacation} registrations`);
    if (result.csvOne.seconds > ADMIN_SCALE_BUDGETS.csvSeconds)
      failures.push(
        `the vacation's CSV export: ${result.csvOne.seconds.toFixed(1)} s, target ≤ ${ADMIN_SCALE_BUDGETS.csvSeconds} s`,
      );
    for (const p of result.pages) {
      if (p.p95 > ADMIN_SCALE_BUDGETS.pageP95Ms)
        failures.push(`GET ${p.path}: p95 ${p.p95} ms, target ≤ ${ADMIN_SCALE_BUDGETS.pageP95Ms} ms`);
    }
    if (result.csv.seconds > ADMIN_SCALE_BUDGETS.csvSeconds)
      failures.push(
        `full CSV export: ${result.csv.seconds.toFixed(1)} s, target ≤ ${ADMIN_SCALE_BUDGETS.csvSeconds} s`,
      );
    const extra = result.csv.peakRssMiB - result.csv.rssBeforeMiB;
    if (extra > ADMIN_SCALE_BUDGETS.csvExtraRssMiB)
      failures.push(
        `full CSV export: +${extra.toFixed(0)} MiB RSS, target ≤ ${ADMIN_SCALE_BUDGETS.csvExtraRssMiB} MiB`,
      );
    if (result.restart && result.restart.loadedMs > ADMIN_SCALE_BUDGETS.restartMs)
      failures.push(
        `start with ${result.registrations} registrations: healthy after ${result.restart.loadedMs} ms, target ≤ ${ADMIN_SCALE_BUDGETS.restartMs} ms`,
      );
    return {
      lines: formatAdminScale(result).split("\n"),
      data: result as unknown as Record<string, unknown>,
      failures,
    };
  },
};
