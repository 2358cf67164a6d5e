/**
 * Compiles the HTTP server (server/main.ts and what it imports from server/ and app/) into plain JavaScript beside the
 * app build, so production runs `node <build>/http-server/main.js` without a TypeScript loader: tsx's module hooks
 * cost the process about a second of start-up and 70 MiB of memory (docs/decisions/0058-compiled-http-server.md).
 * Every package stays external, resolved from `node_modules` at run time like the app build's imports; React Router 8
 * names its production files as the default of its `exports` (development only under the `development` condition),
 * so the process loads one React Router, the production one (docs/decisions/0073-react-router-8.md). React Router
 * calls this when its build ends (react-router.config.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const SERVER_DIR = import.meta.dirname;

/** The compiled entry of a build: `<build>/http-server/main.js` beside `<build>/server/index.js`. */
export function httpServerEntry(serverBuildFile: string): string {
  return path.join(path.dirname(serverBuildFile), "..", "http-server", "main.js");
}

/** esbuild: packages stay external; relative imports, the app's own `#app/…` ones and our workspace packages are bundled. */
const packagesExternal: Plugin = {
  name: "packages-external",
  setup(b) {
    // Our own workspace packages ship TypeScript source, which Node does not strip under node_modules: bundled.
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith("@vacation-classes/") ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildHttpServer(buildDirectory: string): Promise<void> {
  const outdir = path.join(buildDirectory, "http-server");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    // The PDF thread's entry (server/tuning/pdf-thread.ts) is compiled beside main.js, where the thread looks for it.
    entryPoints: {
      main: path.join(SERVER_DIR, "main.ts"),
      "pdf-worker": path.join(SERVER_DIR, "tuning", "pdf-worker.ts"),
    },
    outdir,
    bundle: true,
    // main.ts sets NODE_ENV before app.ts (and so React) is loaded: app.ts must stay a separate chunk that is
    // imported only then, never hoisted into main.js.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    plugins: [packagesExternal],
    logLevel: "warning",
  });
}
