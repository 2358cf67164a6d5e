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

  it("a TTL sweep removes exactly what expired, from the index's order: dates at or before the limit, none else", async () => {
    const e = new Engine();
    const run = (cmd: object) => e.runCommand({ ...cmd, $db: "d" }, conn);
    await run({ createIndexes: "s", indexes: [{ key: { until: 1 }, name: "until_1", expireAfterSeconds: 0 }] });
    const now = Date.now();
    const documents = Array.from({ length: 10_000 }, (_, n) => ({
      _id: `m${n}`,
      // every third one is due (some at exactly now), the rest in the future, without a date, or not a date
      until: n % 3 === 0 ? new Date(now - (n % 7) * 1000) : n % 3 === 1 ? new Date(now + 60_000) : n % 2 ? null : "x",
    }));
    await run({ insert: "s", documents });
    expect(e.sweepTTL(now)).toBe(Math.ceil(10_000 / 3));
    // a date moved into the past since the last sweep, and one moved out of it
    await run({ update: "s", updates: [{ q: { _id: "m1" }, u: { $set: { until: new Date(now - 1) } } }] });
    await run({ insert: "s", documents: [{ _id: "back", until: new Date(now - 5) }] });
    await run({ update: "s", updates: [{ q: { _id: "back" }, u: { $set: { until: new Date(now + 5_000) } } }] });
    expect(e.sweepTTL(now)).toBe(1);
    const left = e.getCollection("d", "s")!.docs;
    expect(left.has("m1")).toBe(false);
    expect(left.has("back")).toBe(true);
    expect(left.size).toBe(10_000 - Math.ceil(10_000 / 3) - 1 + 1);
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
