import type { BenchScenario } from "./types.ts";
import { measureThroughput } from "./throughput.ts";
import { kb, measurePageWeight } from "./page-weight.ts";
import { measureForm, type FormSummary } from "./measure-form.ts";

/** Budget: a first visit to /registration is at most 50 KB gzipped of HTML and CSS. */
export const REGISTRATION_HTML_CSS_BUDGET = 50 * 1024;

const FIRST_VISIT_PAGES = ["/", "/registration", "/portal"];
const PUBLIC_PAGES = ["/privacy-policy", "/terms-of-service", "/payment-success", "/registration/demoyawowusu"];

function formLine(label: string, s: FormSummary | { error: string }) {
  if ("error" in s) return `  ${label}: not measured (${s.error})`;
  const b = s.untilUsable.bytes;
  return `  ${label}: usable ${s.medianUsableMs ?? "—"} ms (visible ${s.medianVisibleMs ?? "—"} ms, FCP ${s.medianFcpMs ?? "—"} ms, TBT ${s.medianTbtMs ?? "—"} ms), ${s.usableRuns}/${s.runs} runs usable; on the wire until usable ${kb(b.total ?? 0)} (document ${kb(b.document ?? 0)}, css ${kb(b.stylesheet ?? 0)}, js ${kb(b.script ?? 0)}), until idle ${kb(s.untilIdle.bytes.total ?? 0)}; typed value kept: ${s.typedValueSurvived.join(",")}`;
}

export const scenario: BenchScenario = {
  name: "public",
  description: "GET / throughput, first-visit bytes of public pages, /registration time-to-usable on slow 3G",
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
      `/registration time to a usable form (measure-form.mjs, slow3g, 4x CPU, ${options.runs} runs, medians):`,
    );
    const forms: Record<string, unknown> = {};
    for (const js of ["off", "on"] as const) {
      log(`measure-form --js ${js}…`);
      const s = await measureForm(`${app.url}/registration`, { js, runs: options.runs });
      forms[js] = s;
      lines.push(formLine(`JS ${js}`, s));
      if (!("error" in s) && s.usableRuns < s.runs)
        failures.push(`/registration was not usable in every run with JS ${js}`);
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
