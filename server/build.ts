/**
 * Compiles the HTTP server (server/main.ts and what it imports from server/) into plain JavaScript beside the app
 * build, so production runs `node <build>/http-server/main.js` without a TypeScript loader: tsx's module hooks cost
 * the process about a second of start-up and 70 MiB of memory (docs/decisions/0058-compiled-http-server.md).
 * Packages stay external (resolved from node_modules at run time, through the production-build hook); only our own
 * files are bundled. React Router calls this when its build ends (react-router.config.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const SERVER_DIR = import.meta.dirname;

/** The compiled entry of a build: `<build>/http-server/main.js` beside `<build>/server/index.js`. */
export function httpServerEntry(serverBuildFile: string): string {
  return path.join(path.dirname(serverBuildFile), "..", "http-server", "main.js");
}

export async function buildHttpServer(buildDirectory: string): Promise<void> {
  const outdir = path.join(buildDirectory, "http-server");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(SERVER_DIR, "main.ts")],
    outdir,
    bundle: true,
    // main.ts registers the production-build hook before app.ts (and so React Router) is loaded: app.ts must stay a
    // separate chunk that is imported only then, never hoisted into main.js.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  // Registered by path relative to the compiled main.js (server/production-builds.ts).
  fs.copyFileSync(path.join(SERVER_DIR, "production-builds-hooks.mjs"), path.join(outdir, "production-builds-hooks.mjs"));
}
