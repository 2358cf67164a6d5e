import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E } from "./e2e-env.ts";

/** One line of the app's log (app/models/infra/log.server.ts): pino's JSON. */
export type LogLine = { level: number; msg: string; area?: string; err?: { message: string; stack?: string } } & Record<
  string,
  unknown
>;

/** The lines of a process's output that are not JSON objects (there should be none). */
export function notJsonLines(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .filter((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return !value || typeof value !== "object" || Array.isArray(value);
      } catch {
        return true;
      }
    });
}

/** The log lines of a process's output (lines that are not JSON are left out: `notJsonLines` reports them). */
export function logLines(output: string): LogLine[] {
  const bad = new Set(notJsonLines(output));
  return output
    .split("\n")
    .filter((line) => line.trim() !== "" && !bad.has(line))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Whether a line of `area` whose message starts with `start` was logged. */
export function logged(output: string, area: string, start: string): boolean {
  return logLines(output).some((line) => line.area === area && line.msg.startsWith(start));
}

/**
 * Where the e2e run writes the lines its apps printed that are not JSON (the shared app's and each isolated app's);
 * tests/support/e2e-teardown.ts fails the run when the file holds any.
 */
export const NOT_JSON_FILE = path.join(os.tmpdir(), `vcp-e2e-not-json-lines-${E2E.port}.txt`);

export function recordNotJson(source: string, output: string) {
  const bad = notJsonLines(output);
  if (bad.length === 0) return;
  fs.appendFileSync(NOT_JSON_FILE, bad.map((line) => `${source}: ${line.slice(0, 500)}\n`).join(""));
}
