/**
 * Benchmark of the embedded server through the real mongodb driver.
 *   npm run bench:db
 * Prints inserts/s, indexed lookups/s and, at 10k, 100k and 1M documents
 * (in-memory; BENCH_DB_SIZES=10000,100000 to choose), the time of sorted
 * 50-row pages (filtered, unfiltered, deep: skip n/2, case-insensitive
 * $regex search, $text search), an indexed range, indexed and unindexed
 * counts and a $group count by an indexed field, plus durable insert rates
 * with a data directory in the OS temp dir. Traffic only to 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient, ObjectId } from "mongodb";
import { startEmbeddedMongo } from "../src/index.ts";

const COURSES = 40;

function fmt(n: number) {
  return Math.round(n).toLocaleString("en-US");
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

/** Median and max of `runs` sequential runs, in ms. */
async function medianMs(runs: number, fn: (i: number) => Promise<unknown>): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(() => fn(i)))[1]);
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], max: times[runs - 1] };
}

function ms(t: { median: number; max: number }) {
  return `median ${t.median.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`;
}

async function parallel(total: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await fn(next++);
    }),
  );
}

function registration(i: number, courseIds: ObjectId[]) {
  return {
    courseId: courseIds[i % COURSES],
    email: `student${i}@example.com`,
    name: `Student ${i}`,
    phone: `+4470000${String(i).padStart(6, "0")}`,
    status: i % 7 === 0 ? "cancelled" : "confirmed",
    createdAt: new Date(1_700_000_000_000 + ((i * 7919) % 1_000_003) * 1000),
    updatedAt: new Date(),
  };
}

async function benchSize(client: MongoClient, n: number) {
  const db = client.db(`bench_${n}`);
  await db.dropDatabase();
  const coll = db.collection("registrations");
  await coll.createIndex({ email: 1 }, { unique: true });
  await coll.createIndex({ courseId: 1, createdAt: -1 });
  await coll.createIndex({ createdAt: -1 });
  await coll.createIndex({ name: "text", email: "text" }, { default_language: "none" });
  const courseIds = Array.from({ length: COURSES }, () => new ObjectId());

  const [, bulkMs] = await timed(async () => {
    for (let i = 0; i < n; i += 1000) {
      await coll.insertMany(Array.from({ length: Math.min(1000, n - i) }, (_, j) => registration(i + j, courseIds)));
    }
  });

  const singles = 2000;
  const [, singleMs] = await timed(() => parallel(singles, 8, (i) => coll.insertOne(registration(n + i, courseIds))));

  const lookups = 5000;
  const [, lookupMs] = await timed(() =>
    parallel(lookups, 8, async (i) => {
      const doc = await coll.findOne({ email: `student${(i * 7) % n}@example.com` });
      if (!doc) throw new Error("lookup missed");
    }),
  );

  const pages = 20;
  const times: number[] = [];
  for (let i = 0; i < pages; i++) {
    const [rows, ms] = await timed(() =>
      coll
        .find({ courseId: courseIds[i % COURSES], status: "confirmed" })
        .sort({ createdAt: -1 })
        .skip(100)
        .limit(50)
        .toArray(),
    );
    if (rows.length !== 50) throw new Error(`page returned ${rows.length} rows`);
    times.push(ms);
  }
  times.sort((a, b) => a - b);

  const pageOf = (filter: object, skip: number) => async () => {
    const rows = await coll.find(filter).sort({ createdAt: -1 }).skip(skip).limit(50).toArray();
    if (rows.length !== 50) throw new Error(`page returned ${rows.length} rows`);
  };
  const deep = Math.floor(n / 2);
  const search = { $regex: "student1", $options: "i" };
  const searchFilter = { $or: [{ name: search }, { email: search }, { phone: search }] };
  const top = await medianMs(10, pageOf({}, 0));
  const deepPage = await medianMs(10, pageOf({}, deep));
  const searchPage = await medianMs(10, pageOf(searchFilter, 0));
  const countAll = await medianMs(10, () => coll.countDocuments({}));
  const countCourse = await medianMs(10, (i) =>
    coll.countDocuments({ courseId: courseIds[i % COURSES], status: "confirmed" }),
  );
  const countSearch = await medianMs(5, () => coll.countDocuments(searchFilter));
  const countIndexed = await medianMs(10, (i) => coll.countDocuments({ courseId: courseIds[i % COURSES] }));
  const from = new Date(1_700_000_000_000 + 500_000 * 1000);
  // a window holding about 50 documents whatever n is (createdAt spreads n documents over 1,000,003 s)
  const to = new Date(from.getTime() + Math.ceil((50 * 1_000_003) / n) * 1000);
  const range = await medianMs(10, () => coll.find({ createdAt: { $gte: from, $lt: to } }).toArray());
  const rangeRows = (await coll.find({ createdAt: { $gte: from, $lt: to } }).toArray()).length;
  const textPage = await medianMs(10, (i) =>
    coll
      .find({ $text: { $search: `student${(i * 7919) % n}` } })
      .sort({ createdAt: -1 })
      .limit(50)
      .toArray(),
  );
  const groupCount = await medianMs(5, () =>
    coll.aggregate([{ $group: { _id: "$courseId", n: { $sum: 1 } } }]).toArray(),
  );

  console.log(`\n${fmt(n)} documents (in-memory)`);
  console.log(`  insertMany (batches of 1000): ${fmt((n / bulkMs) * 1000)} inserts/s`);
  console.log(`  insertOne  (8 concurrent):    ${fmt((singles / singleMs) * 1000)} inserts/s`);
  console.log(`  indexed findOne by email:     ${fmt((lookups / lookupMs) * 1000)} lookups/s`);
  console.log(
    `  page (courseId filter, sort createdAt desc, skip 100, limit 50): median ${times[Math.floor(pages / 2)].toFixed(1)} ms, max ${times[pages - 1].toFixed(1)} ms`,
  );
  console.log(`  page (no filter, sort createdAt desc, limit 50):                 ${ms(top)}`);
  console.log(`  deep page (no filter, sort createdAt desc, skip ${fmt(deep)}, limit 50): ${ms(deepPage)}`);
  console.log(`  search page ($or of 3 case-insensitive $regex, sorted, limit 50): ${ms(searchPage)}`);
  console.log(`  countDocuments({}):                                              ${ms(countAll)}`);
  console.log(`  countDocuments({courseId, status}):                              ${ms(countCourse)}`);
  console.log(`  countDocuments($or of 3 case-insensitive $regex):                ${ms(countSearch)}`);
  console.log(`  countDocuments({courseId}) (counted from the index):            ${ms(countIndexed)}`);
  console.log(`  range find (createdAt $gte/$lt, ${rangeRows} rows, index range):       ${ms(range)}`);
  console.log(`  $text page (one e-mail term, sort createdAt desc, limit 50):    ${ms(textPage)}`);
  console.log(`  $group {_id: "$courseId", n: {$sum: 1}} (from the index):        ${ms(groupCount)}`);
  await db.dropDatabase();
}

