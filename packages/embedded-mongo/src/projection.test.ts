/** Projections (projection.ts) through the dispatcher. */
import { describe, expect, it } from "vitest";
import { engineRunner } from "../tools/test-client.ts";
import type { Doc } from "./values.ts";

describe("projections", () => {
  it("a plain inclusion keeps the document's field order with _id first, and _id: 0 drops it; other shapes behave the same through mingo", async () => {
    const { run } = engineRunner();
    await run({ insert: "f", documents: [{ _id: 1, b: 2, a: 1, c: { d: 1, e: 2 }, arr: [{ x: 1, y: 2 }] }] });
    const find = async (projection: Doc) => (await run({ find: "f", filter: {}, projection })).cursor.firstBatch[0];
    expect(Object.keys(await find({ a: 1, b: 1 }))).toEqual(["_id", "b", "a"]);
    expect(await find({ a: 1, _id: 0 })).toEqual({ a: 1 });
    expect(await find({ missing: 1 })).toEqual({ _id: 1 });
    expect(await find({ "c.d": 1 })).toEqual({ _id: 1, c: { d: 1 } });
    expect(await find({ "arr.y": 1, _id: 0 })).toEqual({ arr: [{ y: 2 }] });
    expect(await find({ a: 0 })).toEqual({ _id: 1, b: 2, c: { d: 1, e: 2 }, arr: [{ x: 1, y: 2 }] });
  });
});
