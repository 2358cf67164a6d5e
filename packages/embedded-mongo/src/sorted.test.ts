/**
 * Sorted/paginated finds and counts: every plan (ordered index walk, walk
 * abandoned for a heap scan, bounded heap, full sort, narrowed candidates)
 * must return exactly what a full stable sort of all matches in natural
 * (insertion) order returns, sliced by skip/limit.
 */
import { Binary, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId } from "bson";
import { Query } from "mingo/query";
import { describe, expect, it } from "vitest";
import { Engine } from "./engine.ts";
import { mingoOptions } from "./mingo-options.ts";
import { selectSorted, parseSort } from "./sorted.ts";
import { type Doc, sortDocs } from "./values.ts";

const conn = { id: 1, remote: "test" };

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function run(e: Engine, cmd: Doc): Promise<Doc> {
  const r = await e.runCommand({ ...cmd, $db: "t" }, conn);
  if (r.ok !== 1) throw new Error(`${Object.keys(cmd)[0]} failed: ${r.errmsg}`);
  return r;
}

async function find(e: Engine, filter: Doc, sort: Doc, skip = 0, limit = 0): Promise<any[]> {
  const r = await run(e, { find: "c", filter, sort, skip, limit, batchSize: 1_000_000 });
  return r.cursor.firstBatch.map((d: Doc) => d._id);
}

/** Reference: all matches in natural order, stable full sort, slice. */
function expected(e: Engine, filter: Doc, sort: Doc, skip = 0, limit = 0): any[] {
  const coll = e.getCollection("t", "c")!;
  const q = new Query(filter, mingoOptions());
  const all = Array.from(coll.docs.values()).filter((d) => q.test(d));
  return sortDocs(all, sort)
    .slice(skip, limit ? skip + limit : undefined)
    .map((d) => d._id);
}

async function check(e: Engine, filter: Doc, sort: Doc, pages: [number, number][]) {
  for (const [skip, limit] of pages) {
    const got = await find(e, filter, sort, skip, limit);
    expect(got, `${JSON.stringify(filter)} ${JSON.stringify(sort)} skip ${skip} limit ${limit}`).toEqual(
      expected(e, filter, sort, skip, limit),
    );
  }
}

const PAGES: [number, number][] = [
  [0, 1],
  [0, 5],
  [3, 7],
  [0, 0],
  [10, 0],
  [17, 25],
  [40, 1000],
  [1000, 5],
  [5000, 0],
];

function mixedValue(r: () => number): any {
  const pool = [
    () => undefined, // field missing
    () => null,
    () => new MinKey(),
    () => new MaxKey(),
    () => Math.floor(r() * 5),
    () => Math.floor(r() * 5) + 0.5,
    () => new Int32(Math.floor(r() * 5)),
    () => new Double(Math.floor(r() * 5)),
    () => Long.fromNumber(Math.floor(r() * 5)),
    () => NaN,
    () => ["b", "a", "é", "B", ""][Math.floor(r() * 5)],
    () => ({ x: Math.floor(r() * 3) }),
    () => [Math.floor(r() * 5), "s"],
    () => [],
    () => [[1, 2]],
    () => new ObjectId("65" + String(Math.floor(r() * 3)).padStart(22, "0")),
    () => r() < 0.5,
    () => new Date(1_700_000_000_000 + Math.floor(r() * 4) * 1000),
    () => /ab/i,
    () => new Binary(Buffer.from([Math.floor(r() * 3)])),
  ];
  return pool[Math.floor(r() * pool.length)]();
}

function mixedDocs(n: number, seed: number): Doc[] {
  const r = rng(seed);
  const docs: Doc[] = [];
  for (let i = 0; i < n; i++) {
    const d: Doc = { _id: i, g: ["x", "y", "z"][i % 3], w: Math.floor(r() * 3) };
    const v = mixedValue(r);
    if (v !== undefined) d.v = v;
    if (r() < 0.7) d.nested = { v: mixedValue(r) };
    docs.push(d);
  }
  return docs;
}

