/** The native filter test (fast-match.ts) against mingo's answer, on documents chosen to trip it. */
import { Double, Long, ObjectId } from "bson";
import { Query } from "mingo/query";
import { describe, expect, it } from "vitest";
import { fastTest } from "./fast-match.ts";
import { mingoOptions } from "./mingo-options.ts";
import { prepareFilter } from "./query-operators.ts";
import type { Doc } from "./values.ts";

const AT = new Date("2026-11-01T10:00:00Z");
const DOCS: Doc[] = [
  {},
  { a: null },
  { a: 1 },
  { a: 2.5 },
  { a: -0 },
  { a: Number.NaN },
  { a: new Double(1) },
  { a: 1n },
  { a: "1" },
  { a: "b" },
  { a: "é" },
  { a: "\u{1F600}" },
  { a: "\uFFFF" },
  { a: true },
  { a: false },
  { a: AT },
  { a: new Date(Number.NaN) },
  { a: new Date(AT.getTime() + 1) },
  { a: [1, 2] },
  { a: [] },
  { a: [null] },
  { a: { b: 1 } },
  { a: { b: [1] } },
  { a: { b: null } },
  { a: { c: 1 } },
  { a: [{ b: 1 }] },
  { a: ["b", "x"] },
  { a: [1, "b", null] },
  { a: [AT, new Date(AT.getTime() + 1)] },
  { a: [0, 3] },
  { a: [[1]] },
  { a: [Number.NaN, 1] },
  { a: [new Double(1)] },
  { a: [2.5, { b: 1 }] },
  { a: { b: [1, 2] } },
  { a: { b: [] } },
  { a: "x", b: "y" },
  { a: new ObjectId("64b7f0c2a1b2c3d4e5f60718") },
  { a: Long.fromNumber(1) },
  { withdrawnAt: AT, vacation: "v1", programme: "business" },
  { vacation: "v1", programme: "science", createdAt: AT },
  { vacation: "v2", programme: "business", createdAt: new Date(AT.getTime() - 1) },
];

const FILTERS: Doc[] = [
  {},
  { a: 1 },
  { a: 2.5 },
  { a: 0 },
  { a: "1" },
  { a: "b" },
  { a: true },
  { a: null },
  { a: AT },
  { "a.b": 1 },
  { "a.b": null },
  { a: { $eq: 1 } },
  { a: { $ne: 1 } },
  { a: { $ne: null } },
  { a: { $in: [1, "b", null] } },
  { a: { $in: [] } },
  { a: { $nin: [1, "b"] } },
  { a: { $nin: [null] } },
  { a: { $exists: true } },
  { a: { $exists: false } },
  { "a.b": { $exists: true } },
  { "a.b": { $exists: false } },
  { a: { $gt: 1 } },
  { a: { $gte: 1 } },
  { a: { $lt: 2 } },
  { a: { $lte: 2.5 } },
  { a: { $gt: 0, $lt: 3 } },
  { a: { $gt: "a" } },
  { a: { $lt: "\u{1F600}" } },
  { a: { $gt: "\uFFFF" } },
  { a: { $gte: AT } },
  { a: { $lt: AT } },
  { a: 1, b: "y" },
  { $and: [{ a: { $exists: true } }, { a: { $ne: "x" } }] },
  { $or: [{ a: 1 }, { a: "b" }, { "a.b": 1 }] },
  { $or: [{ a: { $gt: 2 } }, { b: "y" }] },
  { vacation: "v1", withdrawnAt: { $exists: false } },
  { vacation: "v1", withdrawnAt: { $exists: false }, createdAt: { $lt: AT } },
  { programme: { $in: ["business", "science"] }, vacation: { $ne: "v2" } },
  { a: { $size: 0 } },
  { a: { $size: 2 } },
  { "a.b": { $size: 2 } },
  { a: "x" },
  { a: { $ne: "b" } },
  { a: { $nin: [1, null] } },
  { a: { $gt: 1, $lt: 3 } },
  { a: { $lte: 0 } },
  { $or: [{ a: { $size: 0 } }, { a: { $exists: false } }, { a: 1 }] },
];

function mingoAnswer(filter: Doc, doc: Doc) {
  return new Query(prepareFilter(filter), mingoOptions()).test(doc);
}

describe("the native filter test", () => {
  it("answers every document as mingo does, or leaves it to mingo", () => {
    let answered = 0;
    for (const filter of FILTERS) {
      const fast = fastTest(filter);
      expect(fast, JSON.stringify(filter)).not.toBeNull();
      for (const doc of DOCS) {
        const r = fast!(doc);
        if (r === undefined) continue;
        answered++;
        expect(
          r,
          `${JSON.stringify(filter)} on ${String(Object.entries(doc).map(([k, v]) => `${k}=${String(v)}`))}`,
        ).toBe(mingoAnswer(filter, doc));
      }
    }
    // Most pairs are answered natively; arrays on the way to a field and BSON wrappers are left to mingo.
    expect(answered).toBeGreaterThan(FILTERS.length * DOCS.length * 0.6);
  });

  it("answers an array of plain scalars at the field by its elements, and leaves any other array to mingo", () => {
    const doc = { vacations: ["v1", "v2"], forms: [], marks: [40, 75] };
    expect(fastTest({ vacations: "v2" })!(doc)).toBe(true);
    expect(fastTest({ vacations: { $nin: ["v2"] } })!(doc)).toBe(false);
    expect(fastTest({ forms: { $size: 0 } })!(doc)).toBe(true);
    expect(fastTest({ marks: { $gt: 50, $lt: 60 } })!(doc)).toBe(true);
    expect(fastTest({ marks: { $gt: 80 } })!(doc)).toBe(false);
    expect(fastTest({ a: 1 })!({ a: [[1]] })).toBeUndefined();
    expect(fastTest({ a: 1 })!({ a: [{ b: 1 }] })).toBeUndefined();
    expect(fastTest({ "a.b": 1 })!({ a: [{ b: 1 }] })).toBeUndefined();
  });

  it("answers nothing for operators it does not know, regular expressions or sub-document equality", () => {
    for (const filter of [
      { a: /b/ },
      { a: { $regex: "b" } },
      { a: { b: 1 } },
      { a: { $elemMatch: { $gt: 1 } } },
      { a: { $size: -1 } },
      { a: { $size: 1.5 } },
      { a: { $not: { $gt: 1 } } },
      { $expr: { $gt: ["$a", 1] } },
      { $nor: [{ a: 1 }] },
      { a: { $gt: null } },
      { a: new ObjectId("64b7f0c2a1b2c3d4e5f60718") },
      { a: 1n },
      { "a.0": 1 },
      { $and: [] },
    ])
      expect(fastTest(filter as Doc), String(Object.keys(filter))).toBeNull();
  });
});
