/** Reads' plans and checks (query.ts): filters are checked even on a missing collection; scans are reported. */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";
import type { Doc } from "./values.ts";

describe("filters on a collection that does not exist", () => {
  it("are still checked: an unknown operator is an error, not an empty answer", async () => {
    const { run } = engineRunner();
    expect(await run({ find: "missing", filter: { a: { $nosuch: 1 } } })).toMatchObject({ ok: 0, code: 2 });
    expect(await run({ count: "missing", query: { a: { $nosuch: 1 } } })).toMatchObject({ ok: 0, code: 2 });
    expect((await run({ find: "missing", filter: { a: { $gt: 1 } } })).cursor.firstBatch).toEqual([]);
  });
});

describe("collection scans", () => {
  it("over the threshold are reported with the filter's shape, without its values", async () => {
    const { e, run } = engineRunner();
    e.scanLogThreshold = 10;
    const seen: Doc[] = [];
    e.onCollectionScan = (scan) => seen.push(scan);
    await run({
      insert: "s",
      documents: Array.from({ length: 12 }, (_, i) => ({ _id: i, phone: `+23324000000${i}` })),
    });
    await run({ find: "s", filter: { phone: "+233240000001", $or: [{ a: { $in: [1, 2] } }, { b: null }] } });
    expect(seen).toEqual([{ ns: "t.s", documents: 12, filter: "{phone: ?, $or: [{a: {$in: [?, ?]}}, {b: ?}]}" }]);
    expect(e.recentScans).toHaveLength(1);
    await run({ find: "s", filter: { _id: 3 } });
    expect(seen).toHaveLength(1);
  });
});

