/**
 * Behaviour MongoDB 7/8 has and the engine must match, item by item, through the real driver (so values arrive as the
 * wire decodes them: int32 and double as numbers, Int64 as bigint, BinData as Binary). Each case is written from
 * MongoDB's documented behaviour; they are the differences Mongoose's own suite found (README.md of this package,
 * "Compatibility: Mongoose's own test suite").
 */
import { Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp, UUID, type Db } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestClient } from "../tools/test-client.ts";

const t = useTestClient();
let db: Db;
let n = 0;
/** A fresh collection per test. */
const fresh = () => db.collection<any>(`c${++n}`);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: any) => ({ code: e.code, message: String(e.message) }),
  );

beforeAll(() => {
  db = t.client.db("behaviour");
});

describe("positional updates", () => {
  it("accept two sibling paths under one $ (mongoose's subdocument timestamps)", async () => {
    const c = fresh();
    const at = new Date("2026-01-02T03:04:05Z");
    await c.insertOne({
      _id: 1 as any,
      children: [
        { _id: 10, name: "Anakin" },
        { _id: 11, name: "Leia" },
      ],
    });
    await c.updateOne(
      { _id: 1 as any, "children._id": 10 },
      { $set: { "children.$.name": "Luke", "children.$.updatedAt": at } },
    );
    expect((await c.findOne({ _id: 1 as any }))!.children).toEqual([
      { _id: 10, name: "Luke", updatedAt: at },
      { _id: 11, name: "Leia" },
    ]);
  });

  it("accept sibling paths under one arrayFilters identifier and $addToSet with $", async () => {
    const c = fresh();
    await c.insertOne({
      _id: 1 as any,
      items: [
        { k: "a", tags: ["x"] },
        { k: "b", tags: [] },
      ],
    });
    await c.updateOne(
      { _id: 1 as any },
      { $set: { "items.$[i].n": 1, "items.$[i].m": 2 } },
      { arrayFilters: [{ "i.k": "b" }] },
    );
    await c.updateOne({ _id: 1 as any, "items.k": "a" }, { $addToSet: { "items.$.tags": { $each: ["x", "y"] } } });
    expect((await c.findOne({ _id: 1 as any }))!.items).toEqual([
      { k: "a", tags: ["x", "y"] },
      { k: "b", tags: [], n: 1, m: 2 },
    ]);
  });

  it("still refuse a real conflict: a path and its own prefix", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, a: { b: 1 } });
    const e = await failure(c.updateOne({ _id: 1 as any }, { $set: { a: {}, "a.b": 2 } }));
    expect(e).toMatchObject({ code: 40 });
    expect(e!.message).toMatch(/would create a conflict at 'a'/);
  });
});

describe("$elemMatch", () => {
  it("as a projection made only of operators keeps the first matching element", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, ids: [5, 7, 9], other: 1 });
    expect(await c.findOne({ _id: 1 as any }, { projection: { ids: { $elemMatch: { $in: [7, 9] } } } })).toEqual({
      _id: 1,
      ids: [7],
    });
  });

  it("as a filter on a DBRef-shaped element's $id", async () => {
    const c = fresh();
    const oid = new ObjectId();
    await c.insertMany([
      { _id: 1 as any, members: [{ $ref: "users", $id: oid }] },
      { _id: 2 as any, members: [{ $ref: "users", $id: new ObjectId() }] },
    ]);
    const found = await c.find({ members: { $elemMatch: { $id: oid } } }).toArray();
    expect(found.map((d) => d._id)).toEqual([1]);
  });
});

