/**
 * The engine's command modules, each through the dispatcher as the driver calls them: administration and indexes
 * (commands-admin.ts), reads and cursors (commands-read.ts), writes (commands-write.ts), plans (query.ts).
 */
import { describe, expect, it } from "vitest";
import { Engine } from "./engine.ts";
import type { Doc } from "./values.ts";

const conn = { id: 1, remote: "test" };
function engine() {
  const e = new Engine();
  const run = (cmd: Doc, db = "t") => e.runCommand({ ...cmd, $db: db }, conn);
  return { e, run };
}

describe("commands-admin", () => {
  it("answers the handshake, creates, lists and drops collections and indexes", async () => {
    const { run } = engine();
    expect(await run({ hello: 1, helloOk: true })).toMatchObject({
      ok: 1,
      isWritablePrimary: true,
      helloOk: true,
      maxWireVersion: 21,
    });
    expect(await run({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(await run({ create: "things" })).toMatchObject({ ok: 1 });
    expect(await run({ create: "things" })).toMatchObject({ ok: 0, code: 48 });
    expect(
      await run({ createIndexes: "things", indexes: [{ key: { a: 1 }, name: "a_1", unique: true }] }),
    ).toMatchObject({ ok: 1 });
    const indexes = (await run({ listIndexes: "things" })).cursor.firstBatch.map((i: Doc) => i.name);
    expect(indexes).toEqual(["_id_", "a_1"]);
    const names = (await run({ listCollections: 1, nameOnly: true })).cursor.firstBatch.map((c: Doc) => c.name);
    expect(names).toContain("things");
    expect(await run({ dropIndexes: "things", index: "a_1" })).toMatchObject({ ok: 1 });
    expect(await run({ drop: "things" })).toMatchObject({ ok: 1 });
    expect(await run({ startTransaction: true, insert: "x", documents: [] })).toMatchObject({ ok: 0, code: 20 });
    expect(await run({ nosuchcommand: 1 })).toMatchObject({ ok: 0, code: 59 });
  });
});

describe("commands-write", () => {
  it("inserts, updates with operators and upserts, deletes, and finds-and-modifies", async () => {
    const { run } = engine();
    expect(
      await run({
        insert: "c",
        documents: [
          { _id: 1, n: 1, tags: ["a"] },
          { _id: 2, n: 2 },
        ],
      }),
    ).toMatchObject({ ok: 1, n: 2 });
    expect(await run({ insert: "c", documents: [{ _id: 1 }] })).toMatchObject({
      ok: 1,
      n: 0,
      writeErrors: [{ code: 11000 }],
    });
    expect(
      await run({ update: "c", updates: [{ q: { _id: 1 }, u: { $inc: { n: 5 }, $push: { tags: "b" } } }] }),
    ).toMatchObject({ ok: 1, n: 1, nModified: 1 });
    const upsert = await run({ update: "c", updates: [{ q: { _id: 3 }, u: { $set: { n: 3 } }, upsert: true }] });
    expect(upsert).toMatchObject({ n: 1, upserted: [{ index: 0, _id: 3 }] });
    const fam = await run({ findAndModify: "c", query: { _id: 2 }, update: { $set: { n: 20 } }, new: true });
    expect(fam.value).toEqual({ _id: 2, n: 20 });
    expect(await run({ delete: "c", deletes: [{ q: { n: { $gte: 20 } }, limit: 0 }] })).toMatchObject({ ok: 1, n: 1 });
    const left = (await run({ find: "c", filter: {}, sort: { _id: 1 } })).cursor.firstBatch;
    expect(left).toEqual([
      { _id: 1, n: 6, tags: ["a", "b"] },
      { _id: 3, n: 3 },
    ]);
  });
});

describe("commands-read and query", () => {
  it("pages through a cursor with getMore, counts, distincts, aggregates and explains the plan", async () => {
    const { run } = engine();
    await run({ createIndexes: "r", indexes: [{ key: { k: 1 }, name: "k_1" }] });
    await run({ insert: "r", documents: Array.from({ length: 25 }, (_, i) => ({ _id: i, k: i % 5, v: i })) });
    const first = await run({ find: "r", filter: { k: 2 }, sort: { v: 1 }, batchSize: 2 });
    expect(first.cursor.firstBatch.map((d: Doc) => d.v)).toEqual([2, 7]);
    const more = await run({ getMore: first.cursor.id, collection: "r", batchSize: 10 });
    expect(more.cursor.nextBatch.map((d: Doc) => d.v)).toEqual([12, 17, 22]);
    expect(more.cursor.id.toString()).toBe("0");
    expect(await run({ count: "r", query: { k: { $in: [1, 3] } } })).toMatchObject({ n: 10 });
    expect((await run({ distinct: "r", key: "k", query: { v: { $lt: 7 } } })).values.sort()).toEqual([0, 1, 2, 3, 4]);
    const grouped = await run({
      aggregate: "r",
      pipeline: [{ $match: { v: { $gte: 20 } } }, { $group: { _id: null, total: { $sum: "$v" } } }],
      cursor: {},
    });
    expect(grouped.cursor.firstBatch).toEqual([{ _id: null, total: 20 + 21 + 22 + 23 + 24 }]);
    const explained = await run({ explain: { find: "r", filter: { k: 4 } }, verbosity: "queryPlanner" });
    expect(JSON.stringify(explained.queryPlanner.winningPlan)).toContain("IXSCAN");
    const scan = await run({ explain: { find: "r", filter: { v: 4 } }, verbosity: "queryPlanner" });
    expect(JSON.stringify(scan.queryPlanner.winningPlan)).toContain("COLLSCAN");
  });
});

describe("behaviour MongoDB has and the engine must match", () => {
  it("$set of _id to its current value is allowed; to another value it is ImmutableField (66)", async () => {
    const { run } = engine();
    await run({ insert: "ids", documents: [{ _id: 1, n: 1 }] });
    expect(await run({ update: "ids", updates: [{ q: { _id: 1 }, u: { $set: { _id: 1, n: 2 } } }] })).toMatchObject({
      ok: 1,
      n: 1,
      nModified: 1,
    });
    const changed = await run({ update: "ids", updates: [{ q: { _id: 1 }, u: { $set: { _id: 2 } } }] });
    expect(changed.writeErrors?.[0]?.code).toBe(66);
    expect((await run({ find: "ids", filter: {} })).cursor.firstBatch).toEqual([{ _id: 1, n: 2 }]);
  });

  it("$pull with $or / $and removes the matching elements (it was a silent no-op)", async () => {
    const { run } = engine();
    await run({
      insert: "p",
      documents: [
        {
          _id: 1,
          ticks: [
            { name: "eggs", n: 1 },
            { name: "bacon", n: 2 },
            { name: "ham", n: 3 },
          ],
        },
      ],
    });
    await run({
      update: "p",
      updates: [{ q: { _id: 1 }, u: { $pull: { ticks: { $or: [{ name: "eggs" }, { name: "bacon" }] } } } }],
    });
    expect((await run({ find: "p", filter: {} })).cursor.firstBatch[0].ticks).toEqual([{ name: "ham", n: 3 }]);
    await run({ update: "p", updates: [{ q: { _id: 1 }, u: { $push: { ticks: { name: "jam", n: 9 } } } }] });
    await run({
      update: "p",
      updates: [{ q: { _id: 1 }, u: { $pull: { ticks: { $and: [{ name: "jam" }, { n: { $gt: 5 } }] } } } }],
    });
    expect((await run({ find: "p", filter: {} })).cursor.firstBatch[0].ticks).toEqual([{ name: "ham", n: 3 }]);
  });
});

describe("filters on a collection that does not exist", () => {
  it("are still checked: an unknown operator is an error, not an empty answer", async () => {
    const { run } = engine();
    expect(await run({ find: "missing", filter: { a: { $nosuch: 1 } } })).toMatchObject({ ok: 0, code: 2 });
    expect(await run({ count: "missing", query: { a: { $nosuch: 1 } } })).toMatchObject({ ok: 0, code: 2 });
    expect((await run({ find: "missing", filter: { a: { $gt: 1 } } })).cursor.firstBatch).toEqual([]);
  });
});

describe("cursors", () => {
  it("project each batch as it is handed out: every document projected, in order, across getMore with and without a batch size", async () => {
    const { e, run } = engine();
    const documents = Array.from({ length: 25 }, (_, i) => ({
      _id: i,
      n: i,
      secret: `s${i}`,
      nested: { keep: i, drop: i },
    }));
    await run({ insert: "p", documents });
    const first = await run({
      find: "p",
      filter: { n: { $gte: 3 } },
      sort: { n: -1 },
      projection: { n: 1, "nested.keep": 1 },
      batchSize: 4,
    });
    const seen: Doc[] = [...first.cursor.firstBatch];
    const id = first.cursor.id;
    // The open cursor keeps the stored documents, not projected copies of them.
    const state = [...e.cursors.values()][0];
    expect(state.docs[0]).toMatchObject({ secret: "s24" });
    const second = await run({ getMore: id, collection: "p", batchSize: 5 });
    seen.push(...second.cursor.nextBatch);
    const rest = await run({ getMore: id, collection: "p" });
    seen.push(...rest.cursor.nextBatch);
    expect(rest.cursor.id.toString()).toBe("0");
    expect(seen).toEqual(Array.from({ length: 22 }, (_, i) => ({ _id: 24 - i, n: 24 - i, nested: { keep: 24 - i } })));
    expect(e.cursors.size).toBe(0);
  });
});

describe("projections", () => {
  it("a plain inclusion keeps the document's field order with _id first, and _id: 0 drops it; other shapes behave the same through mingo", async () => {
    const { run } = engine();
    await run({ insert: "f", documents: [{ _id: 1, b: 2, a: 1, c: { d: 1, e: 2 }, arr: [{ x: 1, y: 2 }] }] });
    const find = async (projection: Doc) => (await run({ find: "f", filter: {}, projection })).cursor.firstBatch[0];
    expect(Object.keys(await find({ a: 1, b: 1 }))).toEqual(["_id", "b", "a"]);
    expect(await find({ a: 1, _id: 0 })).toEqual({ a: 1 });
    expect(await find({ missing: 1 })).toEqual({ _id: 1 });
    expect(await find({ "c.d": 1 })).toEqual({ _id: 1, c: { d: 1 } });
    expect(await find({ "arr.y": 1, _id: 0 })).toEqual({ arr: [{ y: 2 }] });
    expect(await find({ a: 0 })).toEqual({ _id: 1, b: 2, c: { d: 1, e: 2 }, arr: [{ x: 1, y: 2 }] });
  });
});

describe("collection scans", () => {
  it("over the threshold are reported with the filter's shape, without its values", async () => {
    const { e, run } = engine();
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
