/** Positional paths (positional.ts): `$`, `$[]` and `$[id]` resolved against the unchanged document, as MongoDB does. */
import { describe, expect, it } from "vitest";
import { compileArrayFilters, expand } from "./positional.ts";

const doc = { items: [{ n: 1 }, { n: 5 }, { n: 9 }], tags: ["a", "b"] };
const paths = (path: string, filter = {}, arrayFilters?: object[], isInsert = false) =>
  expand(doc, path.split("."), filter, compileArrayFilters(arrayFilters), isInsert).map((p) => p.join("."));

describe("positional paths", () => {
  it("`$` is the first element the update's filter matched", () => {
    expect(paths("items.$.n", { "items.n": { $gt: 3 } })).toEqual(["items.1.n"]);
    expect(paths("tags.$", { tags: "b" })).toEqual(["tags.1"]);
  });

  it("`$[]` is every element, `$[id]` every element its array filter matches", () => {
    expect(paths("items.$[].n")).toEqual(["items.0.n", "items.1.n", "items.2.n"]);
    expect(paths("items.$[big].n", {}, [{ "big.n": { $gte: 5 } }])).toEqual(["items.1.n", "items.2.n"]);
  });

  it("refuses what MongoDB refuses, with its messages", () => {
    expect(() => paths("items.$.n", {})).toThrow(/did not find the match needed/);
    expect(() => paths("items.$.n", { "items.n": 1 }, undefined, true)).toThrow(/did not find the match needed/);
    expect(() => paths("items.$[x].n")).toThrow(/No array filter found for identifier 'x'/);
    expect(() => paths("missing.$[].n")).toThrow(/must exist in the document/);
    expect(() => paths("tags.0.$[]")).toThrow(/Cannot apply array updates to non-array element/);
  });

  it("checks array filters: one lowercase identifier each, never two with one name", () => {
    expect(() => compileArrayFilters([{ "A.n": 1 }])).toThrow(/beginning with a lowercase letter/);
    expect(() => compileArrayFilters([{ "a.n": 1, "b.n": 2 }])).toThrow(/single top-level field name/);
    expect(() => compileArrayFilters([{ "a.n": 1 }, { "a.m": 2 }])).toThrow(/same top-level field name a/);
    expect([...compileArrayFilters([{ "a.n": 1 }]).keys()]).toEqual(["a"]);
  });
});