describe("$type", () => {
  it("tells objectId, binData, timestamp, long, int and double apart", async () => {
    const c = fresh();
    await c.insertMany([
      { _id: "oid" as any, v: new ObjectId() },
      { _id: "bin" as any, v: new Binary(Buffer.from("hi")) },
      { _id: "ts" as any, v: new Timestamp({ t: 1, i: 1 }) },
      { _id: "long" as any, v: Long.fromNumber(3) },
      { _id: "int" as any, v: new Int32(3) },
      { _id: "double" as any, v: new Double(3.5) },
    ]);
    const ids = async (t: string | number) => (await c.find({ v: { $type: t as any } }).toArray()).map((d) => d._id);
    expect(await ids("objectId")).toEqual(["oid"]);
    expect(await ids("binData")).toEqual(["bin"]);
    expect(await ids("timestamp")).toEqual(["ts"]);
    expect(await ids("long")).toEqual(["long"]);
    expect(await ids("int")).toEqual(["int"]);
    expect(await ids("double")).toEqual(["double"]);
    // A double with an integral value stays a double: found by $type, read back (and kept on $inc) as a double.
    await c.insertOne({ _id: "double42" as any, v: new Double(42) });
    expect(await ids("double")).toEqual(["double", "double42"]);
    await c.updateOne({ _id: "double42" as any }, { $inc: { v: 1 } });
    expect((await c.findOne({ _id: "double42" as any }, { promoteValues: false }))!.v).toEqual(new Double(43));
    expect(await ids("int")).toEqual(["int"]);
    expect(await ids(18)).toEqual(["long"]);
    expect(await ids("number")).toEqual(["long", "int", "double", "double42"]);
  });
});

describe("$slice projections", () => {
  it("alone return every field, with the array sliced", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, name: "x", fans: [1, 2, 3, 4, 5, 6, 7], extra: true });
    expect(await c.findOne({}, { projection: { fans: { $slice: [0, 5] } } })).toEqual({
      _id: 1,
      name: "x",
      fans: [1, 2, 3, 4, 5],
      extra: true,
    });
    expect(await c.findOne({}, { projection: { fans: { $slice: -2 } } })).toEqual({
      _id: 1,
      name: "x",
      fans: [6, 7],
      extra: true,
    });
  });

  it("combine with an exclusion, and with an inclusion", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, arr: [1, 2, 3], developer: "d", keep: 1 });
    expect(await c.findOne({}, { projection: { arr: { $slice: 1 }, developer: 0 } })).toEqual({
      _id: 1,
      arr: [1],
      keep: 1,
    });
    expect(await c.findOne({}, { projection: { arr: { $slice: 1 }, keep: 1 } })).toEqual({ _id: 1, arr: [1], keep: 1 });
  });
});

describe("Int64 values in filters", () => {
  it("match equal numbers of any numeric type", async () => {
    const c = fresh();
    await c.insertMany([
      { _id: Long.fromNumber(42) as any, n: 3 },
      { _id: 7 as any, n: Long.fromNumber(5) },
    ]);
    expect((await c.find({ n: Long.fromNumber(3) }).toArray()).length).toBe(1);
    expect((await c.find({ n: { $gte: Long.fromNumber(3) } }).toArray()).length).toBe(2);
    expect((await c.find({ _id: { $in: [Long.fromNumber(42)] } }).toArray()).length).toBe(1);
    expect((await c.find({ _id: { $in: [42] } }).toArray()).length).toBe(1);
  });
});

