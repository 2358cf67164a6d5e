import { MongoClient } from "mongodb";
import { afterAll, beforeAll } from "vitest";
import { type EmbeddedMongo, startEmbeddedMongo } from "../src/index.ts";
import { Engine } from "../src/engine.ts";
import type { Doc } from "../src/values.ts";

/**
 * The package's test setup: an in-memory server and a driver connected to it, started before the test file's own
 * hooks and closed after it. Call at the top level of a test file; read `server` and `client` inside hooks and tests.
 */
export function useTestClient(): { readonly server: EmbeddedMongo; readonly client: MongoClient } {
  let server: EmbeddedMongo | undefined;
  let client: MongoClient | undefined;
  beforeAll(async () => {
    server = await startEmbeddedMongo({ quiet: true });
    client = await MongoClient.connect(server.uri);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error("useTestClient: the server starts in beforeAll");
      return server;
    },
    get client() {
      if (!client) throw new Error("useTestClient: the client connects in beforeAll");
      return client;
    },
  };
}

/** An engine without a server, and a `run` that sends it a command as the driver would (database "t" unless given). */
export function engineRunner() {
  const e = new Engine();
  const conn = { id: 1, remote: "test" };
  const run = (cmd: Doc, db = "t") => e.runCommand({ ...cmd, $db: db }, conn);
  return { e, run };
}
