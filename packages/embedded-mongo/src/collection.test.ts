/** One collection (collection.ts): its documents, its indexes kept in step, unique keys, and its checkpoint image. */
import { describe, expect, it } from "vitest";
import { Collection } from "./collection.ts";
import { encodeKey } from "./values.ts";

const idx = (key: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  v: 2,
  key,
  name: Object.keys(key).join("_"),
  ...extra,
});

describe("a collection", () => {
  it("keeps its indexes in step with inserts, replacements and removals", () => {
    const c = new Collection("db", "users");
    const phone = c.addIndex(idx({ phone: 1 }));
    c.insert({ _id: "a", phone: "024" });
    c.insert({ _id: "b", phone: "055" });
    c.replace(c.docs.get(encodeKey("a"))!, { _id: "a", phone: "020" });
    c.removeById(encodeKey("b"));
    const keyOf = (v: string) => phone.keysFor({ phone: v })!.keys[0];
    expect(phone.entries.has(keyOf("020"))).toBe(true);
    expect(phone.entries.has(keyOf("024"))).toBe(false);
    expect(phone.entries.has(keyOf("055"))).toBe(false);
    expect([...c.docs.values()]).toEqual([{ _id: "a", phone: "020" }]);
  });

  it("refuses a second document with a unique key or an existing _id, and changes nothing then", () => {
    const c = new Collection("db", "users");
    c.addIndex(idx({ phone: 1 }, { unique: true }));
    c.insert({ _id: "a", phone: "024" });
    expect(() => c.insert({ _id: "b", phone: "024" })).toThrow(/E11000 duplicate key error collection: db.users/);
    expect(() => c.insert({ _id: "a", phone: "099" })).toThrow(/index: _id_/);
    expect(c.docs.size).toBe(1);
  });

  it("does not build a unique index over documents that break it", () => {
    const c = new Collection("db", "users");
    c.insert({ _id: "a", email: "x@y" });
    c.insert({ _id: "b", email: "x@y" });
    expect(() => c.addIndex(idx({ email: 1 }, { unique: true }))).toThrow(/E11000/);
    expect(c.indexSpecs().map((s) => s.name)).not.toContain("email");
  });

  it("put replaces by _id without unique checks (what a journal replay does)", () => {
    const c = new Collection("db", "users");
    c.put({ _id: "a", n: 1 });
    c.put({ _id: "a", n: 2 });
    expect([...c.docs.values()]).toEqual([{ _id: "a", n: 2 }]);
  });

  it("gives back, from its image, the same documents, order and index keys", () => {
    const c = new Collection("db", "users", { capped: false });
    const phone = c.addIndex(idx({ phone: 1 }));
    for (let i = 0; i < 5; i++) c.insert({ _id: `u${i}`, phone: `02${i}` });
    const parts: unknown[] = [];
    c.writeImage((part) => parts.push(structuredClone(part)));
    let at = 0;
    const copy = Collection.readImage(() => parts[at++]);
    expect([...copy.docs.values()]).toEqual([...c.docs.values()]);
    expect(copy.options).toEqual({ capped: false });
    const copied = copy.indexes.find((i) => i.spec.name === "phone")!;
    expect([...copied.entries.keys()].sort()).toEqual([...phone.entries.keys()].sort());
  });
});
