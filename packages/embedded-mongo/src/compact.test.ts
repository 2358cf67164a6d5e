/**
 * The compact in-memory layout changes nothing a client can see: stored documents keep their fields, order, values
 * and prototypes; an index key shared by several documents and then by one again keeps answering; a text term shared
 * by several documents and then by one keeps its score; phrases are still checked against the documents.
 */
import { Binary, ObjectId } from "mongodb";
import { describe, expect, it } from "vitest";
import { useTestClient } from "../tools/test-client.ts";
import { compactDoc, docShape } from "./compact.ts";

const t = useTestClient();

describe("compactDoc", () => {
  const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, `value ${i % 3}`]));

  it("keeps every field, in order, with the same values, and leaves the original alone", () => {
    const when = new Date(1_700_000_000_000);
    const id = new ObjectId();
    const bytes = Buffer.allocUnsafeSlow(2);
    bytes.write("ab");
    const original = {
      _id: id,
      ...wide(20),
      when,
      nested: { ...wide(14), deep: { a: 1 } },
      list: [{ ...wide(13) }, "x", 2],
      bin: new Binary(bytes),
    };
    const before = JSON.stringify(original);
    const stored = compactDoc(original);
    expect(stored).not.toBe(original);
    expect(Object.keys(stored)).toEqual(Object.keys(original));
    expect(stored).toEqual(original);
    expect(Object.keys(stored.nested)).toEqual(Object.keys(original.nested));
    // Non-string values are the same objects, not copies.
    expect(stored._id).toBe(id);
    expect(stored.when).toBe(when);
    expect(stored.bin).toBe(original.bin);
    expect(JSON.stringify(original)).toBe(before);
    // A binary that is a view into a larger buffer (as the BSON decoder hands them out) gets bytes of its own.
    const view = new Binary(Buffer.from("a large message").subarray(2, 7), 0x80);
    const copy = compactDoc({ v: view }).v;
    expect(copy.buffer.buffer.byteLength).toBe(5);
    expect([copy.sub_type, Buffer.from(copy.buffer).toString()]).toEqual([0x80, "large"]);
  });

  it("stores every value of a field that holds thousands of different strings (past the shared-string table)", () => {
    const docs = Array.from({ length: 2_500 }, (_, i) => ({
      ...wide(12),
      name: `Ward ${i} Mensah`,
      tags: [`t${i % 3}`, `n${i}`],
    }));
    const stored = docs.map((d) => compactDoc(d));
    expect(stored).toEqual(docs);
  });

  it("shares a field's repeated values past 2,048 of them, and stops at a field of unique values", () => {
    // An attendance entry's shape: its own id (never repeated), its lesson's (each met three times), its mark.
    const keys = ["_id", "lessonRef", "attendanceMark"];
    const docs = Array.from({ length: 30_000 }, (_, i) => ({
      _id: `entry-${i}`,
      lessonRef: `lesson-${Math.floor(i / 3)}`,
      attendanceMark: ["present", "late", "absent"][i % 3],
    }));
    const stored = docs.map((d) => compactDoc(d));
    expect(stored).toEqual(docs);
    expect(Object.keys(stored[29_999])).toEqual(keys);
    const shape = docShape(keys)!;
    expect(shape.strings[0]).toBeNull();
    expect(shape.strings[1]!.size).toBe(10_000);
    expect(shape.strings[2]!.size).toBe(3);
  });

  it("does not count a replaced document's own values: a unique field updated again and again is dropped", () => {
    const keys = ["_id", "phoneOfRecord", "visits"];
    for (let i = 0; i < 3_000; i++) {
      const doc = { _id: `session-${i}`, phoneOfRecord: `+2332440${String(i).padStart(5, "0")}`, visits: 1 };
      compactDoc(doc);
      for (let n = 2; n <= 4; n++) expect(compactDoc({ ...doc, visits: n }, false)).toEqual({ ...doc, visits: n });
    }
    expect(docShape(keys)!.strings[1]).toBeNull();
  });

  it("gives small nested objects no shape of their own, so maps keyed by ids cannot use up the shapes", () => {
    for (let i = 0; i < 2_100; i++) {
      const doc = { _id: i, kind: "marks", marks: { [`s${i}`]: 1, [`t${i}`]: 2, [`u${i}`]: 3 } };
      expect(compactDoc(doc)).toEqual(doc);
    }
    expect(docShape(["brandNew", "keyList", "afterThem"])).not.toBeNull();
  });

  it("keeps __proto__ as an own field and never changes a prototype", () => {
    const withProto = JSON.parse(
      `{${Array.from({ length: 14 }, (_, i) => `"k${i}": ${i}`).join(", ")}, "__proto__": {"polluted": true}}`,
    );
    const stored = compactDoc(withProto);
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(stored, "__proto__")).toBe(true);
    expect(stored.__proto__).toEqual({ polluted: true });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();

    const bare = Object.assign(Object.create(null), wide(15));
    expect(Object.getPrototypeOf(compactDoc(bare))).toBeNull();
  });

  it("gives key names that are not identifiers (quotes, dots, digits, $) back unchanged", () => {
    const odd: Record<string, number> = {
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, i])),
      'a"b': 1,
      "a.b": 2,
      "2": 3,
      $x: 4,
      "}); throw 1; ({": 5,
    };
    const stored = compactDoc(odd);
    expect(stored).toEqual(odd);
    expect(Object.keys(stored)).toEqual(Object.keys(odd));
  });
});

