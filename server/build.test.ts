import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  REACT_ROUTER_PRODUCTION,
  buildHttpServer,
  importsReactRouterAtRunTime,
  withProductionReactRouter,
} from "./build.ts";

/** Every module specifier a compiled file imports (static, side-effect and dynamic). */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["']([^"']+)["']/g)].map((m) => m[1]);
}

describe("React Router's production build without a module hook", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-build-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("points every form of import of bare react-router at the production file, and nothing else", () => {
    const from = path.join(dir, "server", "assets");
    const source = [
      'import { Form, Link } from "react-router";',
      'import "react-router";',
      'export { redirect } from "react-router";',
      'const lazy = () => import("react-router");',
      'import { HydratedRouter } from "react-router/dom";',
      'const message = "react-router";',
    ].join("\n");
    const out = withProductionReactRouter(source, from);
    const rewritten = specifiers(out).filter((s) => s.startsWith("."));
    expect(rewritten).toHaveLength(4);
    for (const s of rewritten) expect(path.resolve(from, s)).toBe(REACT_ROUTER_PRODUCTION);
    expect(out).toContain('from "react-router/dom"');
    expect(out).toContain('const message = "react-router";');
    expect(fs.existsSync(REACT_ROUTER_PRODUCTION)).toBe(true);
    expect(REACT_ROUTER_PRODUCTION).toMatch(/react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
  });

  it("notices any import that would load React Router from node_modules", () => {
    expect(importsReactRouterAtRunTime('import { redirect } from "react-router";')).toBe(true);
    expect(importsReactRouterAtRunTime('import { createRequestHandler } from "@react-router/express";')).toBe(true);
    expect(importsReactRouterAtRunTime('import "@react-router/node";')).toBe(true);
    expect(importsReactRouterAtRunTime('import("react-router/dom")')).toBe(true);
    expect(
      importsReactRouterAtRunTime('import { redirect } from "../node_modules/react-router/dist/production/index.mjs";'),
    ).toBe(false);
    expect(importsReactRouterAtRunTime('import express from "express";')).toBe(false);
  });

  it("compiles the server with React Router's packages bundled and every React Router import on the production file", async () => {
    const serverDir = path.join(dir, "build", "server");
    fs.mkdirSync(path.join(serverDir, "assets"), { recursive: true });
    fs.writeFileSync(
      path.join(serverDir, "index.js"),
      'import "react-router";\nexport { routes } from "./assets/build.js";\n',
    );
    fs.writeFileSync(
      path.join(serverDir, "assets", "build.js"),
      'import { data } from "react-router";\nexport const routes = data;\n',
    );

    await buildHttpServer(path.join(dir, "build"));

    const compiled = [path.join(serverDir, "index.js"), path.join(serverDir, "assets", "build.js")];
    const httpDir = path.join(dir, "build", "http-server");
    compiled.push(
      ...fs
        .readdirSync(httpDir)
        .filter((f) => f.endsWith(".js"))
        .map((f) => path.join(httpDir, f)),
    );
    const toReactRouter: string[] = [];
    for (const file of compiled) {
      const source = fs.readFileSync(file, "utf8");
      expect(importsReactRouterAtRunTime(source), file).toBe(false);
      // A CommonJS copy bundled in would require() it: an ES module cannot be required, nor share the import's copy.
      expect(source, file).not.toMatch(/require\w*\s*\(\s*["'][^"']*react-router/);
      for (const s of specifiers(source))
        if (s.includes("react-router")) toReactRouter.push(path.resolve(path.dirname(file), s));
    }
    // The app build's two modules and the server's own imports (Express adapter, load context, page cache).
    expect(toReactRouter.length).toBeGreaterThanOrEqual(3);
    expect(new Set(toReactRouter)).toEqual(new Set([REACT_ROUTER_PRODUCTION]));
    // No module hook is left to register: the compiled entry imports nothing but the app chunk.
    expect(fs.readdirSync(httpDir).filter((f) => !f.endsWith(".js"))).toEqual([]);
  });
});
