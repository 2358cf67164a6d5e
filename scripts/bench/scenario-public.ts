import type { BenchScenario } from "./types.ts";
import { measureThroughput } from "./throughput.ts";
import { kb, measurePageWeight } from "./page-weight.ts";
import { measureForm, type FormSummary } from "./measure-form.ts";
import { serveWithoutScripts } from "./script-free.ts";

/** Budget: a first visit to /registration is at most 50 KB gzipped of HTML and CSS. */
export const REGISTRATION_HTML_CSS_BUDGET = 50 * 1024;

/**
 * Typeable the moment it is visible, with JavaScript on: a visible field takes a key within this many ms (the median
 * run's usable − visible, the typing probe's own round trips included), and the total blocking time stays under it.
 */
export const TYPEABLE_BUDGETS = { afterVisibleMs: 50, tbtMs: 50 } as const;
/** The public forms a first visit types into, and the field typed into. */
const TYPED_FORMS = [
  { path: "/registration", field: "parentName" },
  { path: "/portal?role=parent", field: "phone" },
];

const FIRST_VISIT_PAGES = ["/", "/registration", "/portal"];
const PUBLIC_PAGES = ["/privacy-policy", "/terms-of-service", "/payment-success", "/registration/demoyawowusu"];

function formLine(label: string, s: FormSummary | { error: string }) {
  if ("error" in s) return `  ${label}: not measured (${s.error})`;
  const b = s.untilUsable.bytes;
  return `  ${label}: usable ${s.medianUsableMs ?? "—"} ms (visible ${s.medianVisibleMs ?? "—"} ms, typeable ${s.medianTypeableAfterVisibleMs ?? "—"} ms after visible, FCP ${s.medianFcpMs ?? "—"} ms, TBT ${s.medianTbtMs ?? "—"} ms), ${s.usableRuns}/${s.runs} runs usable; on the wire until usable ${kb(b.total ?? 0)} (document ${kb(b.document ?? 0)}, css ${kb(b.stylesheet ?? 0)}, js ${kb(b.script ?? 0)}), until idle ${kb(s.untilIdle.bytes.total ?? 0)}; typed value kept: ${s.typedValueSurvived.join(",")}`;
}

/** The page's typeable figure beside the same HTML with no script (the probe's and the page's own rendering). */
function baselineLine(page: FormSummary, baseline: FormSummary | { error: string }) {
  if ("error" in baseline) return `    same page without its scripts: not measured (${baseline.error})`;
  const own = page.medianTypeableAfterVisibleMs;
  const floor = baseline.medianTypeableAfterVisibleMs;
  const added = own === null || floor === null ? "—" : `${own - floor} ms`;
  return `    same page without its scripts: typeable ${floor ?? "—"} ms after visible (TBT ${baseline.medianTbtMs ?? "—"} ms); the scripts add ${added}`;
}

export const scenario: BenchScenario = {
  name: "public",
  description: "GET / throughput, first-visit bytes of public pages, the public forms' time to typeable on slow 3G",
  async run({ app, options, log }) {
    const lines: string[] = [];
    const failures: string[] = [];

    log(`autocannon GET / for ${options.duration} s…`);
    await fetch(`${app.url}/`); // warm up
    const home = await measureThroughput(app.url, "/", { duration: options.duration });
    lines.push(
      `GET /: ${home.requestsPerSecond} req/s, p50 ${home.p50Ms} ms, p99 ${home.p99Ms} ms (${home.total} requests, ${home.non2xx} non-2xx, ${home.errors} errors, 10 connections, ${options.duration} s)`,
    );
    if (home.non2xx || home.errors)
      failures.push(`GET / had ${home.non2xx} non-2xx responses and ${home.errors} errors under load`);

    log("first-visit bytes…");
    lines.push("First visit, gzipped (HTML / CSS / JS = total):");
    const weights = [];
    for (const path of [...FIRST_VISIT_PAGES, ...PUBLIC_PAGES]) {
      const w = await measurePageWeight(app.url, path);
      weights.push(w);
      if (w.status !== 200) {
        lines.push(`  ${path}: HTTP ${w.status}, skipped`);
        continue;
      }
      lines.push(
        `  ${path}: ${kb(w.htmlGzip)} / ${kb(w.cssGzip)} / ${kb(w.jsGzip)} = ${kb(w.totalGzip)} (HTML+CSS ${kb(w.htmlCssGzip)}, ${w.assets.filter((a) => a.type === "js").length} JS files)`,
      );
    }
    const registration = weights.find((w) => w.path === "/registration");
    if (registration) {
      const ok = registration.htmlCssGzip <= REGISTRATION_HTML_CSS_BUDGET;
      lines.push(
        `  budget: /registration HTML+CSS ${kb(registration.htmlCssGzip)} ≤ ${kb(REGISTRATION_HTML_CSS_BUDGET)}: ${ok ? "OK" : "OVER"}`,
      );
      if (!ok) failures.push(`/registration HTML+CSS is ${kb(registration.htmlCssGzip)}, over the 50 KB budget`);
    }

    lines.push(
      `Time to a usable form (measure-form.mjs, slow3g, 4x CPU, ${options.runs} runs, medians; budgets with JS on: typeable ≤ ${TYPEABLE_BUDGETS.afterVisibleMs} ms after visible, TBT ≤ ${TYPEABLE_BUDGETS.tbtMs} ms):`,
    );
    const forms: Record<string, unknown> = {};
    for (const { path, field } of TYPED_FORMS) {
      for (const js of ["off", "on"] as const) {
        log(`measure-form ${path} --js ${js}…`);
        const s = await measureForm(`${app.url}${path}`, { js, runs: options.runs, field });
        forms[`${path} JS ${js}`] = s;
        lines.push(formLine(`${path} JS ${js}`, s));
        if ("error" in s) continue;
        if (s.usableRuns < s.runs) failures.push(`${path} was not usable in every run with JS ${js}`);
        if (js === "off") continue;
        log(`measure-form ${path} without its scripts…`);
        const bare = await serveWithoutScripts(app.url, path);
        const baseline = await measureForm(`${bare.url}${path}`, { js: "on", runs: options.runs, field }).finally(() =>
          bare.stop(),
        );
        forms[`${path} without scripts`] = baseline;
        lines.push(baselineLine(s, baseline));
        if (s.medianTypeableAfterVisibleMs === null || s.medianTypeableAfterVisibleMs > TYPEABLE_BUDGETS.afterVisibleMs)
          failures.push(
            `${path}: typeable ${s.medianTypeableAfterVisibleMs ?? "never"} ms after visible, budget ${TYPEABLE_BUDGETS.afterVisibleMs} ms`,
          );
        if (s.medianTbtMs === null || s.medianTbtMs > TYPEABLE_BUDGETS.tbtMs)
          failures.push(
            `${path}: total blocking time ${s.medianTbtMs ?? "not measured"} ms, budget ${TYPEABLE_BUDGETS.tbtMs} ms`,
          );
      }
    }

    return {
      lines,
      failures,
      data: {
        home,
        pageWeight: weights.map(({ assets, ...w }) => ({
          ...w,
          jsFiles: assets.filter((a) => a.type === "js").length,
        })),
        measureForm: forms,
      },
    };
  },
};
