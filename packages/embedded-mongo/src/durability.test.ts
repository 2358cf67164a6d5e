import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { copyDataFiles, startEmbeddedMongo } from "./index.ts";
import { Binary, UUID } from "bson";
import { applyFileFrames, applyFrames, frame } from "./storage.ts";
import { lockHolderAlive, processStartTime } from "./lock.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The nearest node_modules holding `rel` (workspace packages use the root's). */
function findModule(rel: string): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const p = path.join(dir, "node_modules", rel);
    if (fs.existsSync(p)) return p;
    if (path.dirname(dir) === dir) throw new Error(`${rel} not found above ${here}`);
  }
}
const tmpDirs: string[] = [];
const children: ChildProcess[] = [];

function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-test-"));
  tmpDirs.push(d);
  return d;
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

async function startCli(dataDir: string, port: number): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      pathToFileURL(findModule("tsx/dist/loader.mjs")).href,
      path.join(here, "../tools/cli.ts"),
      "--data-dir",
      dataDir,
      "--port",
      String(port),
      "--quiet",
    ],
    {
      cwd: here,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /MONGODB_URI=(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`cli exited with ${code}: ${stderr}`)));
  });
  expect(line).toBe(`mongodb://127.0.0.1:${port}/vacation_classes`);
  return { child, uri: `mongodb://127.0.0.1:${port}/` };
}

