import { describe, expect, it } from "vitest";
import { counted } from "#app/domain/counted.ts";

describe("counted", () => {
  it("says one lesson, two lessons, no lessons, and takes an irregular plural", () => {
    expect(counted(1, "lesson")).toBe("1 lesson");
    expect(counted(2, "lesson")).toBe("2 lessons");
    expect(counted(0, "lesson")).toBe("0 lessons");
    expect(counted(3, "class", "classes")).toBe("3 classes");
  });
});
