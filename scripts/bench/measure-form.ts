import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const MEASURE_FORM = process.env.MEASURE_FORM ?? path.resolve(ROOT, "../shared/tools/measure-form.mjs");

export type FormSummary = {
  js: "on" | "off";
  runs: number;
  usableRuns: number;
  medianUsableMs: number | null;
  medianVisibleMs: number | null;
  medianFcpMs: number | null;
  medianTbtMs: number | null;
  medianNetworkIdleMs: number | null;
  untilUsable: { bytes: Record<string, number | null>; requests: number | null };
  untilIdle: { bytes: Record<string, number | null>; requests: number | null };
  typedValueSurvived: boolean[];
  /** Median over the runs of each run's usable − visible: how long a visible field kept a key waiting. */
  medianTypeableAfterVisibleMs: number | null;
};

/** `node ../shared/tools/measure-form.mjs URL --profile slow3g --runs N --js on|off`, summary line parsed. */
export async function measureForm(
  url: string,
  options: { js: "on" | "off"; runs: number; profile?: string; timeoutMs?: number; field?: string },
): Promise<FormSummary | { error: string }> {
  if (!fs.existsSync(MEASURE_FORM)) return { error: `${MEASURE_FORM} not found` };
  const args = [
    MEASURE_FORM,
    url,
    "--profile",
    options.profile ?? "slow3g",
    "--runs",
    String(options.runs),
    "--js",
    options.js,
    ...(options.field ? ["--field", options.field] : []),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 240_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const lines = out.trim().split("\n").filter(Boolean);
      const rows = lines.map((l) => {
        try {
          return JSON.parse(l);
        } catch {
          return null;
        }
      });
      const summary = rows.find((r) => r?.summary);
      if (!summary)
        return resolve({ error: `measure-form exited ${code}: ${err.trim().split("\n").slice(-3).join(" | ")}` });
      const runs = rows.filter((r) => r && !r.summary);
      const gaps = runs
        .filter((r) => typeof r.usableMs === "number" && typeof r.visibleMs === "number")
        .map((r) => r.usableMs - r.visibleMs)
        .sort((a, b) => a - b);
      const medianTypeableAfterVisibleMs = gaps.length
        ? Math.round(
            gaps.length % 2 ? gaps[(gaps.length - 1) / 2] : (gaps[gaps.length / 2 - 1] + gaps[gaps.length / 2]) / 2,
          )
        : null;
      resolve({ ...summary, typedValueSurvived: runs.map((r) => r.typedValueSurvived), medianTypeableAfterVisibleMs });
    });
  });
}
