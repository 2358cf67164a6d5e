/** Reads and cursors through the dispatcher as the driver calls them (commands-read.ts). */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";
import type { Doc } from "./values.ts";

describe("commands-read and query", () => {
  it("pages through a cursor with getMore, counts, distincts, aggregates and explains the plan", async () => {
    const { run } = engineRunner();
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

describe("$lookup by local and foreign field", () => {
  const setUp = async () => {
    const { e, run } = engineRunner();
    await run({ createIndexes: "users", indexes: [{ key: { team: 1 }, name: "team_1" }] });
    await run({
      insert: "users",
      documents: [
        { _id: "u1", name: "Ama", team: "a" },
        { _id: "u2", name: "Kofi", team: "b" },
        { _id: "u3", name: "Esi" },
        ...Array.from({ length: 200 }, (_, i) => ({ _id: `n${i}`, name: `N${i}`, team: `t${i}` })),
      ],
    });
    await run({
      insert: "sessions",
      documents: [
        { _id: "s1", userId: "u2", team: "a" },
        { _id: "s2", userId: ["u1", "u3", "nobody"] },
        { _id: "s3", userId: null },
        { _id: "s4", team: [] },
      ],
    });
    const lookup = async (stage: Doc, filter: Doc = {}) =>
      (await run({ aggregate: "sessions", pipeline: [{ $match: filter }, { $lookup: stage }], cursor: {} })).cursor
        .firstBatch as Doc[];
    return { e, lookup };
  };

  it("finds the matches through the foreign collection's index, else reads it once for all the input documents and once for null", async () => {
    const { e, lookup } = await setUp();
    const before = e.collectionScans;
    await lookup({ from: "users", localField: "userId", foreignField: "_id", as: "u" }, { _id: "s1" });
    await lookup({ from: "users", localField: "team", foreignField: "team", as: "u" }, { _id: "s1" });
    // A null (no user) is looked up in the `_id` map too: every document has an `_id`.
    await lookup({ from: "users", localField: "userId", foreignField: "_id", as: "u" }, { _id: "s3" });
    expect(e.collectionScans).toBe(before);
    // Without an index: the foreign collection read once for all the input documents (a hash join), and once more
    // for those with no team (null, matched as `{name: null}` matches).
    const all = await lookup(
      { from: "users", localField: "team", foreignField: "name", as: "u" },
      { _id: { $in: ["s1", "s2", "s3", "s4"] } },
    );
    expect(all).toHaveLength(4);
    expect(e.collectionScans).toBe(before + 2);
  });
});

describe("cursors", () => {
  it("project each batch as it is handed out: every document projected, in order, across getMore with and without a batch size", async () => {
    const { e, run } = engineRunner();
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
