/** The engine's state (engine.ts): journal records applied, TTL and cursor sweeps, filter shapes, unknown commands. */
import { describe, expect, it } from "vitest";
import { Engine, filterShape } from "./engine.ts";
import type { JournalRecord } from "./engine-shared.ts";

const conn = { id: 1, remote: "test" };

describe("the engine", () => {
  it("applies journal records as a restart replays them, twice harmlessly", () => {
    const e = new Engine();
    const records: JournalRecord[] = [
      { op: "c", db: "d", coll: "c", options: {} },
      { op: "p", db: "d", coll: "c", doc: { _id: "a", n: 1 } },
      { op: "p", db: "d", coll: "c", doc: { _id: "b", n: 2 } },
      { op: "r", db: "d", coll: "c", id: "b" },
    ];
    for (const rec of [...records, ...records]) e.applyRecord(rec);
    expect([...e.getCollection("d", "c")!.docs.values()]).toEqual([{ _id: "a", n: 1 }]);
  });

  it("writes every change to its journal, and a TTL sweep removes what expired (and journals it)", async () => {
    const logged: JournalRecord[] = [];
    const e = new Engine({ append: (rec) => void logged.push(rec), commit: async () => {} });
    await e.runCommand(
      { createIndexes: "s", indexes: [{ key: { at: 1 }, name: "at_1", expireAfterSeconds: 60 }], $db: "d" },
      conn,
    );
    const old = new Date(Date.now() - 120_000);
    await e.runCommand(
      {
        insert: "s",
        documents: [
          { _id: "old", at: old },
          { _id: "new", at: new Date() },
        ],
        $db: "d",
      },
      conn,
    );
    expect(e.sweepTTL()).toBe(1);
    expect([...e.getCollection("d", "s")!.docs.keys()]).toHaveLength(1);
    expect(logged.at(-1)).toMatchObject({ op: "r", id: "old" });
  });

  it("answers an unknown command with MongoDB's CommandNotFound (59), and a transaction with 20", async () => {
    const e = new Engine();
    expect(await e.runCommand({ frobnicate: 1, $db: "d" }, conn)).toMatchObject({ ok: 0, code: 59 });
    expect(await e.runCommand({ find: "c", startTransaction: true, autocommit: false, $db: "d" }, conn)).toMatchObject({
      ok: 0,
      code: 20,
    });
  });

  it("describes a filter by its shape, never its values (they may be personal data)", () => {
    expect(filterShape({ phone: "0244000003", $or: [{ a: 1 }, { b: { $gt: 2 } }] })).toBe(
      "{phone: ?, $or: [{a: ?}, {b: {$gt: ?}}]}",
    );
  });
});
