import fs from "node:fs";
import path from "node:path";

/**
 * The layers of docs/decisions/0044 (and ../shared/design/layers.md), top to bottom: a file may import from its own
 * layer or below, never above. The embedded database package imports nothing of the app, and the app reaches it only
 * through app/models/db.server.ts.
 */
export const LAYERS: Array<{ name: string; test: (file: string) => boolean }> = [
  { name: "scripts", test: (f) => f.startsWith("scripts/") },
  { name: "server", test: (f) => f.startsWith("server/") },
  {
    name: "app root",
    test: (f) => /^app\/(root|entry\.server|entry\.client)\.tsx$|^app\/(routes|seam\.server)\.ts$/.test(f),
  },
  { name: "routes", test: (f) => f.startsWith("app/routes/") },
  { name: "components", test: (f) => f.startsWith("app/components/") },
  { name: "services", test: (f) => f.startsWith("app/services/") },
  { name: "utils", test: (f) => f.startsWith("app/utils/") },
  { name: "forms", test: (f) => f.startsWith("app/forms/") },
  { name: "models", test: (f) => f.startsWith("app/models/") },
  { name: "domain", test: (f) => f.startsWith("app/domain/") },
];
const ENGINE = "packages/embedded-mongo/";
const ENGINE_PACKAGE = "@vacation-classes/embedded-mongo";

function layerOf(file: string): number {
  return LAYERS.findIndex((l) => l.test(file));
}

/** Every module specifier a source file imports (static, dynamic, re-exports; type-only ones included). */
export function importsOf(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bfrom\s+["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /^\s*import\s+["']([^"']+)["']/gm,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) found.add(m[1]);
  return [...found];
}

/** The project-relative file an import names, or the package name for anything else. */
function resolve(from: string, specifier: string): string {
  if (specifier.startsWith("#app/")) return `app/${specifier.slice(5)}`;
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return specifier;
}

export type Violation = { file: string; imports: string; why: string };

/** The upward imports (and engine boundary crossings) among `files`, read from `root`. */
export function layerViolations(root: string, files: string[]): Violation[] {
  const out: Violation[] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), "utf8");
    for (const specifier of importsOf(source)) {
      const target = resolve(file, specifier);
      if (file.startsWith(ENGINE)) {
        if (target.startsWith("app/") || target.startsWith("server/") || target.startsWith("scripts/")) {
          out.push({ file, imports: specifier, why: "the engine package imports nothing of the app" });
        }
        continue;
      }
      if (target === ENGINE_PACKAGE || target.startsWith(`${ENGINE_PACKAGE}/`) || target.startsWith(ENGINE)) {
        if (file !== "app/models/db.server.ts" && layerOf(file) >= 2) {
          out.push({
            file,
            imports: specifier,
            why: "the app reaches the engine only through app/models/db.server.ts",
          });
        }
        continue;
      }
      const from = layerOf(file);
      const to = layerOf(target);
      if (from >= 0 && to >= 0 && to < from) {
        out.push({ file, imports: specifier, why: `${LAYERS[from].name} is below ${LAYERS[to].name}` });
      }
    }
  }
  return out;
}

/** The TypeScript sources of the layered folders (tests and generated files left out). */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of ["app", "server", "scripts", "packages/embedded-mongo/src", "packages/embedded-mongo/tools"]) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { recursive: true }) as string[]) {
      const file = path.posix.join(dir, entry.split(path.sep).join("/"));
      if (/\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("/+types/")) files.push(file);
    }
  }
  return files.sort();
}

/**
 * Module names used in more than one of the app's server layers (utils, services, models): `session` in two of them
 * would be two different things a reader has to tell apart. Tests beside a module share its name and are left out.
 */
export function repeatedNames(files: string[]): string[] {
  const layersByName = new Map<string, Set<string>>();
  for (const file of files) {
    const match = /^app\/(utils|services|models)\/(?:.*\/)?([^/]+?)(\.server)?\.tsx?$/.exec(file);
    if (!match || file.includes(".test.")) continue;
    const seen = layersByName.get(match[2]) ?? new Set<string>();
    seen.add(match[1]);
    layersByName.set(match[2], seen);
  }
  return [...layersByName].filter(([, layers]) => layers.size > 1).map(([name]) => name);
}

/** A model's write called by name (`Registration.updateOne(`, `User.create(`): models are PascalCase. */
const MODEL_WRITE =
  /\b[A-Z]\w*\.(create|insertMany|updateOne|updateMany|findOneAndUpdate|findByIdAndUpdate|deleteOne|deleteMany|findOneAndDelete|findByIdAndDelete|bulkWrite|replaceOne)\(/;
const FORM_HOOK = "app/components/form/use-portal-form.ts";
/** A guard given a permission or a list of roles written out, instead of the route's own declaration. */
const GUARD_COPY = /\brequire(?:Admin|Role)\(\s*request\s*,\s*["'`[]/;

/**
 * The house's rules (docs/contributing.md#the-page-kit): routes hold UI, reads and one call per intent, so no route
 * module (its `+shared` and `.server.ts` helpers included) calls a model's write or runs over 300 lines, and a guard
 * reads the route's declared rules instead of repeating them; the office's pages take their
 * landmark and heading from `AdminPage`; only the house's form hook calls Conform's `useForm`; a service sees no
 * React Router or Conform (it returns app/domain/result.ts, the route makes the reply).
 */
export function houseRuleBreaks(root: string, files: string[], maxRouteLines = 300): Violation[] {
  const out: Violation[] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), "utf8");
    if (file.startsWith("app/routes/")) {
      const lines = source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
      if (lines > maxRouteLines)
        out.push({
          file,
          imports: `${lines} lines`,
          why: `a route module over ${maxRouteLines} lines: move its parts out`,
        });
      const write = MODEL_WRITE.exec(source);
      if (write) out.push({ file, imports: write[0], why: "a route calls a model's write: move it to a service" });
      const guard = GUARD_COPY.exec(source);
      if (guard) out.push({ file, imports: guard[0], why: "a guard copies its route's rules: pass handle.rules" });
    }
    if (file.startsWith("app/routes/admin/") && /<main\b/.test(source))
      out.push({ file, imports: "<main", why: "an office page frames itself: use AdminPage" });
    if (file.startsWith("app/services/"))
      for (const specifier of importsOf(source))
        if (specifier === "react-router" || specifier.startsWith("@conform-to/"))
          out.push({ file, imports: specifier, why: "a service sees no React Router or Conform" });
    if (file !== FORM_HOOK && /\buseForm\(/.test(source))
      out.push({ file, imports: "useForm(", why: "only the house's form hook calls useForm" });
  }
  return out;
}
