/**
 * npm run check:deps — the dependency check that works without the network (part of npm run test:all;
 * docs/security.md "Dependencies"):
 *  - every package installed under node_modules is the one package-lock.json names, at its version, and nothing is
 *    installed that the lockfile does not list;
 *  - every locked package that has an install script was reviewed: it is named in package.json's `allowScripts`
 *    (npm 11 runs a dependency's install script only when that field allows it);
 *  - every dependency of the root and workspace package.json files is one exact version, never a range.
 * Exits 1 with one line per problem. Where the advisory service can be reached, `npm audit` is the other half.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

type LockEntry = { version?: string; link?: boolean; optional?: boolean; dev?: boolean; hasInstallScript?: boolean };

export function dependencyProblems(root: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  type Manifest = {
    allowScripts?: Record<string, boolean>;
    workspaces?: string[];
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as Manifest;
  const problems: string[] = [];
  const reviewed = pkg.allowScripts ?? {};
  const nameOf = (key: string) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);

  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith("node_modules/") && !key.includes("/node_modules/")) continue;
    if (entry.link) continue;
    const manifest = path.join(root, key, "package.json");
    if (!fs.existsSync(manifest)) {
      // Optional packages for other platforms (another OS or CPU) are not installed here.
      if (!entry.optional) problems.push(`${key}: locked at ${entry.version} but not installed (run npm ci)`);
    } else {
      const installed = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: string }).version;
      if (installed !== entry.version) problems.push(`${key}: installed ${installed}, locked ${entry.version}`);
    }
    if (entry.hasInstallScript && !(nameOf(key) in reviewed)) {
      problems.push(
        `${nameOf(key)}: has an install script nobody reviewed (npm install-scripts approve|deny ${nameOf(key)})`,
      );
    }
  }

  // Nothing installed at the top level that the lockfile does not list.
  const top = path.join(root, "node_modules");
  for (const name of fs.existsSync(top) ? fs.readdirSync(top) : []) {
    if (name.startsWith(".")) continue;
    const names = name.startsWith("@") ? fs.readdirSync(path.join(top, name)).map((n) => `${name}/${n}`) : [name];
    for (const n of names)
      if (!(`node_modules/${n}` in lock.packages))
        problems.push(`node_modules/${n}: installed but not in package-lock.json`);
  }
  // Every dependency the project names is pinned to one version (a range would let a fresh install differ).
  const workspaces = (pkg.workspaces ?? []).flatMap((pattern) => {
    const dir = path.join(root, pattern.replace(/\/\*$/, ""));
    return pattern.endsWith("/*") && fs.existsSync(dir) ? fs.readdirSync(dir).map((d) => path.join(dir, d)) : [];
  });
  for (const dir of [root, ...workspaces]) {
    const file = path.join(dir, "package.json");
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"] as const)
      for (const [name, version] of Object.entries(manifest[field] ?? {}))
        if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version) && !workspaceNames(workspaces).includes(name))
          problems.push(
            `${path.relative(root, file) || "package.json"}: ${name} is "${version}", not one exact version`,
          );
  }
  return problems;
}

function workspaceNames(dirs: string[]): string[] {
  return dirs.flatMap((dir) => {
    const file = path.join(dir, "package.json");
    return fs.existsSync(file) ? [(JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string }).name ?? ""] : [];
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  const problems = dependencyProblems(process.cwd());
  for (const p of problems) console.error(`check:deps: ${p}`);
  if (problems.length) process.exit(1);
  console.log("check:deps: every installed package is the locked one; every install script was reviewed");
}
