import { describe, expect, it } from "vitest";
import { newReference } from "#app/models/ids.server.ts";
import { normaliseReference, readableReference } from "#app/domain/registration-reference.ts";

describe("registration references", () => {
  it("are made of characters no one confuses when reading them out, and differ every time", () => {
    const made = Array.from({ length: 2000 }, () => newReference());
    for (const reference of made) expect(reference).toMatch(/^[2-9a-hjkmnp-z]{12}$/);
    expect(new Set(made).size).toBe(made.length);
    // Every character of the alphabet turns up (the draw is not biased away from any).
    expect(new Set(made.join("")).size).toBe(31);
  });

  it("are shown in capitals in groups of four, and found however they are typed back", () => {
    expect(readableReference("k7kg2tpwpqxm")).toBe("K7KG 2TPW PQXM");
    expect(normaliseReference("K7KG 2TPW-pqxm")).toBe("k7kg2tpwpqxm");
    expect(normaliseReference(readableReference("k7kg2tpwpqxm"))).toBe("k7kg2tpwpqxm");
  });
});
