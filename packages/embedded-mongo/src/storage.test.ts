/**
 * The data files (storage.ts): CRC-checked frames, a journal replayed up to its first torn frame, durable commits,
 * compaction into a new generation. The crash and disk-failure cases through a real process: durability.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "./engine.ts";
import type { JournalRecord } from "./engine-shared.ts";
import { Storage, applyFrames, frame } from "./storage.ts";

const records: JournalRecord[] = [
  { op: "c", db: "d", coll: "c", options: {} },
  { op: "p", db: "d", coll: "c", doc: { _id: "a", n: 1 } },
  { op: "p", db: "d", coll: "c", doc: { _id: "b", n: 2 } },
];

describe("frames", () => {
  it("read back every record, in order, and stop at a torn or corrupt frame", () => {
    const whole = Buffer.concat(records.map(frame));
    const read: JournalRecord[] = [];
    expect(applyFrames(whole, (r) => read.push(r))).toMatchObject({ count: 3, validLength: whole.length });
    expect(read).toEqual(records);

    const torn = whole.subarray(0, whole.length - 3);
    const first = frame(records[0]).length + frame(records[1]).length;
    expect(applyFrames(torn, () => {})).toMatchObject({ count: 2, validLength: first });

    const corrupt = Buffer.from(whole);
    corrupt[first + 10] ^= 0xff; // a byte of the third record's payload: its CRC no longer holds
    expect(applyFrames(corrupt, () => {})).toMatchObject({ count: 2, validLength: first });
  });
});

describe("the storage of a data directory", () => {
  it("keeps what was committed across a close and an open, compaction included", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));
    const engine = new Engine();
    const storage = await Storage.open(dir, engine, { log: () => {} });
    // As the engine writes: applied in memory, then journalled; a compaction snapshots the memory.
    const write = (rec: JournalRecord) => {
      engine.applyRecord(rec);
      storage.append(rec);
    };
    records.forEach(write);
    await storage.commit();
    await storage.compact();
    write({ op: "r", db: "d", coll: "c", id: "a" });
    await storage.commit();
    await storage.close();

    const again = new Engine();
    const reopened = await Storage.open(dir, again, { log: () => {} });
    expect([...again.getCollection("d", "c")!.docs.values()]).toEqual([{ _id: "b", n: 2 }]);
    await reopened.close();
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});

describe("a compaction in slices", () => {
  it("acknowledges writes while its snapshot is written, and a crash before, during or after the switch keeps them all", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));
    const engine = new Engine();
    const storage = await Storage.open(dir, engine, { log: () => {}, compactThresholdBytes: 2 ** 40 });
    const write = (rec: JournalRecord) => {
      engine.applyRecord(rec);
      storage.append(rec);
    };
    write({ op: "c", db: "d", coll: "c", options: {} });
    const text = "x".repeat(200);
    for (let n = 0; n < 60_000; n++) write({ op: "p", db: "d", coll: "c", doc: { _id: `old${n}`, n, text } });
    await storage.commit();

    const crashes: string[] = [];
    const crashCopy = () => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), "storage-crash-"));
      fs.cpSync(dir, copy, { recursive: true });
      fs.rmSync(path.join(copy, "mongod.lock"));
      crashes.push(copy);
    };
    let done = false;
    const compaction = storage.compact().then(() => (done = true));
    // While the snapshot is written: new documents, changed ones (the snapshot may hold either version) and removed
    // ones, each acknowledged before the compaction ends.
    let acknowledgedDuring = 0;
    for (let n = 0; !done; n++) {
      write({ op: "p", db: "d", coll: "c", doc: { _id: `new${n}`, n } });
      write({ op: "p", db: "d", coll: "c", doc: { _id: `old${n}`, n, text: "changed" } });
      write({ op: "r", db: "d", coll: "c", id: `old${59_999 - n}` });
      await storage.commit();
      if (!done) acknowledgedDuring++;
      if (n === 2) crashCopy();
    }
    await compaction;
    expect(storage.compactions).toBe(1);
    expect(acknowledgedDuring).toBeGreaterThan(3);
    write({ op: "p", db: "d", coll: "c", doc: { _id: "after", n: 0 } });
    await storage.commit();
    crashCopy();

    const live = [...engine.getCollection("d", "c")!.docs.values()];
    await storage.close();
    for (const [i, copy] of crashes.entries()) {
      const again = new Engine();
      const reopened = await Storage.open(copy, again, { log: () => {} });
      const docs = again.getCollection("d", "c")!.docs;
      if (i === crashes.length - 1) expect([...docs.values()]).toEqual(live);
      else {
        // the crash during the snapshot: everything acknowledged up to then
        expect(docs.get("new2")).toEqual({ _id: "new2", n: 2 });
        expect(docs.get("old2")).toEqual({ _id: "old2", n: 2, text: "changed" });
        expect(docs.has("old59997")).toBe(false);
      }
      await reopened.close();
    }
    const again = new Engine();
    await (await Storage.open(dir, again, { log: () => {} })).close();
    expect([...again.getCollection("d", "c")!.docs.values()]).toEqual(live);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
