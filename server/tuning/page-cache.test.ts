import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { cacheKeys } from "./page-cache.ts";
import { leafRouteId, rulesForPath } from "#app/utils/route-tree.ts";

const route = (id: string, parentId: string | undefined, extra: Record<string, unknown>, handle?: unknown) => ({
  id,
  parentId,
  ...extra,
  module: { handle },
});
const routes = {
  root: route("root", undefined, { path: "" }),
  "routes/public/layout": route("routes/public/layout", "root", {}),
  "routes/public/home": route(
    "routes/public/home",
    "routes/public/layout",
    { index: true },
    { rules: { access: "public", pageCache: { params: {} } } },
  ),
  "routes/public/registration": route(
    "routes/public/registration",
    "routes/public/layout",
    { path: "registration" },
    { rules: { access: "public", pageCache: { params: {} } } },
  ),
  "routes/public/registration-confirmation": route("routes/public/registration-confirmation", "routes/public/layout", {
    path: "registration/:reference",
  }),
  "routes/auth/portal": route(
    "routes/auth/portal",
    "root",
    { path: "portal" },
    {
      rules: {
        access: "public",
        pageCache: { params: { role: ["student", "parent"], mode: ["signup"], redirectTo: "uncached" } },
      },
    },
  ),
} as unknown as ServerBuild["routes"];
const keyOf = cacheKeys(
  { routes },
  {
    leafRoute: leafRouteId,
    rulesFor: rulesForPath,
  },
);
const keyFor = (url: string) => keyOf(url)?.key ?? null;

describe("the page cache's keys", () => {
  it("ignore parameters a page does not read, so unique query strings share one entry", () => {
    expect(keyFor("/registration")).toBe("routes/public/registration");
    expect(keyFor("/registration?u=1")).toBe("routes/public/registration");
    expect(keyFor("/?utm_source=x&fbclid=y")).toBe("routes/public/home");
    expect(keyOf("/registration?u=1")?.path, "rendered without the parameter").toBe("/registration");
  });
  it("key on the page, not on how its path is spelled", () => {
    for (const spelling of ["/Registration", "/REGISTRATION", "/%72egistration", "/registration/"]) {
      expect(keyFor(spelling), spelling).toBe("routes/public/registration");
    }
  });
  it("keep the parameters a page reads, with listed values only, in a fixed order", () => {
    expect(keyFor("/portal?mode=signup&role=parent&x=1")).toBe("routes/auth/portal?role=parent&mode=signup");
    expect(keyFor("/portal?role=hacker")).toBe("routes/auth/portal");
  });
  it("leave free values, undeclared pages and unknown data requests to the app", () => {
    expect(keyFor("/portal?redirectTo=/admin")).toBeNull();
    expect(keyFor("/registration/abc")).toBeNull();
    expect(keyFor("/nowhere")).toBeNull();
    expect(keyFor("/registration.data?_routes=routes/public/registration")).toBe(
      "routes/public/registration.data?_routes=routes%2Fpublic%2Fregistration",
    );
    expect(keyFor("/_.data?_routes=made-up")).toBeNull();
  });
  it("key a data request like its page, the home page's `/_.data` and a trailing slash's `/x/_.data` too", () => {
    expect(keyFor("/_.data?_routes=root,routes/public/home")).toBe(
      "routes/public/home.data?_routes=root%2Croutes%2Fpublic%2Fhome",
    );
    expect(keyFor("/registration/_.data")).toBe("routes/public/registration.data");
    expect(keyFor("/_root.data"), "the v7 spelling is no page of ours").toBeNull();
  });
});
