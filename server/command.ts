import fs from "node:fs";
import { httpServerEntry } from "./build.ts";

/**
 * V8's young generation capped at 8 MiB semi-spaces. Node 24's V8 sizes them from the machine's memory, which held
 * 220 MiB more than Node 20 with 100,000 registrations loaded, for no measurable throughput
 * (docs/decisions/0075-young-generation-size.md). `npm start` passes the same flags (server/command.test.ts).
 */
export const NODE_FLAGS = ["--max-semi-space-size=8"];

/** Node arguments that start the production server on a build (for tests and benchmarks that spawn the app). */
export function appServerArgs(serverEntry: string): string[] {
  const main = httpServerEntry(serverEntry);
  if (!fs.existsSync(main))
    throw new Error(`${main} is missing: build again (react-router build compiles the HTTP server).`);
  return [...NODE_FLAGS, main, serverEntry];
}
