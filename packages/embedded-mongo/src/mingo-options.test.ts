/** mingo's options (mingo-options.ts): strict MongoDB mode, no scripts, extras passed through. */
import { Query } from "mingo/query";
import { describe, expect, it } from "vitest";
import { mingoOptions } from "./mingo-options.ts";

describe("mingo's options", () => {
  it("match as MongoDB does: a missing field equals null, and equality on an array matches an element", () => {
    const q = (filter: Record<string, unknown>) => new Query(filter, mingoOptions());
    expect(q({ a: null }).test({ b: 1 })).toBe(true);
    expect(q({ tags: "x" }).test({ tags: ["y", "x"] })).toBe(true);
    expect(q({ n: { $gt: 2 } }).test({ n: 3 })).toBe(true);
  });

  it("run no script: $where is refused", () => {
    expect(() => new Query({ $where: "this.a == 1" }, mingoOptions()).test({ a: 1 })).toThrow();
  });

  it("keep the extras a caller passes", () => {
    expect(mingoOptions({ idKey: "key" }).idKey).toBe("key");
  });
});
