import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.ts";

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
