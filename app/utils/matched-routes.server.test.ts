import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { withMatchedRoutesOnly } from "./matched-routes.server.ts";

const route = (id: string, parentId?: string) => ({ id, parentId, module: `/${id}.js`, hasLoader: true });
const context = (mode: "lazy" | "initial") =>
  ({
    routeDiscovery: { mode, manifestPath: "/__manifest" },
    manifest: {
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
      routes: { root: route("root"), home: route("home", "root"), portal: route("portal", "root") },
    },
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "portal" } }] },
  }) as unknown as EntryContext;

describe("withMatchedRoutesOnly", () => {
  it("renders with the matched routes only, without touching the build's manifest", () => {
    const whole = context("lazy");
    const cut = withMatchedRoutesOnly(whole);
    expect(Object.keys(cut.manifest.routes)).toEqual(["root", "portal"]);
    expect(cut.manifest.entry).toBe(whole.manifest.entry);
    expect(cut.staticHandlerContext).toBe(whole.staticHandlerContext);
    expect(Object.keys(whole.manifest.routes)).toEqual(["root", "home", "portal"]);
  });

  it("leaves every route when the browser is not to discover them", () => {
    const whole = context("initial");
    expect(withMatchedRoutesOnly(whole)).toBe(whole);
  });
});
