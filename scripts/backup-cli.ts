/**
 * The database the backup and restore commands work on: MONGODB_URI when set, otherwise the embedded database in
 * DATA_DIR. A restore opens DATA_DIR itself (the app must be stopped: its lock refuses a second server). A backup
 * works while the portal runs: it copies the data files as they stand (the engine's consistent copy,
 * `copyDataFiles`) and reads the copy, a point in time across every collection.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient } from "mongodb";

const embeddedDir = () => path.join(path.resolve(process.env.DATA_DIR ?? ".data"), "db");

export async function openDatabase(options: { copy?: boolean } = {}) {
  const uri = process.env.MONGODB_URI?.trim();
  if (uri) {
    const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    return { db: client.db(), close: () => client.close() };
  }
  const { copyDataFiles, startEmbeddedMongo } = await import("@vacation-classes/embedded-mongo");
  let dataDir = embeddedDir();
  let copied: string | null = null;
  if (options.copy) {
    if (!fs.existsSync(dataDir)) throw new Error(`No database in ${dataDir}: set DATA_DIR (or MONGODB_URI).`);
    copied = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-backup-"));
    dataDir = path.join(copied, "db");
  }
  // The copy is the school's data in the clear: removed whatever happens (close, or a failure before it).
  const removeCopy = () => copied && fs.rmSync(copied, { recursive: true, force: true });
  process.once("exit", removeCopy);
  let server: Awaited<ReturnType<typeof startEmbeddedMongo>>;
  let client: MongoClient;
  try {
    if (copied) await copyDataFiles(embeddedDir(), dataDir);
    server = await startEmbeddedMongo({ dataDir, quiet: true });
    client = await MongoClient.connect(server.uri);
  } catch (error) {
    removeCopy();
    throw error;
  }
  const { DB_NAME } = await import("#app/models/db.server.ts");
  return {
    db: client.db(DB_NAME),
    close: async () => {
      await client.close();
      await server.stop();
      removeCopy();
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
