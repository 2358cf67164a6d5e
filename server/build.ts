/**
 * Compiles the HTTP server (server/main.ts and what it imports from server/) into plain JavaScript beside the app
 * build, so production runs `node <build>/http-server/main.js` without a TypeScript loader: tsx's module hooks cost
 * the process about a second of start-up and 70 MiB of memory (docs/decisions/0058-compiled-http-server.md).
 *
 * It also points every import of `react-router` in the process at React Router's production files
 * (docs/decisions/0066-react-router-production-build-without-a-hook.md): the package publishes `dist/production`
 * beside `dist/development`, but its `exports` name only the development files, so a bare `react-router` would load
 * the development build (extra checks and warnings on every render) whatever NODE_ENV says. The app build's imports
 * are rewritten to a relative path to the production file; `@react-router/express` and `@react-router/node`, the only
 * packages that import React Router at run time, are bundled into the server with the same path. Every other package
 * stays external (resolved from `node_modules` at run time). React Router calls this when its build ends
 * (react-router.config.ts).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const SERVER_DIR = import.meta.dirname;
const require = createRequire(import.meta.url);

/** React Router's production ES module (the same version as the development one `exports` names). */
export const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

/** The packages bundled into the server because they import React Router (the rest stay in node_modules). */
const BUNDLED = /^@react-router\/(express|node)(\/|$)/;

/**
 * An import of a module whose name matches `name` (a pattern): `import … from "x"`, `import "x"`, `export … from "x"`
 * and `import("x")`. Groups: what leads to the quote, the quote, the name.
 */
const importOf = (name: string, flags = "") =>
  new RegExp(`(\\bfrom\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s*)(["'])(${name})\\2`, flags);

/** Bare `react-router`: what the rewrite points at the production file. */
const BARE_REACT_ROUTER = importOf("react-router", "g");
/** Bare `react-router` (any subpath) or a `@react-router/…` package (which would import it): what must not be left. */
const REACT_ROUTER_AT_RUN_TIME = importOf(`react-router(?:/[^"']*)?|@react-router/[\\w-]+(?:/[^"']*)?`);

/** The compiled entry of a build: `<build>/http-server/main.js` beside `<build>/server/index.js`. */
export function httpServerEntry(serverBuildFile: string): string {
  return path.join(path.dirname(serverBuildFile), "..", "http-server", "main.js");
}

/** A relative import specifier for `target` from a module in `fromDir`. */
export function relativeSpecifier(fromDir: string, target: string): string {
  const rel = path.relative(fromDir, target).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** The module's source with each import of bare `react-router` pointed at the production file. */
export function withProductionReactRouter(source: string, fromDir: string): string {
  const specifier = relativeSpecifier(fromDir, REACT_ROUTER_PRODUCTION);
  return source.replace(BARE_REACT_ROUTER, (_, lead: string, quote: string) => `${lead}${quote}${specifier}${quote}`);
}

/** Whether the source still loads React Router from node_modules (its development build). */
export function importsReactRouterAtRunTime(source: string): boolean {
  return REACT_ROUTER_AT_RUN_TIME.test(source);
}

function* javascriptFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* javascriptFiles(file);
    else if (/\.(m?js)$/.test(entry.name)) yield file;
  }
}

/** Rewrites the app's server build (`<build>/server`) to import React Router's production files. */
function pointAppBuildAtProduction(serverDir: string) {
  for (const file of javascriptFiles(serverDir)) {
    const source = fs.readFileSync(file, "utf8");
    const rewritten = withProductionReactRouter(source, path.dirname(file));
    if (rewritten !== source) fs.writeFileSync(file, rewritten);
  }
}

/**
 * esbuild: bare imports stay external, but for the two React Router packages (bundled), React Router itself, and the
 * app's own `#app/…` imports (bundled; esbuild resolves them through package.json "imports").
 */
function externalsWithProductionReactRouter(outdir: string): Plugin {
  return {
    name: "externals-with-production-react-router",
    setup(b) {
      b.onResolve({ filter: /^react-router$/ }, () => ({
        path: relativeSpecifier(outdir, REACT_ROUTER_PRODUCTION),
        external: true,
      }));
      // The app's own modules (`#app/…`) are bundled like relative ones.
      b.onResolve({ filter: /^[^./#]/ }, (args) =>
        BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

export async function buildHttpServer(buildDirectory: string): Promise<void> {
  const serverDir = path.join(buildDirectory, "server");
  if (!fs.existsSync(REACT_ROUTER_PRODUCTION))
    throw new Error(`${REACT_ROUTER_PRODUCTION} is missing: the installed react-router has no production build.`);
  pointAppBuildAtProduction(serverDir);

  const outdir = path.join(buildDirectory, "http-server");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(SERVER_DIR, "main.ts")],
    outdir,
    bundle: true,
    // main.ts sets NODE_ENV before app.ts (and so React) is loaded: app.ts must stay a separate chunk that is
    // imported only then, never hoisted into main.js.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // The two bundled packages name their ES modules under `module-sync` (their `default` is CommonJS, whose
    // require of React Router could not share the production ES module).
    conditions: ["module-sync"],
    plugins: [externalsWithProductionReactRouter(outdir)],
    logLevel: "warning",
  });

  // Nothing in the build may load the development copy beside the production one.
  for (const file of [...javascriptFiles(serverDir), ...javascriptFiles(outdir)]) {
    if (importsReactRouterAtRunTime(fs.readFileSync(file, "utf8")))
      throw new Error(`${file} still imports React Router from node_modules (its development build).`);
  }
}