describe("a $group of sums computed natively", () => {
  const docs: Doc[] = [
    { _id: 1, v: "a", p: "x", n: 2, m: 1.5, at: new Date(0) },
    { _id: 2, v: "a", p: "y", n: 3, m: "7", at: new Date(0) },
    { _id: 3, v: "a", p: null, n: null, at: new Date(1) },
    { _id: 4, v: "b", n: -1, m: 0.25, w: true },
    { _id: 5, v: "b", p: "x", n: 10, m: -0.5, at: new Date(1) },
    { _id: 6, p: 1, n: 4 },
    { _id: 7, p: "1", sub: { k: "s" }, n: 1 },
    { _id: 8, p: "date:0", at: "date:0", n: 0.1 },
    { _id: 9, p: "x", at: new Date(0), n: 0.2 },
  ];
  const byId = (rows: Doc[]) => [...rows].sort((a, b) => String(a._id).localeCompare(String(b._id)));

  it("answers as mingo does, with and without a filter, a count after it, or a key that is a date", async () => {
    const { run } = engineRunner();
    await run({ insert: "g", documents: docs });
    const pipelines: Doc[][] = [
      [{ $group: { _id: "$p", n: { $sum: 1 }, total: { $sum: "$n" }, m: { $sum: "$m" } } }],
      [{ $match: { v: "a" } }, { $group: { _id: null, total: { $sum: "$n" }, rows: { $sum: 1 } } }],
      [{ $match: { w: { $exists: false } } }, { $group: { _id: "$v" } }, { $count: "wards" }],
      [{ $match: { v: { $in: ["a", "b"] } } }, { $group: { _id: "$at", n: { $sum: "$n" } } }],
      [{ $group: { _id: "$sub.k", n: { $sum: 2 } } }],
      [{ $group: { _id: "$p", t: { $sum: 0.1 }, s: { $sum: "$n" } } }],
      [{ $group: { _id: "$at", t: { $sum: 0.1 } } }],
      [{ $match: { v: "none" } }, { $group: { _id: "$v", n: { $sum: "$n" } } }],
      [{ $match: { v: "none" } }, { $group: { _id: null } }, { $count: "c" }],
      [{ $group: { _id: { v: "$v", p: "$p" }, n: { $sum: 1 }, s: { $sum: "$n" } } }],
      [{ $match: { v: "a" } }, { $group: { _id: { p: "$p", v: "$v" }, n: { $sum: 1 } } }],
      [{ $group: { _id: { k: "$sub.k", p: "$p" }, n: { $sum: "$n" } } }, { $count: "c" }],
      [{ $group: { _id: { p: "$p", at: "$at" }, n: { $sum: 1 } } }],
    ];
    for (const pipeline of pipelines) {
      const native = await run({ aggregate: "g", pipeline, cursor: {} });
      const viaMingo = await run({ aggregate: "g", pipeline: [{ $skip: 0 }, ...pipeline], cursor: {} });
      expect(native.ok, JSON.stringify(pipeline)).toBe(1);
      expect(byId(native.cursor.firstBatch), JSON.stringify(pipeline)).toEqual(byId(viaMingo.cursor.firstBatch));
    }
  });

  it("groups by several fields as mingo does, a number and the same number as a string apart", async () => {
    const { run } = engineRunner();
    const marks = ["present", "late", "absent", "excused"];
    await run({
      insert: "k",
      documents: Array.from({ length: 40 }, (_, i) => ({
        _id: i,
        r: i % 3 === 0 ? 1 : i % 3 === 1 ? "1" : `w${i % 5}`,
        s: i % 2 === 0,
        m: marks[i % 4],
        n: i / 10,
      })),
    });
    for (const pipeline of [
      [{ $group: { _id: { r: "$r", s: "$s", m: "$m" }, n: { $sum: 1 } } }],
      [
        { $match: { m: { $ne: "excused" } } },
        { $group: { _id: { m: "$m", r: "$r" }, t: { $sum: "$n" }, c: { $sum: 1 } } },
      ],
    ]) {
      const native = await run({ aggregate: "k", pipeline, cursor: {} });
      const viaMingo = await run({ aggregate: "k", pipeline: [{ $skip: 0 }, ...pipeline], cursor: {} });
      expect(native.cursor.firstBatch.length).toBeGreaterThan(4);
      expect(native.cursor.firstBatch).toEqual(viaMingo.cursor.firstBatch);
    }
    // NaN and the infinities are three groups, as mingo and MongoDB keep them.
    await run({ insert: "kn", documents: [NaN, Infinity, -Infinity, 0].map((r, i) => ({ _id: i, r, s: "a" })) });
    const pipeline = [{ $group: { _id: { r: "$r", s: "$s" }, n: { $sum: 1 } } }];
    const native = await run({ aggregate: "kn", pipeline, cursor: {} });
    const viaMingo = await run({ aggregate: "kn", pipeline: [{ $skip: 0 }, ...pipeline], cursor: {} });
    expect(native.cursor.firstBatch).toHaveLength(4);
    expect(native.cursor.firstBatch).toEqual(viaMingo.cursor.firstBatch);
  });

  it("leaves arrays and sub-documents as keys to mingo, with the same answer", async () => {
    const { run } = engineRunner();
    await run({
      insert: "h",
      documents: [
        { _id: 1, k: [1, 2], n: 1 },
        { _id: 2, k: { a: 1 }, n: [3] },
        { _id: 3, k: 1, n: 2 },
      ],
    });
    for (const pipeline of [
      [{ $group: { _id: "$k", n: { $sum: "$n" } } }],
      [{ $group: { _id: null, n: { $sum: "$n" } } }],
    ]) {
      const native = await run({ aggregate: "h", pipeline, cursor: {} });
      const viaMingo = await run({ aggregate: "h", pipeline: [{ $skip: 0 }, ...pipeline], cursor: {} });
      expect(byId(native.cursor.firstBatch)).toEqual(byId(viaMingo.cursor.firstBatch));
    }
  });
});

describe("a count of distinct values", () => {
  it("from an index on the field answers as mingo does, values shared by matching and other documents included", async () => {
    const { run } = engineRunner();
    const documents = Array.from({ length: 60 }, (_, i) => ({
      _id: i,
      vacation: i % 3 === 0 ? "old" : "new",
      ward: `w${i % 17}`,
      ...(i % 11 === 0 ? { withdrawnAt: new Date(0) } : {}),
    }));
    await run({ insert: "d", documents });
    await run({ createIndexes: "d", indexes: [{ key: { ward: 1 }, name: "ward" }] });
    for (const filter of [
      {},
      { vacation: "new" },
      { vacation: "new", withdrawnAt: { $exists: false } },
      { vacation: "none" },
    ]) {
      const pipeline = [{ $match: filter }, { $group: { _id: "$ward" } }, { $count: "n" }];
      const native = await run({ aggregate: "d", pipeline, cursor: {} });
      const viaMingo = await run({ aggregate: "d", pipeline: [{ $skip: 0 }, ...pipeline], cursor: {} });
      // MongoDB's $count of nothing is no document (mingo's is a 0).
      const expected = viaMingo.cursor.firstBatch.filter((row: Doc) => row.n > 0);
      expect(native.cursor.firstBatch, JSON.stringify(filter)).toEqual(expected);
    }
  });
});
