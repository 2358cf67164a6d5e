/**
 * Checkpoint images (image.ts): a start that restores one has exactly the state the process that wrote it had, a
 * journal written after it is replayed on top, and an image that does not match its data files is never used.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Binary, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp, UUID, serialize } from "bson";
import { MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "./engine.ts";
import { idsIn } from "./ids.ts";
import { equalityPick } from "./planner.ts";
import { startEmbeddedMongo } from "./index.ts";
import { Storage } from "./storage.ts";

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-image-"));
  tmpDirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Everything a query or a write can observe of the engine's state, in order (not the `version` counters). */
function dump(engine: Engine): unknown[] {
  const out: unknown[] = [];
  const hex = (v: unknown) => Buffer.from(serialize(v as any)).toString("hex");
  const ids = (m: Map<string, any> | null) => (m ? [...m].map(([k, v]) => [k, [...idsIn(v)]]) : null);
  for (const [db, colls] of engine.dbs) {
    out.push(["db", db]);
    for (const [name, c] of colls) {
      out.push(["collection", name, hex(c.options), (c as any).nextSeq, (c as any).idView.nonOrderable]);
      for (const [id, doc] of c.docs) out.push([id, hex(doc), c.seqOf(doc)]);
      for (const ix of c.indexes) {
        out.push([
          ix.spec.name,
          hex(ix.spec),
          ix.fullKeys,
          ix.multikeyDocs,
          ix.view?.nonOrderable,
          ix.fullKeys ? ids(ix.entries) : null,
          ids(ix.lead),
          ix.text ? ids(ix.text.postings) : null,
        ]);
      }
    }
  }
  return out;
}

/** Opens the data directory in this process as a start would; the caller closes the storage. */
async function open(dir: string): Promise<{ engine: Engine; storage: Storage; logged: string[] }> {
  const engine = new Engine();
  const logged: string[] = [];
  const storage = await Storage.open(dir, engine, { log: (m) => logged.push(m) });
  engine.journal = storage;
  return { engine, storage, logged };
}

/** Documents of every kind the engine stores, with indexes of every kind, after inserts, updates and deletes. */
async function fill(uri: string, round: number) {
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db("school");
    // Large documents first: the image is read through one buffer that grows with its largest part, and the parts
    // after it (the next collection's header included) are read into the grown buffer.
    await db
      .collection<any>("attachments")
      .insertMany([0, 1, 2].map((i) => ({ _id: `${round}-${i}`, body: "x".repeat(60_000 + i) })));
    const people = db.collection<any>("people");
    await people.createIndex({ ref: 1 }, { unique: true });
    await people.createIndex({ programme: 1, phone: 1, nameKey: 1 }, { unique: true });
    await people.createIndex({ programme: 1, createdAt: 1 });
    await people.createIndex({ createdAt: -1 });
    await people.createIndex({ subjects: 1 });
    await people.createIndex({ parentId: 1 }, { sparse: true });
    await people.createIndex({ phone: 1 }, { partialFilterExpression: { paid: true } });
    await people.createIndex({ name: "text", school: "text" }, { name: "search", default_language: "none" });
    const docs = [];
    for (let i = 0; i < 300; i++) {
      const n = round * 1000 + i;
      docs.push({
        _id: i % 3 === 0 ? new ObjectId() : `p${n}`,
        ref: `ref${n}`,
        name: i % 7 === 0 ? `Àkosua Mensah ${n}` : `Kwame Boateng ${n}`,
        nameKey: `kwame ${n}`,
        phone: `+23324${String(n).padStart(7, "0")}`,
        programme: ["science", "business", "arts"][i % 3],
        school: "Accra Academy",
        subjects: i % 5 === 0 ? "Mathematics" : ["Mathematics", "English Language", `Elective ${i % 4}`],
        parentId: i % 2 ? `parent${n % 40}` : undefined,
        paid: i % 4 === 0,
        createdAt: new Date(1_760_000_000_000 + n * 1000),
        amount: i % 9 === 0 ? new Double(150) : i % 9 === 1 ? new Decimal128("150.25") : 150.5,
        count: new Int32(i),
        big: Long.fromString("9007199254740993"),
        photo: i % 11 === 0 ? new Binary(Buffer.from([1, 2, 3, i % 256])) : null,
        token: i % 13 === 0 ? new UUID() : null,
        at: i % 17 === 0 ? new Timestamp({ t: 1_760_000_000, i }) : null,
        edge: i % 19 === 0 ? new MinKey() : i % 19 === 1 ? new MaxKey() : -0,
        nested: { level: i % 3, address: { town: "Kumasi", box: `PO ${i}` }, tags: [] },
        ...(i % 23 === 0 ? { odd: { "weird.key": true, $dollar: 1 } } : {}),
      });
    }
    await people.insertMany(docs);
    await people.updateMany({ programme: "science" }, { $set: { programme: "business", school: "Prempeh College" } });
    await people.updateOne({ ref: `ref${round * 1000 + 4}` }, { $push: { subjects: "French" } as any });
    await people.deleteMany({ paid: true, programme: "arts" });
    await people.updateMany({ parentId: `parent${(round * 1000 + 3) % 40}` }, { $unset: { parentId: "" } });
    // A compound index's full keys are built by the first lookup on all its fields: the image keeps them.
    await people.find({ programme: "business", phone: "+233240000001", nameKey: "kwame 1" }).toArray();
    await db.collection<any>("small").insertMany([
      { _id: round * 10 + 1, a: 1 },
      { _id: round * 10 + 2, a: [1, 2] },
    ]);
    await db.collection("gone").insertOne({ a: 1 });
    await db.collection("gone").drop();
    await people.createIndex({ school: 1 }, { name: "dropped" });
    await people.dropIndex("dropped");
    await client
      .db("other")
      .collection<any>("x")
      .insertOne({ _id: `only ${round}` });
  } finally {
    await client.close();
  }
}

