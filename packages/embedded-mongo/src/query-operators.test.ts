/**
 * The query operators that replace mingo's where mingo differs from MongoDB, through the shared mingo context the
 * engine matches with (find, count, $match, $pull conditions, partial indexes).
 */
import { Binary, Int32, Long } from "bson";
import { Query } from "mingo/query";
import { describe, expect, it } from "vitest";
import { mingoOptions } from "./mingo-options.ts";
import { candidates, prepareFilter } from "./query-operators.ts";

function matches(filter: Record<string, unknown>, doc: Record<string, unknown>): boolean {
  return new Query(prepareFilter(filter), mingoOptions()).test(doc);
}

describe("equality and ranges", () => {
  it("match numbers across int, double and Int64", () => {
    expect(matches({ n: 5 }, { n: new Long(5) })).toBe(true);
    expect(matches({ n: new Int32(5) }, { n: 5.0 })).toBe(true);
    expect(matches({ n: { $gt: 4n } }, { n: 4.5 })).toBe(true);
  });

  it("compare only within a type bracket: a number never matches a range on strings or the reverse", () => {
    expect(matches({ n: { $gt: 5 } }, { n: "10" })).toBe(false);
    expect(matches({ s: { $lt: "b" } }, { s: 1 })).toBe(false);
    expect(matches({ s: { $gte: "a" } }, { s: "apple" })).toBe(true);
  });

  it("let null match a missing field, and $in with null too", () => {
    expect(matches({ a: null }, {})).toBe(true);
    expect(matches({ a: { $in: [null, 1] } }, { b: 1 })).toBe(true);
    expect(matches({ a: { $nin: [null] } }, {})).toBe(false);
  });

  it("match an array field when any element matches, or the whole array", () => {
    expect(matches({ tags: "x" }, { tags: ["y", "x"] })).toBe(true);
    expect(matches({ tags: ["y", "x"] }, { tags: ["y", "x"] })).toBe(true);
    expect(matches({ tags: { $all: ["x"] } }, { tags: "x" })).toBe(true);
  });
});

describe("$type and the bit operators", () => {
  it("match by BSON type name or number, with `number` for every numeric type", () => {
    expect(matches({ a: { $type: "string" } }, { a: "x" })).toBe(true);
    expect(matches({ a: { $type: "long" } }, { a: new Long(1) })).toBe(true);
    expect(matches({ a: { $type: "number" } }, { a: new Long(1) })).toBe(true);
    expect(matches({ a: { $type: 2 } }, { a: 1 })).toBe(false);
    expect(matches({ a: { $type: "array" } }, { a: [1] })).toBe(true);
  });

  it("test bits of integers and of binary data, and never match a fractional number", () => {
    expect(matches({ f: { $bitsAllSet: [0, 2] } }, { f: 5 })).toBe(true);
    expect(matches({ f: { $bitsAnySet: 2 } }, { f: 5 })).toBe(false);
    expect(matches({ f: { $bitsAllClear: [1] } }, { f: 5.5 })).toBe(false);
    expect(matches({ f: { $bitsAllSet: [0] } }, { f: new Binary(Buffer.from([1])) })).toBe(true);
  });
});

describe("$elemMatch", () => {
  it("of operators needs one element to satisfy all of them", () => {
    expect(matches({ marks: { $elemMatch: { $gte: 80, $lt: 85 } } }, { marks: [90, 70] })).toBe(false);
    expect(matches({ marks: { $elemMatch: { $gte: 80, $lt: 85 } } }, { marks: [90, 82] })).toBe(true);
  });

  it("of fields matches documents in the array", () => {
    const doc = {
      children: [
        { name: "Ama", form: 1 },
        { name: "Kofi", form: 3 },
      ],
    };
    expect(matches({ children: { $elemMatch: { name: "Ama", form: 3 } } }, doc)).toBe(false);
    expect(matches({ children: { $elemMatch: { name: "Kofi", form: { $gt: 2 } } } }, doc)).toBe(true);
  });
});

describe("candidates", () => {
  it("lists what a dotted path reaches, with undefined where it ends nowhere (which null matches)", () => {
    expect(candidates({ a: [{ b: 1 }, { c: 2 }] }, ["a", "b"])).toEqual([1, undefined]);
    expect(candidates({ a: [[1, 2], 3] }, ["a"])).toEqual([[[1, 2], 3], [1, 2], 3]);
  });
});
