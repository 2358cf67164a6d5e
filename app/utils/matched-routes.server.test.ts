import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { parentPaths, rememberingMatch, withMatchedRoutesOnly } from "#app/utils/matched-routes.server.ts";

type Route = { id: string; parentId?: string; path?: string; index?: boolean };
const route = (r: Route) => ({ ...r, module: `/${r.id}.js`, hasLoader: true });
const ROUTES = [
  route({ id: "root", path: "" }),
  route({ id: "home", parentId: "root", index: true }),
  route({ id: "portal", parentId: "root", path: "portal" }),
  route({ id: "facilitator", parentId: "root", path: "facilitator-dashboard" }),
  route({ id: "facilitator-overview", parentId: "facilitator", index: true }),
  route({ id: "facilitator-classes", parentId: "facilitator", path: "classes" }),
  route({ id: "facilitator-class", parentId: "facilitator", path: "classes/:id" }),
  route({ id: "admin", parentId: "root", path: "admin" }),
  route({ id: "admin-overview", parentId: "admin", index: true }),
];

const context = (mode: "lazy" | "initial", pathname: string, matched: string[]) =>
  ({
    routeDiscovery: { mode, manifestPath: "/__manifest" },
    manifest: {
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
      routes: Object.fromEntries(ROUTES.map((r) => [r.id, r])),
    },
    staticHandlerContext: { location: { pathname }, matches: matched.map((id) => ({ route: { id } })) },
  }) as unknown as EntryContext;

describe("withMatchedRoutesOnly", () => {
  it("renders with the page's routes and those of / and each parent path, as route discovery sends them", () => {
    const whole = context("lazy", "/facilitator-dashboard/classes", ["root", "facilitator", "facilitator-classes"]);
    const cut = withMatchedRoutesOnly(whole);
    expect(Object.keys(cut.manifest.routes).sort()).toEqual(
      ["facilitator", "facilitator-classes", "facilitator-overview", "home", "root"].sort(),
    );
    expect(cut.manifest.entry).toBe(whole.manifest.entry);
    expect(cut.staticHandlerContext).toBe(whole.staticHandlerContext);
    expect(Object.keys(whole.manifest.routes)).toHaveLength(ROUTES.length);
  });

  it("keeps nothing else of the tree for a top-level page", () => {
    const cut = withMatchedRoutesOnly(context("lazy", "/portal", ["root", "portal"]));
    expect(Object.keys(cut.manifest.routes).sort()).toEqual(["home", "portal", "root"]);
  });

  it("leaves every route when the browser is not to discover them", () => {
    const whole = context("initial", "/portal", ["root", "portal"]);
    expect(withMatchedRoutesOnly(whole)).toBe(whole);
  });

  it("gives the render a match that asks the handler's once per path, over renders, with the same answer", () => {
    const asked: unknown[] = [];
    const match = ((location: unknown) => {
      asked.push(location);
      return location === "/" ? [{ route: { id: "root" } }, { route: { id: "home" } }] : null;
    }) as unknown as EntryContext["staticHandlerContext"]["_match"];
    const render = () => {
      const whole = context("lazy", "/portal", ["root", "portal"]);
      whole.staticHandlerContext._match = match;
      const cut = withMatchedRoutesOnly(whole);
      // The request's own context (React Router reads what the render writes there), its match remembering.
      expect(cut.staticHandlerContext).toBe(whole.staticHandlerContext);
      return cut.staticHandlerContext._match;
    };
    const first = render()("/");
    expect(render()("/")).toBe(first);
    expect(first).toEqual([{ route: { id: "root" } }, { route: { id: "home" } }]);
    expect(render()("/nowhere")).toBeNull();
    expect(render()("/nowhere")).toBeNull();
    const location = { pathname: "/" } as const;
    render()(location);
    render()(location);
    expect(asked).toEqual(["/", "/nowhere", location, location]);
    expect(rememberingMatch(match)).toBe(rememberingMatch(match));
    expect(rememberingMatch(rememberingMatch(match))).toBe(rememberingMatch(match));
  });

  it("lists / and the parents of an address", () => {
    expect(parentPaths("/facilitator-dashboard/classes/abc")).toEqual([
      "/",
      "/facilitator-dashboard/classes",
      "/facilitator-dashboard",
    ]);
    expect(parentPaths("/")).toEqual(["/"]);
  });
});
