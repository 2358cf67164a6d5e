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
