/**
 * The database the backup and restore commands work on: MONGODB_URI when set, otherwise the embedded database in
 * DATA_DIR (the app must not be running on it then: its lock refuses a second server; stop the app, or run the
 * database on its own with `npm run db` and point MONGODB_URI at it).
 */
import path from "node:path";
import { MongoClient } from "mongodb";

export async function openDatabase() {
  const uri = process.env.MONGODB_URI?.trim();
  if (uri) {
    const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    return { db: client.db(), close: () => client.close() };
  }
  const { startEmbeddedMongo } = await import("@vacation-classes/embedded-mongo");
  const server = await startEmbeddedMongo({
    dataDir: path.join(path.resolve(process.env.DATA_DIR ?? ".data"), "db"),
    quiet: true,
  });
  const client = await MongoClient.connect(server.uri);
  const { DB_NAME } = await import("#app/models/db.server.ts");
  return {
    db: client.db(DB_NAME),
    close: async () => {
      await client.close();
      await server.stop();
    },
  };
}

export const uploadsDir = () => path.resolve(process.env.UPLOADS_DIR ?? "uploads");

/** Hand-ins on disk: the default install's DATA_DIR/handins (on MONGODB_URI they are in the database, GridFS). */
export const handinsDir = () =>
  process.env.MONGODB_URI?.trim() ? null : path.join(path.resolve(process.env.DATA_DIR ?? ".data"), "handins");

export function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
