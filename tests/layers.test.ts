import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { houseRuleBreaks, layerViolations, repeatedNames, sourceFiles } from "./support/layers.ts";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

describe("layers (docs/decisions/0044)", () => {
  it("no file imports a layer above its own, and only the models' connection reaches the engine", () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(200);
    expect(layerViolations(root, files)).toEqual([]);
  });

  it("no module name is used in two of utils, services and models", () => {
    expect(repeatedNames(sourceFiles(root))).toEqual([]);
    expect(repeatedNames(["app/utils/session.server.ts", "app/models/session.server.ts"])).toEqual(["session"]);
  });

  it("catches an upward import (the fixture's model importing a request helper), and only that one", () => {
    const fixture = path.join(root, "tests/fixtures/layers");
    expect(layerViolations(fixture, sourceFiles(fixture))).toEqual([
      { file: "app/models/user.server.ts", imports: "#app/utils/auth.server.ts", why: "models is below utils" },
    ]);
  });

  it("routes leave model writes to services and guards to their rules, office pages use AdminPage, forms use the house's hook, services no HTTP", () => {
    expect(houseRuleBreaks(root, sourceFiles(root))).toEqual([]);
    const fixture = path.join(root, "tests/fixtures/layers");
    expect(houseRuleBreaks(fixture, sourceFiles(fixture), 10)).toEqual([
      {
        file: "app/routes/admin/bad-guard.ts",
        imports: 'requireAdmin(request, "',
        why: "a guard copies its route's rules: pass handle.rules",
      },
      {
        file: "app/routes/admin/bad-page.tsx",
        imports: "11 lines",
        why: "a route module over 10 lines: move its parts out",
      },
      {
        file: "app/routes/admin/bad-page.tsx",
        imports: "User.updateOne(",
        why: "a route calls a model's write: move it to a service",
      },
      { file: "app/routes/admin/bad-page.tsx", imports: "<main", why: "an office page frames itself: use AdminPage" },
      { file: "app/services/bad.server.ts", imports: "react-router", why: "a service sees no React Router or Conform" },
    ]);
  });

  it("every module of the embedded engine has its own test file beside it", () => {
    const dir = path.join(root, "packages/embedded-mongo/src");
    const files = fs.readdirSync(dir);
    const untested = files.filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !files.includes(f.replace(/\.ts$/, ".test.ts")),
    );
    expect(untested).toEqual([]);
  });
});