describe("BinData", () => {
  it("orders by length first, then subtype, then bytes", async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 1 as any, b: new Binary(Buffer.from([9])) },
      { _id: 2 as any, b: new Binary(Buffer.from([1, 1])) },
      { _id: 3 as any, b: new Binary(Buffer.from([1, 1, 1])) },
    ]);
    const ids = async (q: object) => (await c.find(q).sort({ _id: 1 }).toArray()).map((d) => d._id);
    expect(await ids({ b: { $gt: new Binary(Buffer.from([5])) } })).toEqual([1, 2, 3]);
    expect(await ids({ b: { $lt: new Binary(Buffer.from([0, 0])) } })).toEqual([1]);
    expect((await c.find({}).sort({ b: -1 }).toArray()).map((d) => d._id)).toEqual([3, 2, 1]);
  });

  it("keeps a change of subtype made by $set", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, b: new Binary(Buffer.from("abc"), 0) });
    await c.updateOne({ _id: 1 as any }, { $set: { b: new Binary(Buffer.from("abc"), 5) } });
    expect(((await c.findOne({ _id: 1 as any }))!.b as Binary).sub_type).toBe(5);
  });

  it("answers $bits operators on the bytes of a UUID", async () => {
    const c = fresh();
    const uuid = new UUID("00000000-0000-0000-0000-000000000003");
    await c.insertOne({ _id: 1 as any, u: uuid });
    // BinData bit positions count from the first byte's least significant bit.
    const count = (q: object) => c.countDocuments(q);
    expect(await count({ u: { $bitsAllClear: [0, 1] } })).toBe(1);
    expect(await count({ u: { $bitsAnySet: [120, 121] } })).toBe(1);
    expect(await count({ u: { $bitsAllSet: [120, 121] } })).toBe(1);
    expect(await count({ u: { $bitsAllSet: [122] } })).toBe(0);
  });
});

describe("$all", () => {
  it("matches a scalar field equal to its only element", async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 1 as any, a: "x" },
      { _id: 2 as any, a: ["x", "y"] },
      { _id: 3 as any, a: "y" },
    ]);
    expect(
      (
        await c
          .find({ a: { $all: ["x"] } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id),
    ).toEqual([1, 2]);
    expect((await c.find({ a: { $all: ["x", "y"] } }).toArray()).map((d) => d._id)).toEqual([2]);
  });
});

describe("document size", () => {
  it("refuses a document over 16 MiB on insert and on update", async () => {
    const c = fresh();
    const big = "x".repeat(8.2 * 1024 * 1024);
    const e1 = await failure(c.insertOne({ _id: 1 as any, a: big, b: big }));
    expect(e1).toMatchObject({ code: 2, message: expect.stringMatching(/^object to insert too large/) });
    await c.insertOne({ _id: 2 as any, a: big });
    const e2 = await failure(c.updateOne({ _id: 2 as any }, { $set: { b: big } }));
    expect(e2).toMatchObject({ code: 17419 });
    expect((await c.findOne({ _id: 2 as any }))!.b).toBeUndefined();
  });
});

describe("type errors in updates", () => {
  it("raise MongoDB's errors instead of doing nothing", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, n: 1, s: "text", comments: [{ body: "a" }] });
    expect(await failure(c.updateOne({ _id: 1 as any }, { $push: { n: 2 } } as any))).toMatchObject({
      code: 2,
      message: expect.stringMatching(/must be an array but is of type int/),
    });
    expect(await failure(c.updateOne({ _id: 1 as any }, { $inc: { s: 1 } }))).toMatchObject({
      code: 14,
      message: expect.stringMatching(/Cannot apply \$inc to a value of non-numeric type/),
    });
    expect(await failure(c.updateOne({ _id: 1 as any }, { $set: { "comments.body": "b" } }))).toMatchObject({
      code: 28,
      message: expect.stringMatching(/Cannot create field 'body' in element/),
    });
    expect(await c.findOne({ _id: 1 as any })).toEqual({ _id: 1, n: 1, s: "text", comments: [{ body: "a" }] });
  });
});