describe("index keys shared by several documents, then by one", () => {
  it("answers lookups, counts and unique checks as the documents come and go", async () => {
    const coll = t.client.db("compact").collection<{ _id: number; school: string; code?: string }>("ids");
    await coll.createIndex({ school: 1 });
    await coll.createIndex({ code: 1 }, { unique: true, sparse: true });
    await coll.insertMany([
      { _id: 1, school: "Accra Academy", code: "A" },
      { _id: 2, school: "Accra Academy" },
      { _id: 3, school: "Accra Academy" },
    ]);
    expect(await coll.countDocuments({ school: "Accra Academy" })).toBe(3);
    await coll.deleteMany({ _id: { $in: [1, 2] } });
    expect(await coll.countDocuments({ school: "Accra Academy" })).toBe(1);
    expect((await coll.find({ school: "Accra Academy" }).toArray()).map((d) => d._id)).toEqual([3]);
    await coll.deleteOne({ _id: 3 });
    expect(await coll.countDocuments({ school: "Accra Academy" })).toBe(0);
    // The unique key freed by the delete can be taken again, and then only once.
    await coll.insertOne({ _id: 4, school: "Mfantsipim", code: "A" });
    await expect(coll.insertOne({ _id: 5, school: "Mfantsipim", code: "A" })).rejects.toMatchObject({ code: 11000 });
    await coll.updateOne({ _id: 4 }, { $set: { school: "Achimota" } });
    expect(await coll.countDocuments({ school: "Mfantsipim" })).toBe(0);
    expect(await coll.countDocuments({ school: "Achimota" })).toBe(1);
  });
});

describe("text terms shared by several documents, then by one", () => {
  it("keeps the remaining document's score, and checks phrases against the documents", async () => {
    const coll = t.client.db("compact").collection<{ _id: number; name: string }>("text");
    await coll.createIndex({ name: "text" }, { default_language: "none" });
    await coll.insertMany([
      { _id: 1, name: "Ama Mensah" },
      { _id: 2, name: "Kofi Mensah" },
    ]);
    const search = (q: string) =>
      coll
        .find({ $text: { $search: q } }, { projection: { score: { $meta: "textScore" } } })
        .sort({ _id: 1 })
        .toArray();
    const before = await search("mensah");
    expect(before.map((d) => d._id)).toEqual([1, 2]);
    await coll.deleteOne({ _id: 1 });
    const after = await search("mensah");
    expect(after).toEqual([before[1]]);
    await coll.updateOne({ _id: 2 }, { $set: { name: "Kofi Boateng" } });
    expect(await search("mensah")).toEqual([]);
    expect((await search('"kofi boateng"')).map((d) => d._id)).toEqual([2]);
    expect(await search('"boateng kofi"')).toEqual([]);
    expect(await search('kofi -"kofi boateng"')).toEqual([]);
  });
});

describe("without code generation from strings", () => {
  it("stores and returns documents as decoded", async () => {
    const { spawnSync } = await import("node:child_process");
    const script = `
      import { compactDoc } from "./src/compact.ts";
      const doc = Object.fromEntries(Array.from({ length: 15 }, (_, i) => ["f" + i, "v" + i]));
      const stored = compactDoc(doc);
      console.log(JSON.stringify(stored) === JSON.stringify(doc) ? "same" : "different");
    `;
    const run = spawnSync(
      process.execPath,
      ["--disallow-code-generation-from-strings", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: new URL("..", import.meta.url),
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.stdout.trim()).toBe("same");
  });
});
