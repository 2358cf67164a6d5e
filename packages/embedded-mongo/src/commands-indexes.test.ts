/** Index commands through the dispatcher (commands-indexes.ts): create, list, drop, collMod, and MongoDB's errors. */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";

describe("index commands", () => {
  it("create an index once (the same definition again is a no-op), list it, and drop it", async () => {
    const { run } = engineRunner();
    const create = { createIndexes: "users", indexes: [{ key: { phone: 1 }, name: "phone_1", unique: true }] };
    expect(await run(create)).toMatchObject({ ok: 1, numIndexesBefore: 1, numIndexesAfter: 2 });
    expect(await run(create)).toMatchObject({ ok: 1, numIndexesAfter: 2 });
    const listed = await run({ listIndexes: "users" });
    expect(listed.cursor.firstBatch.map((i: { name: string }) => i.name)).toEqual(["_id_", "phone_1"]);
    expect(await run({ dropIndexes: "users", index: "phone_1" })).toMatchObject({ ok: 1 });
    expect(await run({ dropIndexes: "users", index: "phone_1" })).toMatchObject({ ok: 0, code: 27 });
  });

  it("refuse, as MongoDB does, other keys under a name in use (86), other options or another name for the same keys (85)", async () => {
    const { run } = engineRunner();
    await run({ createIndexes: "users", indexes: [{ key: { phone: 1 }, name: "phone_1" }] });
    const create = (index: object) => run({ createIndexes: "users", indexes: [index] });
    expect(await create({ key: { email: 1 }, name: "phone_1" })).toMatchObject({ ok: 0, code: 86 });
    expect(await create({ key: { phone: 1 }, name: "phone_1", unique: true })).toMatchObject({ ok: 0, code: 85 });
    expect(await create({ key: { phone: 1 }, name: "other" })).toMatchObject({ ok: 0, code: 85 });
  });

  it("refuse a unique index over duplicates, and kinds the engine does not have (67)", async () => {
    const { run } = engineRunner();
    await run({ insert: "users", documents: [{ email: "x@y" }, { email: "x@y" }] });
    expect(
      await run({ createIndexes: "users", indexes: [{ key: { email: 1 }, name: "email_1", unique: true }] }),
    ).toMatchObject({ ok: 0, code: 11000 });
    expect(await run({ createIndexes: "users", indexes: [{ key: { at: "2dsphere" }, name: "geo" }] })).toMatchObject({
      ok: 0,
      code: 67,
    });
  });

  it("collMod hides an index and changes a TTL index's expiry, and refuses any other option", async () => {
    const { run } = engineRunner();
    await run({ createIndexes: "s", indexes: [{ key: { at: 1 }, name: "at_1", expireAfterSeconds: 60 }] });
    expect(await run({ collMod: "s", index: { name: "at_1", expireAfterSeconds: 120 } })).toMatchObject({ ok: 1 });
    expect(await run({ collMod: "s", index: { name: "at_1", hidden: true } })).toMatchObject({ ok: 1 });
    const [, at] = (await run({ listIndexes: "s" })).cursor.firstBatch;
    expect(at).toMatchObject({ name: "at_1", expireAfterSeconds: 120, hidden: true });
    expect(await run({ collMod: "s", validator: { a: 1 } })).toMatchObject({ ok: 0 });
  });
});
