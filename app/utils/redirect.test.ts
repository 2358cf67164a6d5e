import { describe, expect, it } from "vitest";
import { safeRedirect } from "#app/utils/redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/admin/users?page=2")).toBe("/admin/users?page=2");
    expect(safeRedirect("/student-dashboard", "/x")).toBe("/student-dashboard");
  });
  it.each([
    ["https://evil.example/admin"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["javascript:alert(1)"],
    ["admin"],
    ["/ok\r\nSet-Cookie: x=1"],
    [""],
    [null],
    [undefined],
  ])("falls back for %j", (to) => {
    expect(safeRedirect(to as string | null | undefined, "/portal")).toBe("/portal");
  });
});

describe("safeRedirect with any character", () => {
  it("percent-encodes what a Location header cannot carry", () => {
    const to = safeRedirect("/€?q=Ɛsi#x", "/portal");
    expect(to).toBe("/%E2%82%AC?q=%C6%90si#x");
    expect(() => new Headers({ Location: to })).not.toThrow();
  });
  it.each([
    ["/%5Cevil.example/x"],
    ["/\\evil.example"],
    ["/\tevil"],
    ["/\u0000x"],
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/%2e//evil.example"],
  ])("stays on the site for %j", (to) => {
    const result = safeRedirect(to, "/portal");
    expect(new URL(result, "https://portal.example").origin).toBe("https://portal.example");
  });
});
