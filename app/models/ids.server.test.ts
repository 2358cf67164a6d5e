import { isCuid } from "@paralleldrive/cuid2";
import { describe, expect, it } from "vitest";
import { newId } from "#app/models/ids.server.ts";

describe("newId", () => {
  it("gives cuid2 ids of 24 characters, none repeated, across many refills of its random pool", () => {
    // 25 numbers an id: 2,000 ids draw the 1,024-number pool about fifty times.
    const ids = Array.from({ length: 2_000 }, newId);
    expect(ids.every((id) => isCuid(id) && id.length === 24)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // The first letter is drawn from the pool too: spread over the alphabet, not stuck on one value.
    const firstLetters = new Set(ids.map((id) => id[0]));
    expect(firstLetters.size).toBeGreaterThan(20);
  });
});
