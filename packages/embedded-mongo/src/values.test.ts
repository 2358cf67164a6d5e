/**
 * Values as MongoDB orders, keys and reads them: the canonical type order, numbers compared across their BSON types,
 * index keys equal exactly when MongoDB's equality is, dotted paths through arrays, and the sort key of an array.
 */
import { Binary, Double, Int32, Long, MaxKey, MinKey, ObjectId } from "bson";
import { describe, expect, it } from "vitest";
import { compareValues, encodeKey, pathValues, renderValue, sortDocs } from "./values.ts";

describe("compareValues", () => {
  it("orders values of different types by MongoDB's canonical type order", () => {
    const id = new ObjectId("64b000000000000000000001");
    const inOrder = [
      new MinKey(),
      null,
      -1,
      "a",
      { a: 1 },
      [1],
      new Binary(Buffer.from("x")),
      id,
      false,
      new Date(0),
      /a/,
      new MaxKey(),
    ];
    const shuffled = [...inOrder].reverse();
    expect(shuffled.sort(compareValues)).toEqual(inOrder);
  });

  it("compares numbers by value whatever their BSON type (int, double, Int64)", () => {
    expect(compareValues(1, 1n)).toBe(0);
    expect(compareValues(new Int32(2), new Double(2))).toBe(0);
    expect(compareValues(Long.fromString("9007199254740993"), 9007199254740992)).toBeGreaterThan(0);
    expect(compareValues(1.5, 2n)).toBeLessThan(0);
  });

  it("compares strings by code point and documents field by field", () => {
    expect(compareValues("B", "a")).toBeLessThan(0);
    expect(compareValues({ a: 1, b: 2 }, { a: 1, b: 3 })).toBeLessThan(0);
    expect(compareValues({ a: 1 }, { b: 0 })).toBeLessThan(0);
  });
});

describe("encodeKey", () => {
  it("gives equal numbers of different types one key, so an index finds {a: 1} under a stored Int64 1", () => {
    expect(encodeKey(1)).toBe(encodeKey(1n));
    expect(encodeKey(new Int32(7))).toBe(encodeKey(new Double(7)));
    expect(encodeKey(Long.fromNumber(7))).toBe(encodeKey(7));
  });

  it("keeps values MongoDB tells apart apart: a string from a number, and a string from an encoded value", () => {
    expect(encodeKey("1")).not.toBe(encodeKey(1));
    expect(encodeKey(encodeKey(1))).not.toBe(encodeKey(1));
    expect(encodeKey({ a: 1, b: 2 })).not.toBe(encodeKey({ b: 2, a: 1 }));
    expect(encodeKey(null)).toBe(encodeKey(undefined));
  });
});

describe("pathValues", () => {
  const doc = { children: [{ name: "Ama", marks: [50, 70] }, { name: "Kofi" }, 3], tags: [] };

  it("reaches every value of a dotted path through arrays of documents, and expands a terminal array", () => {
    expect(pathValues(doc, ["children", "name"])).toEqual(["Ama", "Kofi"]);
    expect(pathValues(doc, ["children", "marks"])).toEqual([50, 70]);
    expect(pathValues(doc, ["children", "marks"], false)).toEqual([[50, 70]]);
  });

  it("reads a numeric part as an array index, and an empty array as itself", () => {
    expect(pathValues(doc, ["children", "1", "name"])).toEqual(["Kofi"]);
    expect(pathValues(doc, ["tags"])).toEqual([[]]);
    expect(pathValues(doc, ["missing", "x"])).toEqual([]);
  });
});

describe("sortDocs", () => {
  it("sorts an array field by its smallest element ascending and its largest descending, ties in input order", () => {
    const docs = [
      { _id: 1, v: [5, 1] },
      { _id: 2, v: 3 },
      { _id: 3, v: [2, 9] },
      { _id: 4, v: 3 },
    ];
    expect(sortDocs(docs, { v: 1 }).map((d) => d._id)).toEqual([1, 3, 2, 4]);
    expect(sortDocs(docs, { v: -1 }).map((d) => d._id)).toEqual([3, 1, 2, 4]);
  });

  it("sorts missing fields and empty arrays with null, first ascending", () => {
    const docs = [{ _id: 1, v: 0 }, { _id: 2 }, { _id: 3, v: [] }];
    expect(sortDocs(docs, { v: 1 }).map((d) => d._id)).toEqual([2, 3, 1]);
  });

  it("refuses a sort direction other than 1 or -1, as MongoDB does", () => {
    expect(() => sortDocs([{ a: 1 }, { a: 2 }], { a: 2 })).toThrow(/must be 1 \(for ascending\) or -1/);
  });
});

describe("renderValue", () => {
  it("writes a duplicate key the way MongoDB's E11000 message does", () => {
    expect(renderValue({ phone: "+233241234567", n: [1, null] })).toBe('{ phone: "+233241234567", n: [ 1, null ] }');
    expect(renderValue(new ObjectId("64b000000000000000000001"))).toBe("ObjectId('64b000000000000000000001')");
  });
});
