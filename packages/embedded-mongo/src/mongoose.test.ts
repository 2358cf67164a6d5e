import net from "node:net";
import mongoose, { Schema } from "mongoose";
import { MongoClient, ObjectId, Long, Binary, Int32, Double } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedMongo, startEmbeddedMongo } from "./index.ts";

let server: EmbeddedMongo;
let conn: mongoose.Connection;

beforeAll(async () => {
  server = await startEmbeddedMongo({ quiet: true });
  conn = await mongoose.createConnection(server.uri + "testdb_mongoose").asPromise();
});

afterAll(async () => {
  await conn?.close();
  await server?.stop();
});

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    name: String,
    age: Number,
    tags: [String],
    courses: [{ code: String, grade: Number }],
  },
  { timestamps: true },
);

describe("mongoose CRUD", () => {
  const User = () => conn.models.User ?? conn.model("User", userSchema);

  beforeAll(async () => {
    await User().init();
  });

  it("creates, finds, updates and deletes", async () => {
    const u = await User().create({ email: "ann@example.com", name: "Ann", age: 30, tags: ["a", "b"] });
    expect(u._id).toBeInstanceOf(mongoose.Types.ObjectId);
    expect(u.get("createdAt")).toBeInstanceOf(Date);
    const found = await User().findById(u._id).lean();
    expect(found?.name).toBe("Ann");
    expect(found?.tags).toEqual(["a", "b"]);
    const res = await User().updateOne({ _id: u._id }, { $set: { name: "Annie" }, $inc: { age: 1 } });
    expect(res.matchedCount).toBe(1);
    expect(res.modifiedCount).toBe(1);
    const again = await User().findOne({ email: "ann@example.com" }).lean();
    expect(again).toMatchObject({ name: "Annie", age: 31 });
    expect((again as any).updatedAt.getTime()).toBeGreaterThanOrEqual((found as any).updatedAt.getTime());
    const del = await User().deleteOne({ _id: u._id });
    expect(del.deletedCount).toBe(1);
    expect(await User().findById(u._id)).toBeNull();
  });

  it("surfaces duplicate keys as E11000 for create, insertMany, updateOne and findOneAndUpdate", async () => {
    await User().create({ email: "dup@example.com", name: "first" });
    await User().create({ email: "other@example.com", name: "second" });

    const e1: any = await User()
      .create({ email: "dup@example.com" })
      .catch((e) => e);
    expect(e1.code).toBe(11000);
    expect(e1.keyValue).toEqual({ email: "dup@example.com" });
    expect(e1.message).toMatch(/E11000 duplicate key error collection: testdb_mongoose.users index: email_1 dup key/);

    const e2: any = await User()
      .insertMany([{ email: "new1@example.com" }, { email: "dup@example.com" }, { email: "new2@example.com" }])
      .catch((e) => e);
    expect(e2.code).toBe(11000);
    expect(await User().countDocuments({ email: { $in: ["new1@example.com", "new2@example.com"] } })).toBe(1);

    const e2b: any = await User()
      .insertMany([{ email: "new3@example.com" }, { email: "dup@example.com" }, { email: "new4@example.com" }], {
        ordered: false,
      })
      .catch((e) => e);
    expect(e2b.code).toBe(11000);
    expect(await User().countDocuments({ email: { $in: ["new3@example.com", "new4@example.com"] } })).toBe(2);

    const e3: any = await User()
      .updateOne({ email: "other@example.com" }, { $set: { email: "dup@example.com" } })
      .catch((e) => e);
    expect(e3.code).toBe(11000);
    expect(e3.keyValue).toEqual({ email: "dup@example.com" });

    const e4: any = await User()
      .findOneAndUpdate({ email: "other@example.com" }, { $set: { email: "dup@example.com" } }, { new: true })
      .catch((e) => e);
    expect(e4.code).toBe(11000);
    expect(e4.keyValue).toEqual({ email: "dup@example.com" });
    expect(e4.codeName).toBe("DuplicateKey");

    // nothing changed
    expect((await User().findOne({ email: "other@example.com" }).lean())?.name).toBe("second");
  });

  it("keeps _id immutable", async () => {
    const u = await User().create({ email: "imm@example.com" });
    const coll = conn.db!.collection("users");
    const err: any = await coll.updateOne({ _id: u._id }, { $set: { _id: new ObjectId() } }).catch((e) => e);
    expect(err.code).toBe(66);
    const err2: any = await coll.replaceOne({ _id: u._id }, { _id: new ObjectId(), email: "x" }).catch((e) => e);
    expect(err2.code).toBe(66);
    expect(await User().countDocuments({ _id: u._id, email: "imm@example.com" })).toBe(1);
  });

  it("applies arrayFilters and positional updates", async () => {
    const u = await User().create({
      email: "arr@example.com",
      courses: [
        { code: "MATH", grade: 1 },
        { code: "ART", grade: 2 },
      ],
    });
    await User().updateOne(
      { _id: u._id },
      { $set: { "courses.$[c].grade": 9 } },
      { arrayFilters: [{ "c.code": "ART" }] },
    );
    await User().updateOne({ _id: u._id, "courses.code": "MATH" }, { $inc: { "courses.$.grade": 4 } });
    const doc = await User().findById(u._id).lean();
    expect(doc!.courses.map((c: any) => [c.code, c.grade])).toEqual([
      ["MATH", 5],
      ["ART", 9],
    ]);
  });
});