describe("durability", () => {
  it("keeps every acknowledged write after kill -9, with unique indexes intact", async () => {
    const dir = tmpDir();
    const port = await freePort();
    const { child, uri } = await startCli(dir, port);
    const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 2000, maxPoolSize: 8 });
    const coll = client.db("dur").collection("items");
    await coll.createIndex({ k: 1 }, { unique: true });
    const acked: number[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const k = next++;
        try {
          await coll.insertOne({ k, payload: "x".repeat(100) });
          acked.push(k);
          if (acked.length >= 300 && !killed) {
            killed = true;
            child.kill("SIGKILL");
          }
        } catch {
          return; // connection died with the server
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, writer));
    await new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", () => r()),
    );
    await client.close(true).catch(() => {});
    expect(acked.length).toBeGreaterThanOrEqual(300);

    // the lock file of the killed process is stale and must be taken over
    const again = await startCli(dir, port);
    const client2 = await MongoClient.connect(again.uri, { serverSelectionTimeoutMS: 2000 });
    try {
      const coll2 = client2.db("dur").collection("items");
      const present = new Set((await coll2.find({}, { projection: { k: 1 } }).toArray()).map((d) => d.k));
      for (const k of acked) expect(present.has(k)).toBe(true);
      const err: any = await coll2.insertOne({ k: acked[0] }).catch((e) => e);
      expect(err.code).toBe(11000);
      const idx = await coll2.listIndexes().toArray();
      expect(idx.find((i) => i.name === "k_1")?.unique).toBe(true);
    } finally {
      await client2.close();
      again.child.kill("SIGTERM");
      await new Promise<void>((r) => again.child.once("exit", () => r()));
    }
    expect(fs.existsSync(path.join(dir, "mongod.lock"))).toBe(false);
  }, 60_000);

  it("drops a torn or corrupt journal tail and keeps earlier data", async () => {
    const dir = tmpDir();
    let srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    let client = await MongoClient.connect(srv.uri);
    await client
      .db("t")
      .collection("c")
      .insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    await client.db("t").collection("c").deleteOne({ i: 0 });
    await client.close();
    await srv.stop();

    const journal = path.join(dir, "journal-0.bson");
    const goodSize = fs.statSync(journal).size;
    const half = frame({ op: "p", db: "t", coll: "c", doc: { _id: "torn", i: 999 } });
    fs.appendFileSync(journal, half.subarray(0, Math.floor(half.length / 2)));
    expect(fs.statSync(journal).size).toBeGreaterThan(goodSize);

    srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    client = await MongoClient.connect(srv.uri);
    expect(await client.db("t").collection("c").countDocuments()).toBe(19);
    expect(
      await client
        .db("t")
        .collection("c")
        .countDocuments({ _id: "torn" as any }),
    ).toBe(0);
    expect(fs.statSync(journal).size).toBe(goodSize);
    await client.db("t").collection("c").insertOne({ i: 100 });
    await client.close();
    await srv.stop();

    // a whole record with a bad checksum (bit flip) at the end is dropped as well
    const bad = frame({ op: "p", db: "t", coll: "c", doc: { _id: "flipped", i: 1000 } });
    bad[bad.length - 3] ^= 0xff;
    fs.appendFileSync(journal, bad);
    fs.appendFileSync(journal, Buffer.from("garbage garbage garbage"));

    srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    client = await MongoClient.connect(srv.uri);
    try {
      const coll = client.db("t").collection("c");
      expect(await coll.countDocuments()).toBe(20);
      expect(await coll.countDocuments({ i: 100 })).toBe(1);
      expect(await coll.countDocuments({ _id: "flipped" as any })).toBe(0);
    } finally {
      await client.close();
      await srv.stop();
    }
  });

  it("compacts the journal into a snapshot and restores from it", async () => {
    const dir = tmpDir();
    let srv = await startEmbeddedMongo({ dataDir: dir, quiet: true, compactThresholdBytes: 4096 });
    let client = await MongoClient.connect(srv.uri);
    const coll = client.db("comp").collection("docs");
    await coll.createIndex({ email: 1 }, { unique: true });
    for (let i = 0; i < 200; i++) await coll.insertOne({ email: `u${i}@x`, n: i, at: new Date(1_700_000_000_000 + i) });
    await coll.updateMany({ n: { $lt: 50 } }, { $set: { flag: true } });
    await coll.deleteMany({ n: { $gte: 150 } });
    await client.db("comp").collection("gone").insertOne({ a: 1 });
    await client.db("comp").collection("gone").drop();
    const before = await coll.find().sort({ n: 1 }).toArray();
    await client.close();
    await srv.stop();

    const files = fs.readdirSync(dir);
    const snap = files.find((f) => /^snapshot-\d+\.bson$/.test(f));
    expect(snap).toBeDefined();
    expect(files.filter((f) => /^journal-\d+\.bson$/.test(f))).toHaveLength(1);
    expect(files).not.toContain("journal-0.bson");
    for (const f of files)
      if (f.startsWith("journal-")) expect(fs.statSync(path.join(dir, f)).size).toBeLessThan(4096 + 2048);

    srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    client = await MongoClient.connect(srv.uri);
    try {
      const coll2 = client.db("comp").collection("docs");
      const after = await coll2.find().sort({ n: 1 }).toArray();
      expect(after).toEqual(before);
      expect(await coll2.countDocuments({ flag: true })).toBe(50);
      const err: any = await coll2.insertOne({ email: "u1@x" }).catch((e) => e);
      expect(err.code).toBe(11000);
      const names = (await client.db("comp").listCollections().toArray()).map((c) => c.name);
      expect(names).toEqual(["docs"]);
    } finally {
      await client.close();
      await srv.stop();
    }
  });

  it("stops serving when a disk write fails, keeping earlier data", async () => {
    const dir = tmpDir();
    let fatal: Error | null = null;
    const srv = await startEmbeddedMongo({ dataDir: dir, quiet: true, onFatalError: (e) => (fatal = e) });
    const client = await MongoClient.connect(srv.uri, {
      serverSelectionTimeoutMS: 1000,
      retryWrites: false,
      retryReads: false,
    });
    const coll = client.db("f").collection("c");
    await coll.insertOne({ ok: 1 });
    // fault injection: close the journal file under the server so the next write fails
    await ((srv as any)._internals.storage as any).fh.close();
    const err = await coll.insertOne({ lost: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(fatal).toBeInstanceOf(Error);
    expect(String((fatal as any).message)).toMatch(/disk write failed/);
    const err2 = await client
      .db("f")
      .command({ ping: 1 })
      .catch((e) => e);
    expect(err2).toBeInstanceOf(Error);
    await client.close(true).catch(() => {});
    await srv.stop();

    const srv2 = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    const client2 = await MongoClient.connect(srv2.uri);
    try {
      expect(await client2.db("f").collection("c").countDocuments({ ok: 1 })).toBe(1);
    } finally {
      await client2.close();
      await srv2.stop();
    }
  });

  it("locks the data directory against a second server", async () => {
    const dir = tmpDir();
    const first = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await expect(startEmbeddedMongo({ dataDir: dir, quiet: true })).rejects.toThrow(/already in use by process \d+/);
    await first.stop();
    const second = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await second.stop();
  });

  it("refuses a live second server in another process, by pid, until it stops", async () => {
    const dir = tmpDir();
    const port = await freePort();
    const cli = await startCli(dir, port);
    await expect(startEmbeddedMongo({ dataDir: dir, quiet: true })).rejects.toThrow(
      new RegExp(`already in use by process ${cli.child.pid}`),
    );
    cli.child.kill("SIGTERM");
    await new Promise<void>((r) => cli.child.once("exit", () => r()));
    const next = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await next.stop();
  }, 30_000);

  it("takes over a lock whose pid now belongs to another process (pid reuse after kill -9)", async () => {
    const dir = tmpDir();
    const lock = path.join(dir, "mongod.lock");
    // the parent process is alive, but its start time is not the one recorded
    fs.writeFileSync(lock, `${process.ppid} 1\n`);
    const srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    expect(fs.readFileSync(lock, "utf8").split(" ")[0]).toBe(String(process.pid));
    await srv.stop();
    // a lock of a pid that no longer exists (old format: the pid alone)
    fs.writeFileSync(lock, `${2 ** 22 + 7}\n`);
    const again = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await again.stop();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("does not count a zombie (dead, unreaped) process as the lock holder", async () => {
    if (!fs.existsSync("/proc/self/stat")) return; // start times and states come from /proc (Linux)
    // sh starts `sleep 0.5` in the background, then becomes `sleep 5`, which never reaps it. The background sleep
    // outlives the exec even on a busy machine (with `sleep 0`, sh could reap it itself before exec'ing).
    const child = spawn("sh", ["-c", "sleep 0.5 & echo $!; exec sleep 5"], { stdio: ["ignore", "pipe", "ignore"] });
    children.push(child);
    const zombie = Number(await new Promise<string>((r) => child.stdout!.once("data", (d) => r(String(d).trim()))));
    let state = "";
    for (let i = 0; i < 150 && state !== "Z"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const stat = fs.readFileSync(`/proc/${zombie}/stat`, "utf8");
      state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    }
    expect(state).toBe("Z");
    expect(processStartTime(zombie)).toBeNull();
    expect(lockHolderAlive(`${zombie}\n`)).toBe(false);
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, "mongod.lock"), `${zombie}\n`);
    const srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    await srv.stop();
    // while a live holder with the recorded start time is still refused
    expect(lockHolderAlive(`${process.pid} ${processStartTime(process.pid)}\n`)).toBe(true);
    expect(lockHolderAlive(`${child.pid}\n`)).toBe(true);
  });

  it("writes no files in in-memory mode", async () => {
    // run in a child process whose cwd is an empty directory
    const dir = tmpDir();
    const tsxLoader = pathToFileURL(findModule("tsx/dist/loader.mjs")).href;
    const mongodbUrl = pathToFileURL(findModule("mongodb/lib/index.js")).href;
    const indexUrl = pathToFileURL(path.join(here, "index.ts")).href;
    const script = `
      import { startEmbeddedMongo } from ${JSON.stringify(indexUrl)};
      import mongodb from ${JSON.stringify(mongodbUrl)};
      const srv = await startEmbeddedMongo({ quiet: true });
      const client = await mongodb.MongoClient.connect(srv.uri);
      await client.db("m").collection("c").insertOne({ a: 1 });
      const n = await client.db("m").collection("c").countDocuments();
      await client.close();
      await srv.stop();
      console.log("count=" + n);
    `;
    const child = spawn(process.execPath, ["--import", tsxLoader, "--input-type=module", "-e", script], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let out = "";
    let err = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (err += d));
    const code = await new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out.trim()).toBe("count=1");
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 30_000);
});

