import { describe, expect, it } from "vitest";
import { type Ids, ManyIds, addId, idsCount, idsIn, removeId } from "./ids.ts";

describe("ids under an index key", () => {
  it("a lone id is the string, a second makes a list, removals come back down to the string and then nothing", () => {
    const m = new Map<string, Ids>();
    addId(m, "k", "a");
    expect(m.get("k")).toBe("a");
    addId(m, "k", "b");
    addId(m, "k", "c");
    expect([...idsIn(m.get("k"))]).toEqual(["a", "b", "c"]);
    removeId(m, "k", "b");
    removeId(m, "k", "a");
    expect(m.get("k")).toBe("c");
    removeId(m, "k", "c");
    expect(m.has("k")).toBe(false);
    expect(idsCount(m.get("k"))).toBe(0);
  });

  it("keeps count, membership and order through many removals and re-adds (sweeps included)", () => {
    const ids = new ManyIds([]);
    const live: string[] = [];
    for (let i = 0; i < 1000; i++) {
      ids.add(`d${i}`);
      live.push(`d${i}`);
    }
    for (let i = 0; i < 1000; i += 3) {
      ids.delete(`d${i}`);
      live.splice(live.indexOf(`d${i}`), 1);
    }
    // d1 removed and added back before any sweep of it keeps its place; d0 (removed, swept) goes to the end
    ids.delete("d1");
    ids.add("d1");
    ids.add("d0");
    live.push("d0");
    expect(ids.size).toBe(live.length);
    expect([...ids]).toEqual(live);
    expect([ids.has("d0"), ids.has("d3"), ids.has("d1"), ids.first()]).toEqual([true, false, true, "d1"]);
  });
});