describe("field names", () => {
  it("$set may create a $-prefixed field, at the top or inside a document (allowed since MongoDB 5.0)", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, a: {} });
    await c.updateOne({ _id: 1 as any }, { $set: { "a.$price": 5, $myKey: "x" } });
    await c.updateOne({ _id: 2 as any }, { $set: { $each: { count: 42 } } }, { upsert: true });
    expect(await c.findOne({ _id: 1 as any })).toEqual({ _id: 1, a: { $price: 5 }, $myKey: "x" });
    expect(await c.findOne({ _id: 2 as any })).toEqual({ _id: 2, $each: { count: 42 } });
  });

  it("fields created by one update come in lexicographic order of their names, numeric names in numeric order", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, z: 1 });
    await c.updateOne({ _id: 1 as any }, { $set: { b: 1, a: 1, "n.10": 1, "n.9": 1 }, $inc: { c: 1 } });
    const doc = await c.findOne({ _id: 1 as any });
    expect(Object.keys(doc!)).toEqual(["_id", "z", "a", "b", "c", "n"]);
    expect(Object.keys(doc!.n)).toEqual(["9", "10"]);
  });

  it("__proto__ is an ordinary field for $set and $rename", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, a: 1 });
    await c.updateOne({ _id: 1 as any }, { $set: { ["__proto__"]: { x: 1 } } as any });
    let doc: any = await c.findOne({ _id: 1 as any });
    expect(Object.prototype.hasOwnProperty.call(doc, "__proto__")).toBe(true);
    expect(doc["__proto__"]).toEqual({ x: 1 });
    await c.updateOne({ _id: 1 as any }, { $rename: { a: "__proto__.y" } as any });
    doc = await c.findOne({ _id: 1 as any });
    expect(doc["__proto__"]).toEqual({ x: 1, y: 1 });
    expect(({} as any).x).toBeUndefined();
  });
});

describe("errors MongoDB raises", () => {
  it("an unknown aggregation stage: code 40324 and MongoDB's message", async () => {
    const e = await failure(
      fresh()
        .aggregate([{ $nosuch: {} }])
        .toArray(),
    );
    expect(e).toEqual({ code: 40324, message: "Unrecognized pipeline stage name: '$nosuch'" });
  });

  it("$set and $setOnInsert on the same path conflict (code 40), upsert or not", async () => {
    const c = fresh();
    const e = await failure(
      c.updateOne({ _id: 1 as any }, { $set: { a: 1 }, $setOnInsert: { a: 2 } }, { upsert: true }),
    );
    expect(e).toMatchObject({
      code: 40,
      message: expect.stringMatching(/Updating the path 'a' would create a conflict at 'a'/),
    });
    expect(await c.countDocuments()).toBe(0);
  });
});

describe("$lookup by localField and foreignField", () => {
  const setUp = async () => {
    const users = fresh();
    const sessions = fresh();
    await users.insertMany([
      { _id: "u1", name: "Ama", team: "a" },
      { _id: "u2", name: "Kofi", team: "b" },
      { _id: "u3", name: "Esi" },
    ]);
    await sessions.insertMany([
      { _id: "s1", userId: "u2", team: "a" },
      { _id: "s2", userId: ["u1", "u3", "nobody"] },
      { _id: "s3", userId: null },
      { _id: "s4", team: [] },
    ]);
    return { from: users.collectionName, sessions };
  };

  it("with a pipeline, runs it on the documents that match only", async () => {
    const { from, sessions } = await setUp();
    const pipeline = [{ $project: { name: 1 } }];
    const rows = await sessions
      .aggregate([
        { $match: { _id: "s1" } },
        { $lookup: { from, localField: "userId", foreignField: "_id", pipeline, as: "user" } },
      ])
      .toArray();
    expect(rows).toEqual([{ _id: "s1", userId: "u2", team: "a", user: [{ _id: "u2", name: "Kofi" }] }]);
  });

  it("matches each element of an array, and a missing, null or empty value as null", async () => {
    const { from, sessions } = await setUp();
    const ids = (rows: any[]) => rows.map((d) => [d._id, d.u.map((u: any) => u._id).sort()]);
    const byId = await sessions.aggregate([{ $lookup: { from, localField: "userId", foreignField: "_id", as: "u" } }]);
    expect(ids(await byId.toArray())).toEqual([
      ["s1", ["u2"]],
      ["s2", ["u1", "u3"]],
      ["s3", []],
      ["s4", []],
    ]);
    // s2 and s3 have no team and s4 an empty one: each matches the user without a team.
    const byTeam = await sessions.aggregate([{ $lookup: { from, localField: "team", foreignField: "team", as: "u" } }]);
    expect(ids(await byTeam.toArray())).toEqual([
      ["s1", ["u1"]],
      ["s2", ["u3"]],
      ["s3", ["u3"]],
      ["s4", ["u3"]],
    ]);
  });
});