describe("unique index variants", () => {
  it("enforces compound unique indexes", async () => {
    const s = new Schema({ course: String, student: String });
    s.index({ course: 1, student: 1 }, { unique: true });
    const Enrol = conn.model("Enrol", s);
    await Enrol.init();
    await Enrol.create({ course: "c1", student: "s1" });
    await Enrol.create({ course: "c1", student: "s2" });
    await Enrol.create({ course: "c2", student: "s1" });
    const err: any = await Enrol.create({ course: "c1", student: "s1" }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ course: "c1", student: "s1" });
    expect(err.keyPattern).toEqual({ course: 1, student: 1 });
  });

  it("enforces sparse unique indexes only on present values", async () => {
    const s = new Schema({ name: String, code: { type: String, unique: true, sparse: true } });
    const Sp = conn.model("Sparse", s);
    await Sp.init();
    await Sp.create({ name: "a" });
    await Sp.create({ name: "b" }); // both missing `code`: allowed
    await Sp.create({ name: "c", code: "X" });
    const err: any = await Sp.create({ name: "d", code: "X" }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(await Sp.countDocuments()).toBe(3);
  });

  it("enforces partial unique indexes", async () => {
    const s = new Schema({ email: String, active: Boolean });
    s.index({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    const P = conn.model("Partial", s);
    await P.init();
    await P.create({ email: "p@x", active: false });
    await P.create({ email: "p@x", active: false });
    await P.create({ email: "p@x", active: true });
    const err: any = await P.create({ email: "p@x", active: true }).catch((e) => e);
    expect(err.code).toBe(11000);
    // updating an inactive one into the active set also conflicts
    const inactive = await P.findOne({ active: false });
    const err2: any = await P.updateOne({ _id: inactive!._id }, { $set: { active: true } }).catch((e) => e);
    expect(err2.code).toBe(11000);
  });

  it("fails to build a unique index over duplicate data", async () => {
    const coll = conn.db!.collection("prebuilt");
    await coll.insertMany([{ k: 1 }, { k: 1 }]);
    const err: any = await coll.createIndex({ k: 1 }, { unique: true }).catch((e) => e);
    expect(err.code).toBe(11000);
    const idx = await coll.listIndexes().toArray();
    expect(idx.map((i) => i.name)).toEqual(["_id_"]);
  });

  it("upsert enforces unique indexes too", async () => {
    const s = new Schema({ slug: { type: String, unique: true }, n: Number });
    const U = conn.model("UpsertUnique", s);
    await U.init();
    await U.create({ slug: "a", n: 1 });
    const err: any = await U.updateOne({ n: 99 }, { $set: { slug: "a" } }, { upsert: true }).catch((e) => e);
    expect(err.code).toBe(11000);
  });
});

describe("upserts, counts, distinct, deleteMany", () => {
  const schema = new Schema(
    { key: { type: String, unique: true }, hits: Number, firstSeen: Date, kind: String },
    { timestamps: true },
  );
  const M = () => conn.models.Counter ?? conn.model("Counter", schema);
  beforeAll(async () => {
    await M().init();
  });

  it("upserts with timestamps and $setOnInsert", async () => {
    const first = new Date("2024-01-01T00:00:00Z");
    const r1 = await M().updateOne(
      { key: "k1" },
      { $inc: { hits: 1 }, $setOnInsert: { firstSeen: first, kind: "x" } },
      { upsert: true },
    );
    expect(r1.upsertedCount).toBe(1);
    expect(r1.upsertedId).toBeInstanceOf(mongoose.Types.ObjectId);
    const r2 = await M().updateOne(
      { key: "k1" },
      { $inc: { hits: 1 }, $setOnInsert: { firstSeen: new Date(), kind: "y" } },
      { upsert: true },
    );
    expect(r2.upsertedCount).toBe(0);
    expect(r2.matchedCount).toBe(1);
    const doc: any = await M().findOne({ key: "k1" }).lean();
    expect(doc.hits).toBe(2);
    expect(doc.kind).toBe("x");
    expect(doc.firstSeen.toISOString()).toBe(first.toISOString());
    expect(doc.createdAt).toBeInstanceOf(Date);
    expect(doc.updatedAt).toBeInstanceOf(Date);

    const fm: any = await M().findOneAndUpdate(
      { key: "k2" },
      { $set: { hits: 5 } },
      { upsert: true, new: true, includeResultMetadata: true },
    );
    expect(fm.lastErrorObject.updatedExisting).toBe(false);
    expect(fm.lastErrorObject.upserted).toBeDefined();
    expect(fm.value.hits).toBe(5);
    expect(fm.value.createdAt).toBeInstanceOf(Date);
  });

  it("upserts a schema with a default string _id (mongoose puts _id in $setOnInsert)", async () => {
    let n = 0;
    const Ided =
      conn.models.Ided ??
      conn.model(
        "Ided",
        new Schema({ _id: { type: String, default: () => `id${++n}` }, key: String, v: Number }, { timestamps: true }),
      );
    const r = await Ided.updateOne({ key: "a" }, { $setOnInsert: { v: 1 } }, { upsert: true });
    expect(r.upsertedCount).toBe(1);
    const doc: any = await Ided.findOne({ key: "a" }).lean();
    expect(typeof doc._id).toBe("string");
    expect(doc._id).toMatch(/^id\d+$/);
    expect(doc.v).toBe(1);
    // A second upsert matches the existing document and keeps its _id.
    await Ided.updateOne({ key: "a" }, { $setOnInsert: { v: 2 } }, { upsert: true });
    const again: any = await Ided.findOne({ key: "a" }).lean();
    expect(again._id).toBe(doc._id);
    expect(again.v).toBe(1);
  });

  it("counts, distinct and deleteMany", async () => {
    await M().insertMany([
      { key: "d1", kind: "a" },
      { key: "d2", kind: "b" },
      { key: "d3", kind: "a" },
      { key: "d4", kind: "c" },
    ]);
    expect(await M().countDocuments({ kind: "a" })).toBe(2);
    expect(await M().estimatedDocumentCount()).toBe(6);
    const kinds = await M().distinct("kind");
    expect(kinds).toEqual(["a", "b", "c", "x"]);
    const r = await M().deleteMany({ kind: { $in: ["a", "b"] } });
    expect(r.deletedCount).toBe(3);
    expect(await M().countDocuments()).toBe(3);
  });
});

describe("queries", () => {
  const schema = new Schema({
    title: String,
    at: Date,
    n: Number,
    tags: [String],
    items: [{ k: String, v: Number }],
    opt: String,
  });
  const Q = () => conn.models.QDoc ?? conn.model("QDoc", schema);
  beforeAll(async () => {
    const base = Date.UTC(2024, 0, 1);
    await Q().insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Title ${String(i).padStart(2, "0")}`,
        at: new Date(base + ((i * 7) % 30) * 86400000),
        n: i,
        tags: i % 2 ? ["odd", "num"] : ["even", "num"],
        items: [
          { k: "a", v: i },
          { k: "b", v: i * 2 },
        ],
        ...(i % 3 === 0 ? { opt: "yes" } : {}),
      })),
    );
  });

  it("supports case-insensitive $regex", async () => {
    expect(await Q().countDocuments({ title: { $regex: "^title 0", $options: "i" } })).toBe(10);
    expect(await Q().countDocuments({ title: /^TITLE 1/i })).toBe(10);
    expect(await Q().countDocuments({ title: { $regex: "^title" } })).toBe(0);
  });

  it("supports $in, $or, $exists, $elemMatch", async () => {
    expect(await Q().countDocuments({ n: { $in: [1, 2, 3, 100] } })).toBe(3);
    expect(await Q().countDocuments({ $or: [{ n: 0 }, { n: { $gte: 28 } }] })).toBe(3);
    expect(await Q().countDocuments({ opt: { $exists: true } })).toBe(10);
    expect(await Q().countDocuments({ opt: { $exists: false } })).toBe(20);
    expect(await Q().countDocuments({ items: { $elemMatch: { k: "b", v: { $gte: 50 } } } })).toBe(5);
    expect(await Q().countDocuments({ tags: "odd" })).toBe(15);
  });

  it("sorts on dates and strings with skip/limit", async () => {
    const byDate = await Q().find().sort({ at: -1, n: 1 }).skip(2).limit(5).lean();
    const all = (await Q().find().lean()).sort((a: any, b: any) => b.at - a.at || a.n - b.n);
    expect(byDate.map((d: any) => d.n)).toEqual(all.slice(2, 7).map((d: any) => d.n));
    const byTitle = await Q().find({}, { title: 1 }).sort({ title: -1 }).limit(3).lean();
    expect(byTitle.map((d: any) => d.title)).toEqual(["Title 29", "Title 28", "Title 27"]);
    expect(Object.keys(byTitle[0]).sort()).toEqual(["_id", "title"]);
  });

  it("sorts mixed types in MongoDB order and missing fields first", async () => {
    const coll = conn.db!.collection("mixed");
    const oid = new ObjectId();
    await coll.insertMany([
      { i: 1, v: "str" },
      { i: 2, v: 5 },
      { i: 3 },
      { i: 4, v: null },
      { i: 5, v: true },
      { i: 6, v: new Date(0) },
      { i: 7, v: oid },
      { i: 8, v: { a: 1 } },
      { i: 9, v: 2.5 },
    ]);
    const got = await coll
      .find({}, { projection: { _id: 0, i: 1 } })
      .sort({ v: 1, i: 1 })
      .toArray();
    expect(got.map((d) => d.i)).toEqual([3, 4, 9, 2, 1, 8, 7, 5, 6]);
    const agg = await coll.aggregate([{ $sort: { v: 1, i: 1 } }, { $project: { _id: 0, i: 1 } }]).toArray();
    expect(agg.map((d) => d.i)).toEqual([3, 4, 9, 2, 1, 8, 7, 5, 6]);
    const desc = await coll
      .find({}, { projection: { _id: 0, i: 1 } })
      .sort({ v: -1, i: 1 })
      .toArray();
    expect(desc.map((d) => d.i)).toEqual([6, 5, 7, 8, 1, 2, 9, 3, 4]);
  });

  it("sorts arrays by their smallest/largest element", async () => {
    const coll = conn.db!.collection("arrsort");
    await coll.insertMany([
      { i: 1, v: [5, 1] },
      { i: 2, v: [3] },
      { i: 3, v: 2 },
      { i: 4, v: [0, 9] },
    ]);
    const asc = await coll.find().sort({ v: 1 }).toArray();
    expect(asc.map((d) => d.i)).toEqual([4, 1, 3, 2]);
    const desc = await coll.find().sort({ v: -1 }).toArray();
    expect(desc.map((d) => d.i)).toEqual([4, 1, 2, 3]);
    const aggDesc = await coll.aggregate([{ $sort: { v: -1 } }]).toArray();
    expect(aggDesc.map((d) => d.i)).toEqual([4, 1, 2, 3]);
  });
});

describe("aggregation", () => {
  beforeAll(async () => {
    const db = conn.db!;
    await db.collection("courses").insertMany([
      { _id: "c1" as any, name: "Math", capacity: 10 },
      { _id: "c2" as any, name: "Art", capacity: 5 },
    ]);
    await db.collection("regs").insertMany([
      { course: "c1", student: "s1", status: "ok", tags: ["x", "y"] },
      { course: "c1", student: "s2", status: "ok", tags: ["x"] },
      { course: "c2", student: "s3", status: "cancelled", tags: [] },
      { course: "c2", student: "s1", status: "ok", tags: ["y"] },
    ]);
  });

  it("runs $match/$group/$sort/$unwind/$lookup/$project/$limit/$skip/$count/$facet", async () => {
    const db = conn.db!;
    const grouped = await db
      .collection("regs")
      .aggregate([
        { $match: { status: "ok" } },
        { $group: { _id: "$course", n: { $sum: 1 } } },
        { $lookup: { from: "courses", localField: "_id", foreignField: "_id", as: "course" } },
        { $unwind: "$course" },
        { $project: { _id: 0, name: "$course.name", n: 1 } },
        { $sort: { name: 1 } },
      ])
      .toArray();
    expect(grouped).toEqual([
      { n: 1, name: "Art" },
      { n: 2, name: "Math" },
    ]);
    const tags = await db
      .collection("regs")
      .aggregate([
        { $unwind: "$tags" },
        { $group: { _id: "$tags", c: { $sum: 1 } } },
        { $sort: { _id: 1 } },
        { $skip: 1 },
        { $limit: 1 },
      ])
      .toArray();
    expect(tags).toEqual([{ _id: "y", c: 2 }]);
    const counted = await db
      .collection("regs")
      .aggregate([{ $match: { student: "s1" } }, { $count: "total" }])
      .toArray();
    expect(counted).toEqual([{ total: 2 }]);
    const facet = await db
      .collection("regs")
      .aggregate([
        { $sort: { student: 1, course: 1 } },
        {
          $facet: {
            page: [{ $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, student: 1 } }],
            total: [{ $count: "n" }],
          },
        },
      ])
      .toArray();
    expect(facet).toEqual([{ page: [{ student: "s1" }, { student: "s2" }], total: [{ n: 4 }] }]);
  });

  it("does not let $addFields/$lookup pipelines modify stored documents", async () => {
    const db = conn.db!;
    await db
      .collection("regs")
      .aggregate([
        { $lookup: { from: "courses", localField: "course", foreignField: "_id", as: "c" } },
        { $unwind: "$c" },
        { $set: { "c.name": "CHANGED", status: "CHANGED" } },
      ])
      .toArray();
    const courses = await db.collection("courses").find().toArray();
    expect(courses.map((c) => c.name).sort()).toEqual(["Art", "Math"]);
    expect(await db.collection("regs").countDocuments({ status: "CHANGED" })).toBe(0);
  });
});

describe("cursors and values", () => {
  it("iterates more than 101 documents with find batches, cursor() and getMore", async () => {
    const s = new Schema({ i: Number });
    const Many = conn.model("Many", s);
    await Many.insertMany(Array.from({ length: 350 }, (_, i) => ({ i })));
    const all = await Many.find().sort({ i: 1 }).lean();
    expect(all.length).toBe(350);
    expect(all[349].i).toBe(349);
    let count = 0;
    let last = -1;
    for await (const d of Many.find().sort({ i: 1 }).batchSize(40).cursor()) {
      expect(d.i).toBe(last + 1);
      last = d.i as number;
      count++;
    }
    expect(count).toBe(350);
    const raw = conn.db!.collection("manies").find({}, { batchSize: 7 });
    let n = 0;
    while (await raw.hasNext()) {
      await raw.next();
      n++;
      if (n === 20) break;
    }
    await raw.close(); // killCursors
    expect(n).toBe(20);
  });

  it("round-trips BSON values exactly and never exposes stored documents", async () => {
    const client = conn.getClient();
    const coll = client.db("testdb_mongoose").collection("values");
    const doc = {
      oid: new ObjectId(),
      date: new Date(1700000000123),
      long: Long.fromString("9007199254740993"),
      int: 42,
      dbl: 1.5,
      bin: new Binary(Buffer.from([1, 2, 3, 255]), 0),
      nil: null,
      nested: { a: [1, { b: "c" }], d: { e: [] } },
    };
    const { insertedId } = await coll.insertOne(doc);
    const raw = await coll.findOne({ _id: insertedId }, { promoteValues: false, promoteLongs: false });
    expect(raw!.long).toBeInstanceOf(Long);
    expect(raw!.long.toString()).toBe("9007199254740993");
    expect(raw!.int).toBeInstanceOf(Int32);
    expect(raw!.dbl).toBeInstanceOf(Double);
    const got = await coll.findOne({ _id: insertedId });
    expect(got!.oid.equals(doc.oid)).toBe(true);
    expect(got!.date.getTime()).toBe(1700000000123);
    expect(Buffer.from(got!.bin.buffer).equals(Buffer.from([1, 2, 3, 255]))).toBe(true);
    expect(got!.nil).toBeNull();
    expect(got!.nested).toEqual({ a: [1, { b: "c" }], d: { e: [] } });
    // lookup by ObjectId-valued field and date equality
    expect(await coll.countDocuments({ oid: doc.oid })).toBe(1);
    expect(await coll.countDocuments({ date: new Date(1700000000123) })).toBe(1);
  });
});

describe("TTL and bulk writes", () => {
  it("expires documents through a TTL index sweep", async () => {
    const srv = await startEmbeddedMongo({ quiet: true, ttlIntervalMs: 50 });
    const client = await MongoClient.connect(srv.uri);
    try {
      const coll = client.db("ttl").collection("sessions");
      await coll.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await coll.createIndex({ lastSeen: 1 }, { expireAfterSeconds: 3600 });
      await coll.insertMany([
        { s: "expired", expiresAt: new Date(Date.now() - 1000) },
        { s: "future", expiresAt: new Date(Date.now() + 3_600_000) },
        { s: "no-date", expiresAt: "not a date" },
        { s: "old", lastSeen: new Date(Date.now() - 7_200_000) },
        { s: "recent", lastSeen: new Date() },
      ]);
      const deadline = Date.now() + 10_000;
      while ((await coll.countDocuments()) > 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const left = (await coll.find().toArray()).map((d) => d.s).sort();
      expect(left).toEqual(["future", "no-date", "recent"]);
      const idx = await coll.listIndexes().toArray();
      expect(idx.find((i) => i.name === "expiresAt_1")?.expireAfterSeconds).toBe(0);
    } finally {
      await client.close();
      await srv.stop();
    }
  });

  it("handles bulkWrite with mixed operations and upserts", async () => {
    const s = new Schema({ code: { type: String, unique: true }, n: Number });
    const B = conn.model("Bulk", s);
    await B.init();
    await B.create({ code: "a", n: 1 });
    const r = await B.bulkWrite([
      { insertOne: { document: { code: "b", n: 2 } } },
      { updateOne: { filter: { code: "a" }, update: { $inc: { n: 10 } } } },
      { updateOne: { filter: { code: "z" }, update: { $set: { n: 26 } }, upsert: true } },
      { deleteOne: { filter: { code: "b" } } },
      { replaceOne: { filter: { code: "a" }, replacement: { code: "a", n: 100 } } },
    ]);
    expect(r.insertedCount).toBe(1);
    expect(r.matchedCount).toBe(2);
    expect(r.upsertedCount).toBe(1);
    expect(r.deletedCount).toBe(1);
    const docs = await B.find().sort({ code: 1 }).lean();
    expect(docs.map((d: any) => [d.code, d.n])).toEqual([
      ["a", 100],
      ["z", 26],
    ]);
  });
});

describe("protocol edge cases", () => {
  it("answers unknown commands with CommandNotFound", async () => {
    const err: any = await conn.db!.command({ fooBar: 1 }).catch((e) => e);
    expect(err.code).toBe(59);
    expect(err.codeName).toBe("CommandNotFound");
    expect(err.message).toMatch(/no such command: 'fooBar'/);
  });

  it("rejects transactions and unsupported operators clearly", async () => {
    const coll = conn.db!.collection("unsupported");
    const e1: any = await coll
      .find({ $where: "true" })
      .toArray()
      .catch((e) => e);
    expect(e1.message).toMatch(/not supported/);
    // $text needs a text index (as in MongoDB), and is supported only at the top level of a filter
    await coll.insertOne({ a: 0 });
    const e2: any = await coll
      .find({ $text: { $search: "x" } })
      .toArray()
      .catch((e) => e);
    expect(e2).toMatchObject({ code: 27, message: "text index required for $text query" });
    const e2b: any = await coll
      .find({ $or: [{ $text: { $search: "x" } }, { a: 1 }] })
      .toArray()
      .catch((e) => e);
    expect(e2b.message).toMatch(/not supported/);
    const session = conn.getClient().startSession();
    const e3: any = await session
      .withTransaction(async () => {
        await coll.insertOne({ a: 1 }, { session });
      })
      .catch((e) => e);
    await session.endSession();
    // the driver already refuses transactions on a standalone server
    expect(e3).toBeInstanceOf(Error);
    expect(await coll.countDocuments({ a: 1 })).toBe(0);
    const e4: any = await conn
      .db!.admin()
      .command({ commitTransaction: 1 })
      .catch((e) => e);
    expect(e4.code).toBe(20);
    expect(e4.message).toMatch(/Transactions are not supported/);
  });

  it("closes only the connection that sent a malformed message", async () => {
    const url = new URL(server.uri);
    const sock = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((r) => sock.once("connect", () => r()));
    const closed = new Promise<void>((r) => sock.once("close", () => r()));
    const bad = Buffer.alloc(32);
    bad.writeInt32LE(32, 0);
    bad.writeInt32LE(1, 4);
    bad.writeInt32LE(0, 8);
    bad.writeInt32LE(2013, 12);
    bad.writeUInt32LE(0, 16);
    bad[20] = 0; // kind 0 section ...
    bad.writeInt32LE(1000, 21); // ... with a document length past the end
    sock.write(bad);
    await closed;

    const sock2 = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((r) => sock2.once("connect", () => r()));
    const closed2 = new Promise<void>((r) => sock2.once("close", () => r()));
    const huge = Buffer.alloc(16);
    huge.writeInt32LE(60_000_000, 0); // larger than maxMessageSizeBytes
    sock2.write(huge);
    await closed2;

    const client = await MongoClient.connect(server.uri);
    try {
      expect((await client.db("admin").command({ ping: 1 })).ok).toBe(1);
      expect(await client.db("testdb_mongoose").collection("users").countDocuments({})).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
