import mongoose from "mongoose";
import { afterAll, beforeAll } from "vitest";
import { startEmbeddedMongo, type EmbeddedMongo } from "@vacation-classes/embedded-mongo";

type Initialisable = { init(): Promise<unknown> };

/**
 * The one database setup of the unit tests: an in-memory embedded server for
 * the test file, Mongoose connected to the database `name` on it, both closed
 * after the file. Call it at the top level of a test file; its hooks run before
 * the file's own. MONGODB_URI points at the same database, so modules imported
 * afterwards (they read their configuration at import time) use it too.
 */
export function useTestDatabase(name: string, options: { init?: Initialisable[] } = {}) {
  let server: EmbeddedMongo | undefined;
  beforeAll(async () => {
    server = await startEmbeddedMongo({ quiet: true });
    process.env.MONGODB_URI = `${server.uri}${name}`;
    process.env.SESSION_SECRET ??= "unit-test-secret";
    process.env.SEED_DEMO_DATA = "false";
    await mongoose.connect(process.env.MONGODB_URI);
    await Promise.all((options.init ?? []).map((model) => model.init()));
  });
  afterAll(async () => {
    await mongoose.disconnect();
    await server?.stop();
  });
}

/**
 * A user document as it may sit in the database, for `User.collection.insertMany`, which bypasses the model on
 * purpose: a stand-in password hash (no sign-in happens in these tests) and phone numbers in old formats.
 */
export function storedUser(_id: string, role: string, fullName: string, phone: string) {
  return { _id, role, fullName, phone, passwordHash: "x" } as never;
}
