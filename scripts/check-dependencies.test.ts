import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { dependencyProblems } from "./check-dependencies.ts";

function project(files: Record<string, unknown>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-deps-"));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), JSON.stringify(content));
  }
  return root;
}

it("finds a package at another version than locked, one not in the lock, and an unreviewed install script", () => {
  const root = project({
    "package.json": { allowScripts: { reviewed: false } },
    "package-lock.json": {
      packages: {
        "": {},
        "node_modules/drifted": { version: "1.0.0" },
        "node_modules/scripted": { version: "2.0.0", hasInstallScript: true },
        "node_modules/reviewed": { version: "1.0.0", hasInstallScript: true },
        "node_modules/@scope/other-os": { version: "1.0.0", optional: true },
      },
    },
    "node_modules/drifted/package.json": { version: "1.0.1" },
    "node_modules/scripted/package.json": { version: "2.0.0" },
    "node_modules/reviewed/package.json": { version: "1.0.0" },
    "node_modules/sneaked/package.json": { version: "6.6.6" },
  });
  expect(dependencyProblems(root)).toEqual([
    "node_modules/drifted: installed 1.0.1, locked 1.0.0",
    "scripted: has an install script nobody reviewed (npm install-scripts approve|deny scripted)",
    "node_modules/sneaked: installed but not in package-lock.json",
  ]);
});

it("finds a dependency given as a range instead of one exact version, in the root and in a workspace", () => {
  const root = project({
    "package.json": {
      workspaces: ["packages/*"],
      dependencies: { pinned: "1.2.3", "@our/engine": "0.1.0" },
      devDependencies: { ranged: "^0.33.0" },
    },
    "package-lock.json": { packages: { "": {} } },
    "packages/engine/package.json": { name: "@our/engine", devDependencies: { tilde: "~4.1.0", exact: "5.1.1" } },
  });
  expect(dependencyProblems(root)).toEqual([
    'package.json: ranged is "^0.33.0", not one exact version',
    'packages/engine/package.json: tilde is "~4.1.0", not one exact version',
  ]);
});
