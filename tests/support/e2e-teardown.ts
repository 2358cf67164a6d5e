import fs from "node:fs";
import { NOT_JSON_FILE } from "./log-lines.ts";

/**
 * After the e2e run: every line the apps wrote to standard output and error was a JSON log line (one log, which
 * `journalctl … | jq` reads whole: docs/operations.md). The shared app's lines are checked up to this point; each
 * isolated app's when it exits.
 */
export default function teardown() {
  const lines = fs.existsSync(NOT_JSON_FILE) ? fs.readFileSync(NOT_JSON_FILE, "utf8").trim() : "";
  if (lines) throw new Error(`The apps wrote lines that are not JSON log lines:\n${lines.slice(0, 4000)}`);
}