describe("loading a data file a chunk at a time", () => {
  const records = Array.from({ length: 60 }, (_, i) => ({
    op: "p",
    db: "t",
    coll: "c",
    doc: { _id: `d${i}`, text: "x".repeat(i * 37) },
  }));
  const file = (bytes: Buffer) => {
    const f = path.join(tmpDir(), "journal-0.bson");
    fs.writeFileSync(f, bytes);
    return f;
  };
  const collect = (load: (apply: (r: any) => void) => { count: number; validLength: number; error?: string }) => {
    const ids: string[] = [];
    const r = load((rec) => ids.push(rec.doc._id));
    return { ids, count: r.count, validLength: r.validLength, error: r.error };
  };

  it("gives what reading the whole file gives, frames cut at any chunk boundary, or larger than a chunk", () => {
    const bytes = Buffer.concat(records.map((r) => frame(r)));
    const f = file(bytes);
    const whole = collect((apply) => applyFrames(bytes, apply));
    expect(whole).toEqual({
      ids: records.map((r) => r.doc._id),
      count: 60,
      validLength: bytes.length,
      error: undefined,
    });
    for (const chunk of [1, 7, 64, 1000, bytes.length, bytes.length * 2])
      expect(collect((apply) => applyFileFrames(f, apply, chunk))).toEqual(whole);
  });

  it("stops at the same byte as a whole-file read on a torn or corrupt tail, with the same error", () => {
    const good = Buffer.concat(records.slice(0, 10).map((r) => frame(r)));
    const flipped = frame(records[10]);
    flipped[flipped.length - 2] ^= 0xff;
    for (const tail of [
      frame(records[10]).subarray(0, 20),
      frame(records[10]).subarray(0, 5),
      flipped,
      Buffer.from([255, 255, 255, 255, 0, 0, 0, 0]),
    ]) {
      const bytes = Buffer.concat([good, tail]);
      const whole = collect((apply) => applyFrames(bytes, apply));
      expect(whole.validLength).toBe(good.length);
      expect(whole.error).toBeTruthy();
      for (const chunk of [3, 50, 4096])
        expect(collect((apply) => applyFileFrames(file(bytes), apply, chunk))).toEqual(whole);
    }
  });

  it("stores binaries with bytes of their own, not views that would keep a whole file chunk in memory", async () => {
    const dir = tmpDir();
    let srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    let client = await MongoClient.connect(srv.uri);
    const uuid = new UUID();
    await client
      .db("t")
      .collection("b")
      .insertOne({ _id: "bin" as any, bytes: new Binary(Buffer.from([1, 2, 3]), 0), uuid });
    await client.close();
    await srv.stop();
    srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    try {
      const stored = (srv as any)._internals.engine.getCollection("t", "b").docs.get("bin");
      for (const v of [stored.bytes, stored.uuid]) expect(v.buffer.buffer.byteLength).toBe(v.buffer.byteLength);
      expect(stored.uuid).toBeInstanceOf(UUID);
      client = await MongoClient.connect(srv.uri);
      const back = await client
        .db("t")
        .collection("b")
        .findOne({ _id: "bin" as any });
      expect([...back!.bytes.buffer]).toEqual([1, 2, 3]);
      expect(back!.uuid.toHexString()).toBe(uuid.toHexString());
      await client.close();
    } finally {
      await srv.stop();
    }
  });
});