describe("sorted finds: top-k / ordered index vs full sort", () => {
  it("mixed BSON types, arrays, null/missing and ties, without an index (heap and full sort)", async () => {
    const e = new Engine(null);
    await run(e, { insert: "c", documents: mixedDocs(300, 1) });
    for (const sort of [
      { v: 1 },
      { v: -1 },
      { v: 1, w: -1 },
      { w: 1, v: -1 },
      { "nested.v": 1 },
      { "nested.v": -1 },
      { g: 1 },
    ]) {
      await check(e, {}, sort, PAGES);
      await check(e, { w: { $gte: 1 } }, sort, PAGES);
    }
  });

  it("an index on a field with arrays is not walked (multikey), and results stay exact", async () => {
    const e = new Engine(null);
    await run(e, {
      createIndexes: "c",
      indexes: [
        { key: { v: 1 }, name: "v_1" },
        { key: { "nested.v": -1 }, name: "nv" },
      ],
    });
    await run(e, { insert: "c", documents: mixedDocs(300, 2) });
    expect(e.getCollection("t", "c")!.orderedViewFor("v")).toBeNull();
    for (const sort of [{ v: 1 }, { v: -1 }, { v: -1, w: 1 }, { "nested.v": 1 }]) {
      await check(e, {}, sort, PAGES);
      await check(e, { g: "y" }, sort, PAGES);
    }
  });

  it("walks a single-field index in order (scalar mixed types, null/missing, ties) and follows writes", async () => {
    const e = new Engine(null);
    await run(e, {
      createIndexes: "c",
      indexes: [
        { key: { v: -1 }, name: "v_-1" },
        { key: { g: 1, v: 1 }, name: "g_v" },
      ],
    });
    const r = rng(3);
    const scalar = (i: number): Doc => {
      const d: Doc = { _id: i, g: ["x", "y", "z"][i % 3], w: Math.floor(r() * 3), s: `name${i % 17}` };
      let v = mixedValue(r);
      while (Array.isArray(v)) v = mixedValue(r);
      if (v !== undefined) d.v = v;
      return d;
    };
    await run(e, { insert: "c", documents: Array.from({ length: 400 }, (_, i) => scalar(i)) });
    const coll = e.getCollection("t", "c")!;
    expect(coll.orderedViewFor("v")).not.toBeNull();
    expect(coll.orderedViewFor("_id")).not.toBeNull();
    const filters = [{}, { w: 1 }, { g: "x" }, { g: { $in: ["x", "z"] } }, { s: { $regex: "^NAME1$", $options: "i" } }];
    const sorts = [{ v: 1 }, { v: -1 }, { v: -1, w: 1 }, { v: 1, _id: -1 }, { _id: -1 }, { _id: 1, v: 1 }];
    for (const f of filters) for (const sort of sorts) await check(e, f, sort, PAGES);

    // writes after the view was built: inserts, key changes, other-field changes, deletes
    await run(e, { insert: "c", documents: Array.from({ length: 50 }, (_, i) => scalar(1000 + i)) });
    await run(e, { update: "c", updates: [{ q: { w: 0 }, u: { $set: { v: 3 } }, multi: true }] });
    await run(e, { update: "c", updates: [{ q: { w: 2 }, u: { $set: { s: "changed" } }, multi: true }] });
    await run(e, { update: "c", updates: [{ q: { _id: 5 }, u: { $unset: { v: 1 } } }] });
    await run(e, { delete: "c", deletes: [{ q: { g: "y", w: 1 }, limit: 0 }] });
    for (const f of filters) for (const sort of sorts) await check(e, f, sort, PAGES);

    // one array value makes the field multikey: no walk; removing it allows the walk again
    await run(e, { update: "c", updates: [{ q: { _id: 7 }, u: { $set: { v: [9, -1] } } }] });
    expect(coll.orderedViewFor("v")).toBeNull();
    for (const sort of sorts) await check(e, {}, sort, PAGES);
    await run(e, { update: "c", updates: [{ q: { _id: 7 }, u: { $set: { v: "back" } } }] });
    expect(coll.orderedViewFor("v")).not.toBeNull();
    for (const f of filters) for (const sort of sorts) await check(e, f, sort, PAGES);
  });

  it("a selective scanning filter abandons the walk for a heap scan with the same result", async () => {
    const e = new Engine(null);
    await run(e, { createIndexes: "c", indexes: [{ key: { at: 1 }, name: "at_1" }] });
    const docs = Array.from({ length: 4000 }, (_, i) => ({
      _id: i,
      name: i % 997 === 0 ? `Needle ${i}` : `hay ${i}`,
      at: new Date(1_700_000_000_000 + ((i * 7919) % 101) * 1000), // many ties
    }));
    await run(e, { insert: "c", documents: docs });
    const f = { $or: [{ name: { $regex: "needle", $options: "i" } }, { missing: "x" }] };
    await check(e, f, { at: -1 }, [
      [0, 2],
      [1, 2],
      [0, 25],
      [3, 25],
      [10, 5],
    ]);
    await check(e, { name: { $regex: "^hay 1" } }, { at: -1 }, [
      [0, 25],
      [500, 25],
      [1100, 25],
      [0, 0],
    ]);
  });

  it("Decimal128 on an indexed sort field is still refused, not silently misordered", async () => {
    const e = new Engine(null);
    await run(e, { createIndexes: "c", indexes: [{ key: { v: 1 }, name: "v_1" }] });
    await run(e, {
      insert: "c",
      documents: [
        { _id: 1, v: Decimal128.fromString("1.5") },
        { _id: 2, v: 2 },
      ],
    });
    const r = await e.runCommand({ find: "c", filter: {}, sort: { v: 1 }, limit: 1, $db: "t" }, conn);
    expect(r.ok).toBe(0);
  });

  it("selectSorted (bounded heap) equals a stable full sort for every skip/limit", () => {
    const docs = mixedDocs(200, 4);
    const seq = new Map(docs.map((d, i) => [d, i]));
    for (const sort of [{ v: 1 }, { v: -1 }, { w: -1, v: 1 }, { "nested.v": -1, w: 1 }]) {
      const spec = parseSort(sort)!;
      const full = sortDocs(docs, sort);
      for (const [skip, limit] of [
        [0, 1],
        [0, 10],
        [7, 13],
        [190, 20],
        [250, 5],
        [0, 0],
        [199, 0],
      ]) {
        const got = selectSorted(docs, spec, skip, limit, (d) => seq.get(d)!);
        expect(got.map((d) => d._id)).toEqual(full.slice(skip, limit ? skip + limit : undefined).map((d) => d._id));
      }
    }
  });
});

