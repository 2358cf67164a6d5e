import path from "node:path";
import url from "node:url";

const mainFile = path.join(path.dirname(url.fileURLToPath(import.meta.url)), "main.ts");

/** Node arguments that start the production server on a build (for tests and benchmarks that spawn the app). */
export function appServerArgs(serverEntry: string): string[] {
  return ["--import", "tsx", mainFile, serverEntry];
}