describe("$lookup: the values it joins on, and the forms it refuses", () => {
  it("joins an array's elements one level down: an empty array inside one is a value, a document with $ keys too", async () => {
    const foreign = fresh();
    const local = fresh();
    await foreign.insertMany([{ _id: 1, k: [] }, { _id: 2, k: [[]] }, { _id: 3 }, { _id: 4, k: "zz" }]);
    await foreign.createIndex({ k: 1 });
    await local.insertMany([
      { _id: "a", k: [[]] },
      { _id: "b", k: [[], "zz"] },
      { _id: "c", k: { $gt: 1 } },
    ]);
    const rows = await local
      .aggregate([{ $lookup: { from: foreign.collectionName, localField: "k", foreignField: "k", as: "m" } }])
      .toArray();
    expect(rows.map((d) => [d._id, d.m.map((m: any) => m._id).sort()])).toEqual([
      ["a", [1, 2]],
      ["b", [1, 2, 4]],
      ["c", []],
    ]);
  });

  it("refuses a $ or empty field path (16410, 15998), and as not supported 'let' or $documents with localField, a dotted 'as'", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1, k: 1 });
    const lookup = (stage: any) => failure(c.aggregate([{ $lookup: { from: c.collectionName, ...stage } }]).toArray());
    expect(await lookup({ localField: "k", foreignField: "$k", as: "m" })).toMatchObject({ code: 16410 });
    expect(await lookup({ localField: "k", foreignField: "k", let: { x: "$k" }, pipeline: [], as: "m" })).toMatchObject(
      { code: 115 },
    );
    expect(await lookup({ localField: "k", foreignField: "k", as: "a.b" })).toMatchObject({ code: 115 });
    expect(await lookup({ localField: "k", foreignField: "a..b", as: "m" })).toMatchObject({ code: 15998 });
    expect(await lookup({ localField: "k", foreignField: "a.$b", as: "m" })).toMatchObject({ code: 16410 });
    expect(await lookup({ localField: "k", foreignField: "a.", as: "m" })).toMatchObject({ code: 40353 });
    // One of the two equality fields alone, or no 'as': MongoDB cannot parse it.
    expect(await lookup({ localField: "k", as: "m" })).toMatchObject({ code: 9 });
    expect(await lookup({ localField: "k", foreignField: "k" })).toMatchObject({ code: 9 });
    const documents = { localField: "k", foreignField: "k", pipeline: [{ $documents: [{ k: 1 }] }], as: "m" };
    expect(await failure(c.aggregate([{ $lookup: documents }]).toArray())).toMatchObject({ code: 115 });
  });
});

