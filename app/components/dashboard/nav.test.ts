import { describe, expect, it } from "vitest";
import { bottomBarLinks, isActivePath, sidebarLinks, visibleLinks } from "#app/components/dashboard/nav.ts";
import { rulesOf } from "#app/utils/route-rules.ts";

// The dashboard pages' own declarations (app/routes/dashboard/<page>.tsx; /dashboard is overview.tsx).
const handles = import.meta.glob<unknown>("../../routes/dashboard/*.tsx", { eager: true, import: "handle" });
const rulesFor = (path: string) => {
  const page = path === "/dashboard" ? "overview" : path.slice("/dashboard/".length);
  return rulesOf(handles[`../../routes/dashboard/${page}.tsx`]);
};
const keys = (role: string | null) => visibleLinks(role, rulesFor);
const labels = (role: string | null) => sidebarLinks(keys(role)).map((l) => l.label);

describe("dashboard sidebar by role (docs/product.md#screens)", () => {
  it("student", () => expect(labels("student")).toEqual(["Overview", "WhatsApp Groups"]));
  it("no role counts as student", () => {
    expect(labels(null)).toEqual(labels("student"));
    expect(labels("bogus")).toEqual(labels("student"));
  });
  it("facilitator", () =>
    expect(labels("facilitator")).toEqual([
      "Overview",
      "Subjects",
      "Assignments",
      "Communications",
      "Classes",
      "Student Management",
      "Analytics",
    ]));
  it("parent", () =>
    expect(labels("parent")).toEqual([
      "Overview",
      "WhatsApp Groups",
      "Communications",
      "Evaluation Forms",
      "Payment History",
    ]));
  it("admin", () => expect(labels("admin")).toEqual(["Overview", "Analytics", "Portal Management"]));
  it("the bottom bar holds the first 4 links but Communications (the header's bell opens it)", () => {
    expect(bottomBarLinks(keys("facilitator")).map((l) => l.label)).toEqual([
      "Overview",
      "Subjects",
      "Assignments",
      "Classes",
    ]);
    expect(bottomBarLinks(keys("parent")).map((l) => l.label)).toEqual([
      "Overview",
      "WhatsApp Groups",
      "Evaluation Forms",
      "Payment History",
    ]);
    expect(bottomBarLinks(keys("student"))).toHaveLength(2);
  });
  it("a page that declares no access shows no link", () => {
    expect(sidebarLinks(visibleLinks("admin", () => null))).toEqual([]);
  });
});

describe("active link by path prefix", () => {
  it("matches Overview exactly", () => {
    expect(isActivePath("/dashboard", "/dashboard")).toBe(true);
    expect(isActivePath("/dashboard", "/dashboard/")).toBe(true);
    expect(isActivePath("/dashboard", "/dashboard/students")).toBe(false);
  });
  it("matches other links by prefix, on segment boundaries", () => {
    expect(isActivePath("/dashboard/students", "/dashboard/students")).toBe(true);
    expect(isActivePath("/dashboard/students", "/dashboard/students/export")).toBe(true);
    expect(isActivePath("/dashboard/students", "/dashboard/studentsx")).toBe(false);
    expect(isActivePath("/dashboard/classes", "/dashboard/students")).toBe(false);
  });
});
