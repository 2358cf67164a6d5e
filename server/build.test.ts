import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildHttpServer } from "./build.ts";

/** Every module specifier a compiled file imports (static, side-effect and dynamic). */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["']([^"']+)["']/g)].map((m) => m[1]);
}

describe("the compiled HTTP server", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-build-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("bundles our own modules, leaves every package to node_modules, and so loads React Router's production build", async () => {
    await buildHttpServer(path.join(dir, "build"));
    const httpDir = path.join(dir, "build", "http-server");
    const imported = fs
      .readdirSync(httpDir)
      .flatMap((file) => specifiers(fs.readFileSync(path.join(httpDir, file), "utf8")));
    const packages = imported.filter((s) => !s.startsWith("."));
    expect(packages).toContain("react-router");
    expect(packages).toContain("express");
    expect(packages.filter((s) => s.startsWith("#"))).toEqual([]);
    // What Node resolves that import to, with no conditions given (as `npm start` runs it).
    const resolved = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'console.log(import.meta.resolve("react-router"))'],
      { cwd: process.cwd(), encoding: "utf8" },
    ).trim();
    expect(resolved).toMatch(/\/node_modules\/react-router\/dist\/production\/index\.js$/);
  });
});
