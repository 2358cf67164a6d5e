/** Administration through the dispatcher as the driver calls it (commands-admin.ts). */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";
import type { Doc } from "./values.ts";

describe("commands-admin", () => {
  it("answers the handshake, creates, lists and drops collections and indexes", async () => {
    const { run } = engineRunner();
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