describe("$lookup without an index on the foreign field", () => {
  it("answers as the indexed join does, null through arrays of documents included, each join with its own copies", async () => {
    const plain = fresh();
    const indexed = fresh();
    const local = fresh();
    const docs = [
      { _id: 1, a: [{ b: 3 }, {}] },
      { _id: 2, a: [1, "s", 4] },
      { _id: 3, a: [] },
      { _id: 4, a: [[]] },
      { _id: 5, a: [null, null] },
      { _id: 6, a: { b: null } },
      { _id: 7 },
      { _id: 8, a: { b: 3 }, sub: { n: 1 } },
    ];
    await plain.insertMany(docs as any[]);
    await indexed.insertMany(docs as any[]);
    await indexed.createIndex({ "a.b": 1 });
    await local.insertMany([{ _id: "x" }, { _id: "y", k: 3 }, { _id: "z", k: 3 }] as any[]);
    const join = async (from: string) =>
      (
        await local
          .aggregate([
            {
              $lookup: {
                from,
                localField: "k",
                foreignField: "a.b",
                pipeline: [{ $set: { "sub.n": { $add: ["$sub.n", 1] } } }, { $project: { sub: 1 } }],
                as: "m",
              },
            },
          ])
          .toArray()
      ).map((d) => [d._id, d.m.map((m: any) => [m._id, m.sub?.n ?? null]).sort()]);
    const expected = [
      [
        "x",
        [
          [1, null],
          [6, null],
          [7, null],
        ],
      ],
      [
        "y",
        [
          [1, null],
          [8, 2],
        ],
      ],
      [
        "z",
        [
          [1, null],
          [8, 2],
        ],
      ],
    ];
    expect(await join(plain.collectionName)).toEqual(expected);
    expect(await join(indexed.collectionName)).toEqual(expected);
  });
});

describe("$lookup and Decimal128", () => {
  it("refuses to join on a value holding a Decimal128 anywhere (its ordering is not supported), with or without an index", async () => {
    const foreign = fresh();
    const local = fresh();
    await foreign.insertOne({ _id: 1, a: { x: Decimal128.fromString("1") } } as any);
    await local.insertOne({ _id: "l", k: { x: 1 } } as any);
    const join = () =>
      failure(
        local
          .aggregate([{ $lookup: { from: foreign.collectionName, localField: "k", foreignField: "a", as: "m" } }])
          .toArray(),
      );
    expect(await join()).toMatchObject({ code: 115 });
    await local.updateOne({ _id: "l" } as any, { $set: { k: [[Decimal128.fromString("1")]] } });
    expect(await join()).toMatchObject({ code: 115 });
    await foreign.createIndex({ a: 1 });
    expect(await join()).toMatchObject({ code: 115 });
  });
});

describe("counts and projections", () => {
  it("a count with another operator beside $eq or $in tests it, not only the index", async () => {
    const c = fresh();
    // Through the command: the driver's insertMany would give a null `_id` an ObjectId.
    await db.command({ insert: c.collectionName, documents: [{ _id: null }, { _id: 1 }, { _id: 2 }] });
    expect(await c.countDocuments({ _id: { $eq: null, $exists: false } })).toBe(0);
    expect(await c.countDocuments({ _id: { $eq: 1, $ne: 1 } })).toBe(0);
    expect(await c.countDocuments({ _id: { $in: [null, 1], $nin: [1] } })).toBe(1);
  });

  it("an aggregate's $project or $unwind never changes the stored documents", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, sub: { a: 1, b: 2 }, team: "x", none: [], one: 5 });
    await c.aggregate([{ $project: { "sub.a": 0 } }]).toArray();
    await c.aggregate([{ $project: { sub: { b: 0 }, team: 0 } }]).toArray();
    await c.aggregate([{ $unwind: { path: "$none", preserveNullAndEmptyArrays: true } }]).toArray();
    await c.aggregate([{ $unwind: { path: "$one", includeArrayIndex: "i" } }]).toArray();
    await c
      .aggregate([
        { $lookup: { from: c.collectionName, localField: "_id", foreignField: "_id", as: "r" } },
        { $project: { "r.team": 0 } },
      ])
      .toArray();
    expect(await c.findOne({ _id: 1 as any })).toEqual({ _id: 1, sub: { a: 1, b: 2 }, team: "x", none: [], one: 5 });
  });
});