async function benchDurable() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-bench-"));
  const srv = await startEmbeddedMongo({ dataDir: dir, quiet: true });
  const client = await MongoClient.connect(srv.uri, { maxPoolSize: 16 });
  try {
    const coll = client.db("bench_durable").collection("registrations");
    await coll.createIndex({ email: 1 }, { unique: true });
    const courseIds = Array.from({ length: COURSES }, () => new ObjectId());
    const singles = 1000;
    const [, sMs] = await timed(() => parallel(singles, 16, (i) => coll.insertOne(registration(i, courseIds))));
    const bulk = 10_000;
    const [, bMs] = await timed(async () => {
      for (let i = 0; i < bulk; i += 1000)
        await coll.insertMany(Array.from({ length: 1000 }, (_, j) => registration(singles + i + j, courseIds)));
    });
    console.log(`\ndurable (data dir, fdatasync before each acknowledgement)`);
    console.log(`  insertOne  (16 concurrent, group commit): ${fmt((singles / sMs) * 1000)} inserts/s`);
    console.log(`  insertMany (batches of 1000):            ${fmt((bulk / bMs) * 1000)} inserts/s`);
  } finally {
    await client.close();
    await srv.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const started = performance.now();
const srv = await startEmbeddedMongo({ quiet: true });
const client = await MongoClient.connect(srv.uri, { maxPoolSize: 16 });
try {
  console.log("embedded-mongo benchmark (through the mongodb driver over 127.0.0.1)");
  const sizes = (process.env.BENCH_DB_SIZES ?? "10000,100000,1000000").split(",").map(Number);
  for (const n of sizes) await benchSize(client, n);
} finally {
  await client.close();
  await srv.stop();
}
await benchDurable();
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
