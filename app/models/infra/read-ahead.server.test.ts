import { MongoClient, type CommandStartedEvent } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { readAhead } from "#app/models/infra/read-ahead.server.ts";

useTestDatabase("read_ahead_test");

let client: MongoClient;
const started: string[] = [];

beforeAll(async () => {
  client = await MongoClient.connect(process.env.MONGODB_URI!, { monitorCommands: true });
  client.on("commandStarted", (e: CommandStartedEvent) => started.push(e.commandName));
  await client
    .db()
    .collection("things")
    .insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: i as never, n: i })));
});
afterAll(() => client.close());

const things = () => client.db().collection<{ _id: number; n: number }>("things");

describe("readAhead", () => {
  it("hands over every document in order, a cursor batch at a time", async () => {
    const batches: number[][] = [];
    for await (const batch of readAhead(things().find({}, { sort: { n: -1 }, batchSize: 7 })))
      batches.push(batch.map((d) => d.n));
    expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    expect(batches.flat()).toEqual(Array.from({ length: 50 }, (_, i) => 49 - i));
  });

  it("has asked for the next batch before the reader gets this one", async () => {
    started.length = 0;
    const getMoresWhenHandedOver: number[] = [];
    for await (const batch of readAhead(things().find({}, { batchSize: 20 }))) {
      getMoresWhenHandedOver.push(started.filter((c) => c === "getMore").length);
      expect(batch.length).toBeGreaterThan(0);
    }
    // Batches 1 and 2 are handed over with the getMore for the next one already sent; the third is the last.
    expect(getMoresWhenHandedOver).toEqual([1, 2, 2]);
  });

  it("closes the cursor on the server when the reader stops early", async () => {
    started.length = 0;
    for await (const batch of readAhead(things().find({}, { batchSize: 5 }))) {
      expect(batch).toHaveLength(5);
      break;
    }
    expect(started).toContain("killCursors");
  });

  it("ends at once on an empty result", async () => {
    const batches = [];
    for await (const batch of readAhead(things().find({ n: -1 }))) batches.push(batch);
    expect(batches).toEqual([]);
  });
});