describe("counts without materialising", () => {
  it("count command and $match + $group-by-constant / $count aggregates", async () => {
    const e = new Engine(null);
    await run(e, { createIndexes: "c", indexes: [{ key: { g: 1 }, name: "g_1" }] });
    await run(e, { insert: "c", documents: mixedDocs(120, 5) });
    const agg = async (pipeline: Doc[]) => (await run(e, { aggregate: "c", pipeline, cursor: {} })).cursor.firstBatch;
    for (const f of [{}, { g: "x" }, { w: { $gt: 0 } }, { g: "nope" }]) {
      const n = expected(e, f, {}).length;
      expect((await run(e, { count: "c", query: f })).n).toBe(n);
      const counted = n ? [{ _id: 1, n }] : [];
      expect(await agg([{ $match: f }, { $group: { _id: 1, n: { $sum: 1 } } }])).toEqual(counted);
      // the same pipeline through mingo (a no-op $skip defeats the fast path)
      expect(await agg([{ $match: f }, { $skip: 0 }, { $group: { _id: 1, n: { $sum: 1 } } }])).toEqual(counted);
      expect(await agg([{ $match: f }, { $group: { _id: null, a: { $sum: 1 }, b: { $sum: 2 } } }])).toEqual(
        await agg([{ $match: f }, { $skip: 0 }, { $group: { _id: null, a: { $sum: 1 }, b: { $sum: 2 } } }]),
      );
      expect(await agg([{ $match: f }, { $count: "total" }])).toEqual(n ? [{ total: n }] : []);
      expect(await agg([{ $match: f }, { $count: "total" }, { $project: { t2: "$total" } }])).toEqual(
        n ? [{ t2: n }] : [],
      );
    }
    expect(await agg([{ $group: { _id: "$g", n: { $sum: 1 } } }, { $sort: { _id: 1 } }])).toEqual([
      { _id: "x", n: 40 },
      { _id: "y", n: 40 },
      { _id: "z", n: 40 },
    ]);
    expect((await run(e, { count: "c", query: { g: "x" }, skip: 5, limit: 10 })).n).toBe(10);
    expect((await run(e, { count: "missing", query: { g: "x" } })).n).toBe(0);
  });
});
