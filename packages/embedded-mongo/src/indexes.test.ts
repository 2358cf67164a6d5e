/** One index (indexes.ts): its keys per document, sparse and partial entries, and MongoDB's duplicate-key error. */
import { describe, expect, it } from "vitest";
import { Index, dupKeyError } from "./indexes.ts";

describe("an index's keys", () => {
  it("one key per document on a single field, one per element of an array (multikey)", () => {
    const index = new Index({ v: 2, key: { phone: 1 }, name: "phone_1" });
    expect(index.keysFor({ _id: "a", phone: "024" })?.keys).toHaveLength(1);
    const multi = index.keysFor({ _id: "b", phone: ["024", "055"] });
    expect(multi?.keys).toHaveLength(2);
    expect(multi?.multi).toBe(true);
  });

  it("equal numbers of different types are one key (1 == 1.0), a string is not", () => {
    const index = new Index({ v: 2, key: { n: 1 }, name: "n_1" });
    expect(index.keysFor({ n: 1 })?.keys).toEqual(index.keysFor({ n: 1.0 })?.keys);
    expect(index.keysFor({ n: 1 })?.keys).not.toEqual(index.keysFor({ n: "1" })?.keys);
  });

  it("a sparse index leaves out documents without the field; a partial one those its filter refuses", () => {
    const sparse = new Index({ v: 2, key: { email: 1 }, name: "email_1", sparse: true });
    expect(sparse.keysFor({ _id: "a" })).toBeNull();
    expect(sparse.keysFor({ _id: "a", email: "x@y" })).not.toBeNull();
    const partial = new Index({
      v: 2,
      key: { ref: 1 },
      name: "ref_1",
      partialFilterExpression: { state: "confirmed" },
    });
    expect(partial.keysFor({ ref: "r", state: "pending" })).toBeNull();
    expect(partial.keysFor({ ref: "r", state: "confirmed" })).not.toBeNull();
  });

  it("a non-unique compound index keeps its leading field's keys only, until a lookup needs the full keys", () => {
    const doc = { _id: "a", programme: "science", createdAt: new Date(0) };
    const index = new Index({ v: 2, key: { programme: 1, createdAt: -1 }, name: "p_c" });
    expect(index.leadingField).toBe("programme");
    expect(index.keysFor(doc)).toMatchObject({ keys: [], leads: [expect.any(String)] });
    const full = index.withFullKeys(new Map([["a", doc]]));
    expect(full.keysFor(doc)?.values[0]).toHaveLength(2);
    const unique = new Index({ v: 2, key: { programme: 1, phone: 1 }, name: "p_p", unique: true });
    expect(unique.keysFor({ programme: "arts", phone: "024" })?.keys).toHaveLength(1);
  });

  it("a duplicate is E11000, naming the collection, the index and the key as MongoDB does", () => {
    const error = dupKeyError("db.users", "phone_1", { phone: 1 }, ["phone"], ["024"]);
    expect(error.code).toBe(11000);
    expect(error.message).toBe(
      'E11000 duplicate key error collection: db.users index: phone_1 dup key: { phone: "024" }',
    );
  });
});
