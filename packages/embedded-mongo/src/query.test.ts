/** Reads' plans and checks (query.ts): filters are checked even on a missing collection; scans are reported. */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";
import type { Doc } from "./values.ts";

describe("filters on a collection that does not exist", () => {
  it("are still checked: an unknown operator is an error, not an empty answer", async () => {
    const { run } = engineRunner();
    expect(await run({ find: "missing", filter: { a: { $nosuch: 1 } } })).toMatchObject({ ok: 0, code: 2 });
    expect(await run({ count: "missing", query: { a: { $nosuch: 1 } } })).toMatchObject({ ok: 0, code: 2 });
    expect((await run({ find: "missing", filter: { a: { $gt: 1 } } })).cursor.firstBatch).toEqual([]);
  });
});

describe("collection scans", () => {
  it("over the threshold are reported with the filter's shape, without its values", async () => {
    const { e, run } = engineRunner();
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
