/** Writes through the dispatcher as the driver calls them (commands-write.ts). */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";

describe("commands-write", () => {
  it("inserts, updates with operators and upserts, deletes, and finds-and-modifies", async () => {
    const { run } = engineRunner();
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

describe("behaviour MongoDB has and the engine must match", () => {
  it("$set of _id to its current value is allowed; to another value it is ImmutableField (66)", async () => {
    const { run } = engineRunner();
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
    const { run } = engineRunner();
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
