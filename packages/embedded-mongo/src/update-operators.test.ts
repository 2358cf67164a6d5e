/**
 * The update operators as MongoDB applies them: paths checked for conflicts as written, positional elements resolved
 * against the document before the update, changes applied in field-name order, type errors as errors.
 */
import { describe, expect, it } from "vitest";
import { applyOperators } from "./update-operators.ts";
import type { Doc } from "./values.ts";

function update(doc: Doc, u: Doc, options: { filter?: Doc; arrayFilters?: Doc[]; isInsert?: boolean } = {}): Doc {
  return applyOperators(structuredClone(doc), u, options.filter ?? {}, options.arrayFilters, options.isInsert ?? false);
}

function refusal(doc: Doc, u: Doc, options: Parameters<typeof update>[2] = {}): { code: number; message: string } {
  try {
    update(doc, u, options);
  } catch (e) {
    const error = e as { code: number; message: string };
    return { code: error.code, message: error.message };
  }
  throw new Error("the update was applied");
}

describe("field operators", () => {
  it("$set creates the documents on the way, $unset removes, $inc and $mul keep numbers numbers", () => {
    expect(update({ _id: 1, n: 2 }, { $set: { "a.b.c": 1 }, $inc: { n: 3 }, $unset: { gone: "" } })).toEqual({
      _id: 1,
      n: 5,
      a: { b: { c: 1 } },
    });
    expect(update({ n: 2 }, { $mul: { n: 1.5, m: 2 } })).toEqual({ n: 3, m: 0 });
  });

  it("adds new fields in field-name order, whatever order the update names them in", () => {
    expect(Object.keys(update({ _id: 1 }, { $set: { zeta: 1, alpha: 1 }, $inc: { mid: 1 } }))).toEqual([
      "_id",
      "alpha",
      "mid",
      "zeta",
    ]);
  });

  it("$min, $max and $rename", () => {
    expect(update({ lo: 5, hi: 5 }, { $min: { lo: 3 }, $max: { hi: 3 } })).toEqual({ lo: 3, hi: 5 });
    expect(update({ a: 1, keep: 2 }, { $rename: { a: "b" } })).toEqual({ keep: 2, b: 1 });
  });

  it("$setOnInsert applies only when the update inserts (an upsert)", () => {
    expect(update({ _id: 1 }, { $setOnInsert: { created: true } })).toEqual({ _id: 1 });
    expect(update({ _id: 1 }, { $setOnInsert: { created: true } }, { isInsert: true })).toEqual({
      _id: 1,
      created: true,
    });
  });
});

describe("array operators", () => {
  it("$push with $each, $sort and $slice; $addToSet adds only what is missing", () => {
    expect(update({ a: [3, 1] }, { $push: { a: { $each: [2, 5], $sort: 1, $slice: 3 } } })).toEqual({ a: [1, 2, 3] });
    expect(update({ a: [1, 2] }, { $addToSet: { a: { $each: [2, 3, 3] } } })).toEqual({ a: [1, 2, 3] });
  });

  it("$pull by condition, $pullAll by value, $pop from either end", () => {
    expect(update({ a: [1, 5, 9] }, { $pull: { a: { $gte: 5 } } })).toEqual({ a: [1] });
    expect(update({ a: [{ n: 1 }, { n: 2 }] }, { $pull: { a: { n: 2 } } })).toEqual({ a: [{ n: 1 }] });
    expect(update({ a: [1, 2, 1] }, { $pullAll: { a: [1] } })).toEqual({ a: [2] });
    expect(update({ a: [1, 2, 3] }, { $pop: { a: -1 } })).toEqual({ a: [2, 3] });
  });
});

describe("positional paths", () => {
  const doc = {
    items: [
      { n: 1, qty: 1 },
      { n: 2, qty: 1 },
      { n: 3, qty: 5 },
    ],
  };

  it("`$` is the first element the filter matched", () => {
    expect(update(doc, { $set: { "items.$.qty": 9 } }, { filter: { "items.n": 2 } }).items[1]).toEqual({
      n: 2,
      qty: 9,
    });
  });

  it("`$[]` is every element, `$[id]` every element its array filter matches", () => {
    expect(update(doc, { $inc: { "items.$[].qty": 1 } }).items.map((i: Doc) => i.qty)).toEqual([2, 2, 6]);
    const updated = update(doc, { $set: { "items.$[big].flag": true } }, { arrayFilters: [{ "big.qty": { $gt: 2 } }] });
    expect(updated.items.map((i: Doc) => i.flag ?? false)).toEqual([false, false, true]);
  });

  it("refuses `$` without a matching filter, and an array filter no path uses", () => {
    expect(refusal(doc, { $set: { "items.$.qty": 0 } }).message).toMatch(/positional operator did not find the match/);
    expect(refusal(doc, { $set: { x: 1 } }, { arrayFilters: [{ "i.n": 1 }] }).message).toMatch(/array filter.*i/i);
  });
});

describe("refusals, with MongoDB's codes", () => {
  it("conflicting paths across operators", () => {
    expect(refusal({}, { $set: { a: 1 }, $inc: { "a.b": 1 } })).toMatchObject({ code: 40 });
  });

  it("a type error is an error, never a silent no-op", () => {
    expect(refusal({ s: "x" }, { $inc: { s: 1 } })).toMatchObject({ code: 14 });
    expect(refusal({ n: 1 }, { $push: { n: 2 } })).toMatchObject({ code: 2 });
    expect(refusal({ a: [{ b: 1 }] }, { $set: { "a.b": 2 } })).toMatchObject({ code: 28 });
  });

  it("an unknown operator and an empty path", () => {
    expect(refusal({}, { $frobnicate: { a: 1 } })).toMatchObject({ code: 9 });
    expect(refusal({}, { $set: { "a..b": 1 } })).toMatchObject({ code: 56 });
  });
});