describe("administration MongoDB's own tools use", () => {
  it("setParameter ttlMonitorSleepSecs changes how often expired documents go; unknown parameters are refused", async () => {
    const admin = t.client.db("admin");
    expect(await admin.command({ setParameter: 1, ttlMonitorSleepSecs: 1 })).toMatchObject({ ok: 1, was: 60 });
    expect(await admin.command({ getParameter: 1, ttlMonitorSleepSecs: 1 })).toMatchObject({ ttlMonitorSleepSecs: 1 });
    const c = fresh();
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
    await c.insertOne({ _id: 1 as any, at: new Date(Date.now() - 1000) });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await c.countDocuments()).toBe(0);
    expect(await failure(admin.command({ setParameter: 1, noSuchKnob: 1 }))).toMatchObject({ code: 2 });
  });

  it("collMod hides and unhides an index (kept up to date and unique, but not planned) and changes a TTL", async () => {
    const c = fresh();
    await c.createIndex({ a: 1 }, { unique: true });
    await c.insertMany([
      { _id: 1 as any, a: 1 },
      { _id: 2 as any, a: 2 },
    ]);
    const plan = async () => JSON.stringify((await c.find({ a: 1 }).explain()).queryPlanner.winningPlan);
    expect(await plan()).toContain("a_1");
    expect(
      await db.command({ collMod: c.collectionName, index: { keyPattern: { a: 1 }, hidden: true } }),
    ).toMatchObject({ hidden_old: false, hidden_new: true });
    expect((await c.indexes()).find((i) => i.name === "a_1")).toMatchObject({ hidden: true });
    expect(await plan()).not.toContain("a_1");
    expect(await failure(c.insertOne({ _id: 3 as any, a: 1 }))).toMatchObject({ code: 11000 });
    await db.command({ collMod: c.collectionName, index: { name: "a_1", hidden: false } });
    expect(await plan()).toContain("a_1");
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
    expect(
      await db.command({ collMod: c.collectionName, index: { name: "at_1", expireAfterSeconds: 5 } }),
    ).toMatchObject({ expireAfterSeconds_old: 60, expireAfterSeconds_new: 5 });
    expect(await failure(db.command({ collMod: c.collectionName, validator: { a: { $exists: true } } }))).toMatchObject(
      { code: 115 },
    );
  });
});

describe("what the engine does not implement is refused loudly", () => {
  it("a collection validator ($jsonSchema or query) is refused with code 115 naming the feature", async () => {
    const e = await failure(db.createCollection(`v${++n}`, { validator: { $jsonSchema: { required: ["a"] } } }));
    expect(e).toMatchObject({ code: 115, message: expect.stringMatching(/validator/) });
  });

  it("a hint naming no index is refused; one naming an index is accepted and gives its order", async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as any, a: 1 });
    await c.createIndex({ a: 1 });
    expect(await c.aggregate([{ $match: { a: 1 } }], { hint: { a: 1 } }).toArray()).toHaveLength(1);
    expect(await c.aggregate([{ $match: { a: 1 } }], { hint: "a_1" }).toArray()).toHaveLength(1);
    // Without a sort, a hinted query answers in the index's order, as an index scan does.
    await c.createIndex({ q: -1, name: -1 });
    await c.insertMany([
      { _id: 2 as any, name: "Andrew", q: 4 },
      { _id: 3 as any, name: "Betty", q: 5 },
      { _id: 4 as any, name: "Charlie", q: 4 },
    ]);
    const names = (docs: any[]) => docs.map((d) => d.name);
    expect(names(await c.aggregate([{ $match: { q: { $gt: 0 } } }], { hint: { q: -1, name: -1 } }).toArray())).toEqual([
      "Betty",
      "Charlie",
      "Andrew",
    ]);
    expect(names(await c.find({ q: { $gt: 0 } }, { hint: "q_-1_name_-1" }).toArray())).toEqual([
      "Betty",
      "Charlie",
      "Andrew",
    ]);
    expect(await failure(c.aggregate([{ $match: { a: 1 } }], { hint: { nosuch: 1 } }).toArray())).toMatchObject({
      code: 2,
      message: expect.stringMatching(/hint provided does not correspond to an existing index/),
    });
  });
});
