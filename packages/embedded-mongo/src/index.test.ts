/** startEmbeddedMongo (index.ts): a server the real driver reaches over TCP or a unix socket; stop frees its data. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient } from "mongodb";
import { describe, expect, it } from "vitest";
import { startEmbeddedMongo } from "./index.ts";

describe("startEmbeddedMongo", () => {
  it("serves the driver over a unix socket, keeps the data in its directory, and lets another start take it after stop", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-"));
    const socketPath = path.join(dir, "db.sock");
    const first = await startEmbeddedMongo({ dataDir: path.join(dir, "db"), socketPath, quiet: true });
    expect(first.uri).toContain(encodeURIComponent(socketPath));
    const client = await MongoClient.connect(first.uri);
    await client
      .db("school")
      .collection("wards")
      .insertOne({ _id: "w1" as never, name: "Kofi" });
    await client.close();
    await first.stop();
    expect(fs.existsSync(path.join(dir, "db", "mongod.lock"))).toBe(false);

    const second = await startEmbeddedMongo({ dataDir: path.join(dir, "db"), quiet: true });
    const again = await MongoClient.connect(second.uri);
    expect(await again.db("school").collection("wards").findOne({})).toEqual({ _id: "w1", name: "Kofi" });
    await again.close();
    await second.stop();
  });
});