describe("file modes", () => {
  it("keeps the data folder 700 and its files 600, also those an earlier version wrote readable by anyone", async () => {
    const dir = path.join(tmpDir(), "db");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "journal-0.bson"), "", { mode: 0o644 });
    const db = await startEmbeddedMongo({ dataDir: dir, quiet: true });
    try {
      const client = await MongoClient.connect(db.uri);
      await client.db("t").collection("c").insertOne({ secret: "hash" });
      await client.close();
    } finally {
      await db.stop();
    }
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect({ f, mode: fs.statSync(path.join(dir, f)).mode & 0o777 }).toEqual({ f, mode: 0o600 });
  });
});

describe("copyDataFiles: a consistent copy while the server writes", () => {
  it("holds every write acknowledged before the copy began, across compactions, and opens as a database", async () => {
    const dir = tmpDir();
    // A small threshold: the journal is compacted into new generations while the copies are taken.
    const db = await startEmbeddedMongo({ dataDir: dir, quiet: true, compactThresholdBytes: 64 * 1024 });
    const client = await MongoClient.connect(`${db.uri}copy_test`);
    const coll = client.db().collection<{ _id: number; pad: string }>("docs");
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        await coll.insertOne({ _id: i, pad: "x".repeat(500) });
        acknowledged = i + 1;
      }
    })();
    try {
      for (let round = 0; round < 4; round++) {
        await new Promise((r) => setTimeout(r, 150));
        const before = acknowledged;
        const copy = path.join(tmpDir(), "db");
        await copyDataFiles(dir, copy);
        // The copy opens as any data directory would, a second server beside the running one.
        const opened = await startEmbeddedMongo({ dataDir: copy, quiet: true });
        const reader = await MongoClient.connect(`${opened.uri}copy_test`);
        try {
          const ids = (
            await reader
              .db()
              .collection("docs")
              .find({}, { projection: { _id: 1 } })
              .toArray()
          ).map((d) => d._id as unknown as number);
          expect(ids.length).toBeGreaterThanOrEqual(before);
          // A prefix of the writes, none missing in the middle, none twice.
          expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: ids.length }, (_, i) => i));
        } finally {
          await reader.close();
          await opened.stop();
        }
      }
      expect(fs.readdirSync(dir).some((n) => /^snapshot-\d+\.bson$/.test(n))).toBe(true);
    } finally {
      writing = false;
      await writer;
      await client.close();
      await db.stop();
    }
  }, 60_000);
});