function images(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.startsWith("image-"));
}

describe("checkpoint images", () => {
  it("a restart restores from the image exactly the state the stopped server had, and answers the same", async () => {
    const dir = tmpDir();
    const srv = (await startEmbeddedMongo({ dataDir: dir, quiet: true })) as Awaited<
      ReturnType<typeof startEmbeddedMongo>
    > & { _internals: { engine: Engine } };
    await fill(srv.uri, 0);
    const live = dump(srv._internals.engine);
    await srv.stop();
    expect(images(dir)).toEqual(["image-0.v8"]);

    const restored = await open(dir);
    expect(restored.storage.loadedFromImage).toBe(true);
    expect(dump(restored.engine)).toEqual(live);
    await restored.storage.close();

    // The same answers through the server, from the image and from the data files alone.
    const answers = async () => {
      const s = await startEmbeddedMongo({ dataDir: dir, quiet: true });
      const client = await MongoClient.connect(s.uri);
      try {
        const people = client.db("school").collection("people");
        return [
          await people.find({ programme: "business" }).sort({ createdAt: -1 }).limit(20).toArray(),
          await people.find({ $text: { $search: "akosua" } }).toArray(),
          await people.countDocuments({ subjects: "Mathematics" }),
          await people
            .find({ parentId: { $exists: true } })
            .sort({ _id: 1 })
            .toArray(),
          await people.insertOne({ ref: "ref5" }).catch((e) => e.code),
          await people.find().toArray(),
        ];
      } finally {
        await client.close();
        await s.stop();
      }
    };
    const fromImage = await answers();
    fs.rmSync(path.join(dir, "image-0.v8"));
    const fromFiles = await answers();
    expect(fromImage).toEqual(fromFiles);
    expect(fromImage[4]).toBe(11000);
  });

  it("replays the journal written after the image on top of it (a crash after a clean restart)", async () => {
    const dir = tmpDir();
    let srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await fill(srv.uri, 0);
    await srv.stop();
    srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await fill(srv.uri, 1);
    // A crash: the files as they are while the server runs (its lock left behind, as kill -9 leaves it).
    const crashed = tmpDir();
    fs.cpSync(dir, crashed, { recursive: true });
    await srv.stop();
    fs.rmSync(path.join(crashed, "mongod.lock"));

    const withImage = await open(crashed);
    expect(withImage.storage.loadedFromImage).toBe(true);
    const state = dump(withImage.engine);
    expect(withImage.engine.getCollection("school", "people")!.docs.size).toBeGreaterThan(300);
    await withImage.storage.close();
    fs.rmSync(path.join(crashed, "image-0.v8"));
    const fromFiles = await open(crashed);
    expect(fromFiles.storage.loadedFromImage).toBe(false);
    // Loading the files builds the compound index's full keys only when a lookup asks: compare what both hold.
    const people = fromFiles.engine.getCollection("school", "people")!;
    equalityPick(people, { programme: "business", phone: "+233240000001", nameKey: "kwame 1" });
    expect(dump(fromFiles.engine)).toEqual(state);
    await fromFiles.storage.close();
  });

  it("does not use an image that does not match the data files, and says why", async () => {
    const dir = tmpDir();
    const srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await fill(srv.uri, 0);
    await srv.stop();
    const reference = await open(dir);
    const expected = dump(reference.engine);
    await reference.storage.close();
    const image = path.join(dir, "image-0.v8");
    const journal = path.join(dir, "journal-0.bson");
    const good = fs.readFileSync(image);
    const goodJournal = fs.readFileSync(journal);

    const cases: [string, () => void, RegExp][] = [
      [
        "a changed byte in the image",
        () =>
          fs.writeFileSync(
            image,
            Buffer.concat([good.subarray(0, -10), Buffer.from([good[good.length - 10] ^ 0xff]), good.subarray(-9)]),
          ),
        /checksum mismatch/,
      ],
      ["a cut image", () => fs.writeFileSync(image, good.subarray(0, good.length >> 1)), /checksum mismatch/],
      [
        "another V8",
        () =>
          fs.writeFileSync(
            image,
            withHeader(good, (h) => ({ ...h, v8: "1.0.0" })),
          ),
        /written by V8 1\.0\.0/,
      ],
      [
        "another generation",
        () =>
          fs.writeFileSync(
            image,
            withHeader(good, (h) => ({ ...h, gen: 3 })),
          ),
        /generation 3/,
      ],
      [
        "a journal that begins otherwise",
        () => {
          fs.writeFileSync(image, good);
          // the same records in another order: the same length, another beginning
          const other = Buffer.from(goodJournal);
          const first = other.readUInt32LE(0) + 8;
          const second = other.readUInt32LE(first) + 8;
          Buffer.concat([
            goodJournal.subarray(first, first + second),
            goodJournal.subarray(0, first),
            goodJournal.subarray(first + second),
          ]).copy(other);
          fs.writeFileSync(journal, other);
        },
        /journal does not begin as it did/,
      ],
      [
        "a journal shorter than the image",
        () => (fs.writeFileSync(image, good), fs.writeFileSync(journal, goodJournal.subarray(0, 100))),
        /journal does not begin as it did/,
      ],
    ];
    for (const [what, spoil, reason] of cases) {
      spoil();
      const opened = await open(dir);
      expect(opened.storage.loadedFromImage, what).toBe(false);
      expect(opened.logged.join("\n"), what).toMatch(reason);
      if (!what.includes("journal")) expect(dump(opened.engine), what).toEqual(expected);
      expect(fs.existsSync(image), what).toBe(false);
      await opened.storage.close();
      fs.writeFileSync(journal, goodJournal);
    }
  });

  it("a failed image write loses nothing and leaves no partial file: the next start loads the data files", async () => {
    const dir = tmpDir();
    const srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await fill(srv.uri, 0);
    // Something in the image's place that a rename cannot replace (as a full disk or a read-only file would refuse).
    fs.mkdirSync(path.join(dir, "image-0.v8", "in-the-way"), { recursive: true });
    await srv.stop();
    expect(fs.existsSync(path.join(dir, "image-0.v8.tmp"))).toBe(false);
    const reopened = await open(dir);
    expect(reopened.storage.loadedFromImage).toBe(false);
    expect(reopened.logged.join("\n")).toMatch(/image .* not used/);
    expect(reopened.engine.getCollection("school", "people")!.docs.size).toBe(300 - 25);
    await reopened.storage.close();
  });

  it("after a compaction the new generation's image is written once the server is idle; a crash after it restarts from it", async () => {
    const dir = tmpDir();
    const srv = (await startEmbeddedMongo({
      dataDir: dir,
      quiet: true,
      compactThresholdBytes: 64 * 1024,
      imageIdleMs: 300,
    })) as Awaited<ReturnType<typeof startEmbeddedMongo>> & {
      _internals: { engine: Engine; storage: Storage };
    };
    await fill(srv.uri, 0);
    expect(srv._internals.storage.compactions).toBeGreaterThan(0);
    const files = fs.readdirSync(dir);
    const gen = Number(/^snapshot-(\d+)\.bson$/.exec(files.find((f) => f.startsWith("snapshot-"))!)![1]);
    // No image of an older generation is left; the new one comes when no command has come for imageIdleMs.
    expect(images(dir).filter((f) => f !== `image-${gen}.v8`)).toEqual([]);
    await expect.poll(() => images(dir), { timeout: 5_000 }).toEqual([`image-${gen}.v8`]);
    const crashed = tmpDir();
    fs.cpSync(dir, crashed, { recursive: true });
    fs.rmSync(path.join(crashed, "mongod.lock"));
    const live = dump(srv._internals.engine);
    await srv.stop();

    const restarted = await open(crashed);
    expect(restarted.storage.loadedFromImage).toBe(true);
    expect(dump(restarted.engine)).toEqual(live);
    await restarted.storage.close();
  });
});

/** The image with its JSON header changed by `edit` (the payload and its checksum kept). */
function withHeader(image: Buffer, edit: (h: any) => any): Buffer {
  const len = image.readUInt32LE(8);
  const header = edit(JSON.parse(image.toString("utf8", 12, 12 + len)));
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(12);
  image.copy(head, 0, 0, 8);
  head.writeUInt32LE(json.length, 8);
  return Buffer.concat([head, json, image.subarray(12 + len)]);
}
