/**
 * Profile of the admin registrations list against the embedded server
 * (through the mongodb driver): 100k registration-like documents, sorted
 * pages at skip 0 / 50000 with no filter, an equality filter and a
 * case-insensitive $regex $or, plus countDocuments.
 *   npx tsx packages/embedded-mongo/tools/profile-list.ts [n]
 */
import { MongoClient } from "mongodb";
import { startEmbeddedMongo } from "../src/index.ts";

const N = Number(process.argv[2] ?? 100_000);
const PROGRAMMES = ["arts", "science", "maths", "music", "sport"];
const SUBJECTS = [
  "english",
  "french",
  "physics",
  "chemistry",
  "biology",
  "history",
  "art",
  "drama",
  "piano",
  "football",
];

function reg(i: number) {
  return {
    firstName: `First${i}`,
    lastName: `Last${(i * 31) % 9973}`,
    email: `student${i}@example.com`,
    phone: `+23320${String(i).padStart(7, "0")}`,
    school: `School ${(i * 13) % 400}`,
    programme: PROGRAMMES[i % 5],
    subjects: [SUBJECTS[i % 10], SUBJECTS[(i * 3 + 1) % 10]],
    status: i % 7 === 0 ? "cancelled" : "confirmed",
    createdAt: new Date(1_700_000_000_000 + ((i * 7919) % 1_000_003) * 1000),
    updatedAt: new Date(1_700_000_000_000 + i * 1000),
  };
}

async function time(label: string, fn: () => Promise<unknown>, reps = 5) {
  await fn(); // warm
  const t: number[] = [];
  for (let i = 0; i < reps; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(58)} median ${t[Math.floor(reps / 2)].toFixed(1).padStart(8)} ms`);
}

const srv = await startEmbeddedMongo({ quiet: true });
const client = await MongoClient.connect(srv.uri);
try {
  const coll = client.db("prof").collection("registrations");
  await coll.createIndex({ createdAt: -1 });
  await coll.createIndex({ programme: 1, createdAt: 1 });
  await coll.createIndex({ subjects: 1 });
  await coll.createIndex({ email: 1 }, { unique: true });
  for (let i = 0; i < N; i += 1000)
    await coll.insertMany(Array.from({ length: Math.min(1000, N - i) }, (_, j) => reg(i + j)));
  console.log(`${N} registrations`);
  const re = { $regex: "last12", $options: "i" };
  const or = { $or: [{ firstName: re }, { lastName: re }, { email: re }] };
  for (const [name, filter] of [
    ["{}", {}],
    ["{programme: 'arts'}", { programme: "arts" }],
    ["$or of 3 case-insensitive $regex", or],
  ] as const) {
    for (const skip of [0, 50_000]) {
      await time(`find ${name} sort createdAt -1 skip ${skip} limit 25`, () =>
        coll.find(filter).sort({ createdAt: -1 }).skip(skip).limit(25).toArray(),
      );
    }
    await time(`countDocuments ${name}`, () => coll.countDocuments(filter));
  }
  await time(`count command {programme:'arts'}`, () =>
    client.db("prof").command({ count: "registrations", query: { programme: "arts" } }),
  );
} finally {
  await client.close();
  await srv.stop();
}
