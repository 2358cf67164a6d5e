/**
 * Index plans answer exactly what a plain scan answers: random documents and
 * random queries over indexed fields, compared with mingo's answer on the
 * same data (mingo is the reference matcher; the sort is MongoDB's order with
 * ties broken by insertion order, which every plan of this server follows).
 * Also: explain names the index or COLLSCAN, counts and $group counts come
 * from the index, unique indexes are still enforced.
 */
import { Query } from "mingo/query";
import { describe, expect, it } from "vitest";
import { useTestClient } from "../tools/test-client.ts";
import { mingoOptions } from "./mingo-options.ts";
import { sortDocs } from "./values.ts";

const t = useTestClient();

/** Deterministic pseudo-random numbers (so a failure can be replayed). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const PROGRAMMES = ["arts", "science", "business", "visual", "home"];

function makeDocs(n: number, rand: () => number) {
  const docs = [];
  for (let i = 0; i < n; i++) {
    const d: Record<string, unknown> = {
      _id: i,
      programme: PROGRAMMES[Math.floor(rand() * PROGRAMMES.length)],
      score: Math.floor(rand() * 50),
      at: new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 1000) * 3_600_000),
      name: `n${Math.floor(rand() * 200)}`,
    };
    // some documents without a field, some with another type on it
    if (rand() < 0.05) delete d.score;
    if (rand() < 0.03) d.score = String(d.score ?? "x");
    if (rand() < 0.03) d.programme = null;
    docs.push(d);
  }
  return docs;
}

function randomFilter(rand: () => number): Record<string, unknown> {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const conds: Record<string, unknown>[] = [];
  const count = 1 + Math.floor(rand() * 2);
  for (let i = 0; i < count; i++) {
    switch (Math.floor(rand() * 10)) {
      case 9: {
        // equality on every field of the compound index {programme, at}: its exact keys
        const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000);
        conds.push({
          programme: { $in: [pick(PROGRAMMES), pick(PROGRAMMES)] },
          at: { $in: [at(Math.floor(rand() * 1000)), at(Math.floor(rand() * 1000))] },
        });
        break;
      }
      case 7:
        // an $or of indexed branches (an index union) …
        conds.push({
          $or: [
            { programme: pick(PROGRAMMES) },
            { name: pick(["n1", "n2", "n150"]) },
            { score: { $lt: Math.floor(rand() * 10) } },
          ],
        });
        break;
      case 8:
        // … and one with an unindexed branch (a scan)
        conds.push({ $or: [{ programme: pick(PROGRAMMES) }, { unindexed: 1 }] });
        break;
      case 0:
        conds.push({ programme: pick(PROGRAMMES) });
        break;
      case 1:
        conds.push({ programme: { $in: [pick(PROGRAMMES), pick(PROGRAMMES)] } });
        break;
      case 2: {
        const a = Math.floor(rand() * 50);
        conds.push({ score: { [pick(["$gt", "$gte"])]: a, [pick(["$lt", "$lte"])]: a + Math.floor(rand() * 20) } });
        break;
      }
      case 3:
        conds.push({ score: { [pick(["$gt", "$gte", "$lt", "$lte"])]: Math.floor(rand() * 50) } });
        break;
      case 4:
        conds.push({ at: { $gte: new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 1000) * 3_600_000) } });
        break;
      case 5:
        conds.push({ _id: { $in: [Math.floor(rand() * 400), Math.floor(rand() * 400)] } });
        break;
      default:
        conds.push({ name: pick(["n1", "n2", "n3", "n150"]) });
    }
  }
  return conds.length === 1 ? conds[0] : { $and: conds };
}

describe("index plans give the same answers as a scan", () => {
  it("equality, $in, ranges, sorted pages in both directions, skip, limit and counts match mingo over random data", async () => {
    const rand = rng(12345);
    const docs = makeDocs(400, rand);
    const coll = t.client.db("planner").collection<Record<string, unknown>>("p");
    await coll.insertMany(docs.map((d) => ({ ...d })));
    await coll.createIndex({ programme: 1, at: -1 });
    await coll.createIndex({ score: 1 });
    await coll.createIndex({ at: -1 });
    await coll.createIndex({ name: 1 });
    for (let run = 0; run < 150; run++) {
      const filter = randomFilter(rand);
      const sortField = ["at", "score", "_id", "name"][Math.floor(rand() * 4)];
      const dir = rand() < 0.5 ? 1 : -1;
      const sort = { [sortField]: dir } as Record<string, 1 | -1>;
      const skip = Math.floor(rand() * 10);
      const limit = 1 + Math.floor(rand() * 30);
      const expectedAll = sortDocs(
        new Query(filter, mingoOptions()).find(docs).all() as Record<string, unknown>[],
        sort,
      );
      const expected = expectedAll.slice(skip, skip + limit).map((d) => d._id);
      const got = (await coll.find(filter).sort(sort).skip(skip).limit(limit).toArray()).map((d) => d._id);
      expect({ filter, sort, skip, limit, got }).toEqual({ filter, sort, skip, limit, got: expected });
      expect(await coll.countDocuments(filter)).toBe(expectedAll.length);
    }
  });

  it("an equality selecting a large share, sorted by another indexed field, walks the sort index and answers as the scan", async () => {
    const rand = rng(777);
    const docs = makeDocs(3_000, rand);
    const coll = t.client.db("planner").collection<Record<string, unknown>>("wide");
    await coll.insertMany(docs.map((d) => ({ ...d })));
    await coll.createIndex({ programme: 1, at: -1 });
    await coll.createIndex({ at: -1 });
    await coll.createIndex({ score: 1 });
    const filters = [
      { programme: "arts" },
      { programme: { $in: ["arts", "home"] } },
      { programme: "science", score: { $gte: 45 } },
      { programme: "visual", name: "n7" },
    ];
    for (const filter of filters) {
      for (const sort of [{ at: -1 }, { at: 1 }, { score: 1 }, { score: -1, _id: 1 }] as Record<string, 1 | -1>[]) {
        for (const [skip, limit] of [
          [0, 10],
          [5, 10],
          [0, 1],
          [40, 20],
        ]) {
          const expected = sortDocs(
            new Query(filter, mingoOptions()).find(docs).all() as Record<string, unknown>[],
            sort,
          )
            .slice(skip, skip + limit)
            .map((d) => d._id);
          const got = (await coll.find(filter).sort(sort).skip(skip).limit(limit).toArray()).map((d) => d._id);
          expect({ filter, sort, skip, limit, got }).toEqual({ filter, sort, skip, limit, got: expected });
        }
      }
    }
    const plan = JSON.stringify(
      (await coll.find({ programme: "arts" }).sort({ at: -1 }).limit(10).explain("queryPlanner")).queryPlanner
        .winningPlan,
    );
    expect(plan).toMatch(/"stage":"IXSCAN".*"indexName":"at_-1"/);
  });

  it("$group counts by an indexed field come from the index and equal the scan's counts", async () => {
    const coll = t.client.db("planner").collection<Record<string, unknown>>("p");
    const rows = await coll
      .aggregate<{ _id: string | null; n: number }>([{ $group: { _id: "$programme", n: { $sum: 1 } } }])
      .toArray();
    const all = await coll.find({}).toArray();
    const expected = new Map<string | null, number>();
    for (const d of all)
      expected.set(
        (d.programme as string | null) ?? null,
        (expected.get((d.programme as string | null) ?? null) ?? 0) + 1,
      );
    expect(new Map(rows.map((r) => [r._id, r.n]))).toEqual(expected);
    const explained = await coll.aggregate([{ $group: { _id: "$programme", n: { $sum: 1 } } }]).explain("queryPlanner");
    expect(JSON.stringify(explained.queryPlanner.winningPlan)).toContain("DISTINCT_SCAN");
  });
});

describe("explain", () => {
  it("names IXSCAN and the index for indexed filters and sorts, COLLSCAN otherwise", async () => {
    const coll = t.client.db("planner").collection<Record<string, unknown>>("p");
    const plan = async (cursor: { explain(v: string): Promise<any> }) =>
      JSON.stringify((await cursor.explain("queryPlanner")).queryPlanner.winningPlan);
    expect(await plan(coll.find({ programme: "arts" }))).toMatch(/"stage":"IXSCAN".*"indexName":"programme_1_at_-1"/);
    expect(await plan(coll.find({ score: { $gte: 10, $lt: 20 } }))).toMatch(/"stage":"IXSCAN".*"indexName":"score_1"/);
    expect(await plan(coll.find({}).sort({ at: -1 }).limit(5))).toMatch(
      /"stage":"IXSCAN".*"indexName":"at_-1".*"direction":"forward"/,
    );
    expect(await plan(coll.find({}).sort({ at: 1 }).limit(5))).toMatch(/"direction":"backward"/);
    expect(await plan(coll.find({ unindexed: 1 }))).toContain('"stage":"COLLSCAN"');
    // An $or whose every branch an index narrows is an index union; one unindexed branch makes it a scan.
    expect(await plan(coll.find({ $or: [{ programme: "arts" }, { name: "n1" }] }))).toMatch(
      /"stage":"OR".*"indexName":"programme_1_at_-1".*"indexName":"name_1"/,
    );
    expect(
      await plan(coll.find({ $and: [{ $or: [{ _id: 1 as any }, { name: "n1" }] }, { score: { $exists: true } }] })),
    ).toMatch(/"stage":"OR".*"indexName":"_id_"/);
    expect(await plan(coll.find({ $or: [{ programme: "arts" }, { unindexed: 1 }] }))).toContain('"stage":"COLLSCAN"');
    // Equality plus a sort: the sort field's index is walked and the filter tested on the way (no SORT stage).
    expect(await plan(coll.find({ programme: "arts" }).sort({ at: -1 }).limit(5))).toMatch(
      /"stage":"IXSCAN".*"indexName":"at_-1".*"direction":"forward"/,
    );
    const newest = await coll.find({ programme: "arts" }).sort({ at: -1 }).limit(5).toArray();
    const all = (await coll.find({ programme: "arts" }).toArray()).sort(
      (a, b) => Number(b.at) - Number(a.at) || String(a._id).localeCompare(String(b._id)),
    );
    expect(newest.map((d) => d.at)).toEqual(all.slice(0, 5).map((d) => d.at));
    // Equality on every field of a compound index is counted from its exact keys (built on that first lookup for a
    // non-unique index), of a unique one too.
    const exact = await t.client.db("planner").command({
      explain: { count: "p", query: { programme: "science", at: new Date(Date.UTC(2026, 0, 1)) } },
      verbosity: "queryPlanner",
    });
    expect(JSON.stringify(exact.queryPlanner.winningPlan)).toMatch(
      /"stage":"COUNT_SCAN".*"indexName":"programme_1_at_-1"/,
    );
    const pairs = t.client.db("planner").collection<Record<string, unknown>>("pairs");
    await pairs.createIndex({ a: 1, b: 1 }, { unique: true });
    await pairs.insertMany([
      { a: 1, b: 1 },
      { a: 1, b: 2 },
      { a: 2, b: 1 },
    ]);
    const unique = await t.client
      .db("planner")
      .command({ explain: { count: "pairs", query: { a: 1, b: 2 } }, verbosity: "queryPlanner" });
    expect(JSON.stringify(unique.queryPlanner.winningPlan)).toMatch(/"stage":"COUNT_SCAN".*"indexName":"a_1_b_1"/);
    expect(await pairs.countDocuments({ a: 1, b: 2 })).toBe(1);
    const count = await t.client
      .db("planner")
      .command({ explain: { count: "p", query: { programme: "science" } }, verbosity: "queryPlanner" });
    expect(JSON.stringify(count.queryPlanner.winningPlan)).toMatch(
      /"stage":"COUNT_SCAN".*"indexName":"programme_1_at_-1"/,
    );
  });

  it("a non-unique compound index's full keys, built on the first lookup by every field, follow the writes after it", async () => {
    const coll = t.client.db("planner").collection<Record<string, unknown>>("groups");
    await coll.createIndex({ programme: 1, subject: 1 });
    await coll.insertMany(
      ["maths", "physics", "chemistry"].flatMap((subject) =>
        ["science", "arts"].map((programme) => ({ programme, subject })),
      ),
    );
    const count = () => coll.countDocuments({ programme: "science", subject: { $in: ["maths", "physics"] } });
    expect(await count()).toBe(2);
    await coll.insertOne({ programme: "science", subject: "maths" });
    await coll.updateOne({ programme: "science", subject: "physics" }, { $set: { subject: "biology" } });
    await coll.deleteOne({ programme: "arts", subject: "maths" });
    expect(await count()).toBe(2);
    expect((await coll.find({ programme: "science", subject: "maths" }).toArray()).length).toBe(2);
    expect(await coll.countDocuments({ programme: "arts", subject: "maths" })).toBe(0);
  });

  it("counts collection scans as MongoDB's serverStatus does, and lists big ones by filter shape, never values", async () => {
    const coll = t.client.db("planner").collection<Record<string, unknown>>("p");
    const status = async () => (await t.client.db("admin").command({ serverStatus: 1 })).metrics;
    const before = (await status()).queryExecutor.collectionScans.total;
    await coll.find({ programme: "arts" }).toArray();
    await coll.countDocuments({ $or: [{ programme: "arts" }, { name: "n1" }] });
    expect((await status()).queryExecutor.collectionScans.total).toBe(before);
    await coll.find({ unindexed: "secret-value" }).toArray();
    await coll.countDocuments({ unindexed: { $in: ["x"] } });
    const after = await status();
    expect(after.queryExecutor.collectionScans.total).toBe(before + 2);
    // 400 documents: under the default threshold of 1000, so not listed
    expect(JSON.stringify(after.embedded.collectionScans)).not.toContain("planner.p");
  });

  it("keeps unique indexes enforced and unknown operators refused with MongoDB's error shape", async () => {
    const coll = t.client.db("planner").collection("u");
    await coll.createIndex({ k: 1 }, { unique: true });
    await coll.insertOne({ k: 1 });
    await expect(coll.insertOne({ k: 1 })).rejects.toMatchObject({ code: 11000 });
    await expect(coll.find({ k: { $near: [0, 0] } }).toArray()).rejects.toMatchObject({ code: 115 });
    await expect(coll.find({ k: { $bogus: 1 } }).toArray()).rejects.toMatchObject({ code: 2 });
  });
});
