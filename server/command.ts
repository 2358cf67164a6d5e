import fs from "node:fs";
import { httpServerEntry } from "./build.ts";
import { NODE_FLAGS } from "./tuning/young-generation.ts";

/** Node arguments that start the production server on a build (for tests and benchmarks that spawn the app). */
export function appServerArgs(serverEntry: string): string[] {
  const main = httpServerEntry(serverEntry);
  if (!fs.existsSync(main))
    throw new Error(`${main} is missing: build again (react-router build compiles the HTTP server).`);
  return [...NODE_FLAGS, main, serverEntry];
}
