/**
 * Backup and restore of the whole school: every collection of the database (documents and index definitions) and
 * every uploaded file, in one gzip'd JSON-lines archive (docs/decisions/0051-backup-and-restore.md).
 *
 * Line 1 is the header (format name and version, when, what); then one line per document (`{"c": collection,
 * "d": document}` in canonical Extended JSON, so dates, binary data and 64-bit numbers come back as they were) and
 * one per file (`{"f": relative path, "b": base64 bytes}`); the last line counts the lines before it. A file without
 * that last line (truncated) or without our header (foreign) is refused before anything is changed.
 *
 * The archive holds minors' data and sealed codes, so it is written encrypted: AES-256-GCM under BACKUP_KEY (32 bytes,
 * base64 or hex, from the environment), as `MAGIC`, a random 12-byte IV, the encrypted gzip stream, and GCM's 16-byte
 * tag. A restore reads it twice (check, then load): the first pass ends with the tag's check, so nothing is loaded
 * from a file that was changed or read with another key. Archives written before, plain gzip, are still read.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { EJSON, type Document } from "bson";
import type { Db } from "mongodb";
import { REVISION_IDS } from "#app/models/revisions.server.ts";

export const BACKUP_FORMAT = "vacation-classes-backup";
export const BACKUP_VERSION = 1;

type IndexSpec = { key: Document; name: string; [option: string]: unknown };
type Header = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: string;
  collections: { name: string; count: number; indexes: IndexSpec[] }[];
  files: number;
  /** Hand-in files kept on disk (the default install's DATA_DIR/handins); absent in archives made before. */
  handins?: number;
};

export class BackupError extends Error {}

/** The first bytes of an encrypted archive (format 1 of the envelope). */
const MAGIC = Buffer.from("VCPBAK01");
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * BACKUP_KEY as the 32 bytes of an AES-256 key: 64 hex digits or base64 of 32 bytes (`openssl rand -base64 32`).
 * Without one, or with one of another length, a backup refuses to run: an archive is never written in the clear.
 */
export function backupKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const text = env.BACKUP_KEY?.trim();
  if (!text)
    throw new BackupError(
      "BACKUP_KEY is not set: the archive holds minors' data and is written encrypted. Make a key once with `openssl rand -base64 32`, keep it apart from the archives (a password manager), and set BACKUP_KEY.",
    );
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32)
    throw new BackupError("BACKUP_KEY must be 32 bytes: base64 (as `openssl rand -base64 32` makes) or 64 hex digits.");
  return key;
}

function listFiles(root: string): string[] {
  if (!root || !fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

async function userCollections(db: Db) {
  const all = await db.listCollections({}, { nameOnly: true }).toArray();
  return all
    .map((c) => c.name)
    .filter((name) => !name.startsWith("system."))
    .sort();
}

/** Writes the archive; returns what it holds. */
/**
 * `handinsDir`: the default install's hand-ins on disk (DATA_DIR/handins), one `{"h": path, "b": bytes}` line each;
 * on MongoDB they are the GridFS bucket's collections and come with the documents.
 */
export async function writeBackup(
  db: Db,
  options: { out: string; key: Buffer; uploadsDir?: string | null; handinsDir?: string | null },
) {
  const names = await userCollections(db);
  const collections: Header["collections"] = [];
  for (const name of names) {
    const indexes = (await db.collection(name).listIndexes().toArray()) as IndexSpec[];
    collections.push({
      name,
      count: await db.collection(name).countDocuments(),
      indexes: indexes.filter((i) => i.name !== "_id_"),
    });
  }
  const files = options.uploadsDir ? listFiles(options.uploadsDir) : [];
  const handins = options.handinsDir ? listFiles(options.handinsDir) : [];
  const header: Header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: db.databaseName,
    collections,
    files: files.length,
    handins: handins.length,
  };

  const tmp = `${options.out}.partial`;
  const gzip = createGzip();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", options.key, iv);
  // The envelope around the encrypted stream; any stream's error (a full disk, say) rejects `written`.
  const written = pipeline(
    gzip,
    cipher,
    async function* (encrypted: AsyncIterable<Buffer>) {
      yield Buffer.concat([MAGIC, iv]);
      for await (const chunk of encrypted) yield chunk;
      yield cipher.getAuthTag();
    },
    fs.createWriteStream(tmp, { mode: 0o600 }),
  );
  written.catch(() => {}); // awaited below; until then a failure shows as the next write's error
  let lines = 0;
  const write = async (value: unknown) => {
    lines += 1;
    if (!gzip.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  await write(header);
  for (const { name } of collections) {
    // Cursor batches: the whole collection is never held in memory.
    for await (const doc of db.collection(name).find({}, { sort: { _id: 1 } })) {
      await write(`{"c":${JSON.stringify(name)},"d":${EJSON.stringify(doc, { relaxed: false })}}`);
    }
  }
  const documents = lines - 1;
  // Files are read from the live folders: one deleted since they were listed (a hand-in replaced) is left out.
  const bytesOf = (dir: string, file: string) => {
    try {
      return fs.readFileSync(path.join(dir, file)).toString("base64");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  let filesWritten = 0;
  let handinsWritten = 0;
  for (const file of files) {
    const b = bytesOf(options.uploadsDir!, file);
    if (b === null) continue;
    await write({ f: file, b });
    filesWritten += 1;
  }
  for (const file of handins) {
    const b = bytesOf(options.handinsDir!, file);
    if (b === null) continue;
    await write({ h: file, b });
    handinsWritten += 1;
  }
  gzip.end(`${JSON.stringify({ end: true, lines })}\n`);
  try {
    await written;
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  // Only a complete archive, on disk, gets the name asked for.
  const fd = fs.openSync(tmp, "r");
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(tmp, options.out);
  return { collections: collections.length, documents, files: filesWritten, handins: handinsWritten };
}

/** The archive's gzip stream: decrypted when it is encrypted (a plain gzip one was written before encryption). */
function archiveStream(file: string, key: Buffer | null | undefined) {
  const size = fs.statSync(file).size;
  const start = Buffer.alloc(MAGIC.length + IV_BYTES);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, start, 0, start.length, 0);
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) {
      // With a key, only an encrypted archive is read: a plain one could be a replaced file that skips the tag's check.
      if (key)
        throw new BackupError(
          `${file} is not encrypted: an archive written before encryption is restored with BACKUP_KEY unset.`,
        );
      return { stream: fs.createReadStream(file), encrypted: false };
    }
    if (!key) throw new BackupError(`${file} is encrypted: set BACKUP_KEY to the key it was written with.`);
    if (size < start.length + TAG_BYTES) throw new BackupError(`${file} is not a complete backup (truncated).`);
    const tag = Buffer.alloc(TAG_BYTES);
    fs.readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", key, start.subarray(MAGIC.length));
    decipher.setAuthTag(tag);
    const body = fs.createReadStream(file, { start: start.length, end: size - TAG_BYTES - 1 });
    body.on("error", (error) => decipher.destroy(error));
    return { stream: body.pipe(decipher), encrypted: true };
  } finally {
    fs.closeSync(fd);
  }
}

async function* readLines(file: string, key: Buffer | null | undefined) {
  const { stream, encrypted } = archiveStream(file, key);
  const gunzip = createGunzip();
  // An error of the decryption (the tag's check at the end) reaches the lines' reader through the gunzip stream.
  stream.on("error", (error: Error) => gunzip.destroy(error));
  const rl = readline.createInterface({ input: stream.pipe(gunzip), crlfDelay: Infinity });
  try {
    for await (const line of rl) if (line) yield line;
  } catch {
    throw new BackupError(
      encrypted
        ? `${file} could not be read to its end: another BACKUP_KEY than the one it was written with, or the file is damaged or truncated.`
        : `${file} is not a complete backup: it could not be read to its end (damaged or truncated).`,
    );
  }
}

/** Reads the whole archive once without changing anything: our format, our version, complete. */
export async function checkBackup(file: string, key?: Buffer | null): Promise<Header> {
  if (!fs.existsSync(file)) throw new BackupError(`No file ${file}.`);
  let header: Header | null = null;
  let count = 0;
  let end: { end: true; lines: number } | null = null;
  for await (const line of readLines(file, key)) {
    if (end) throw new BackupError(`${file} has data after its end marker: not a backup written by this program.`);
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line);
    } catch {
      throw new BackupError(
        count === 0 ? `${file} is not a backup of this portal.` : `${file} is damaged at line ${count + 1}.`,
      );
    }
    if (count === 0) {
      if (value.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of this portal.`);
      if (value.version !== BACKUP_VERSION)
        throw new BackupError(
          `${file} is a backup in format version ${String(value.version)}; this version reads ${BACKUP_VERSION}.`,
        );
      header = value as unknown as Header;
    } else if (value.end === true) {
      end = value as { end: true; lines: number };
      continue;
    } else if (
      !(typeof value.c === "string" && value.d) &&
      !((typeof value.f === "string" || typeof value.h === "string") && typeof value.b === "string")
    ) {
      throw new BackupError(`${file} is damaged at line ${count + 1}.`);
    }
    const named = (value.f ?? value.h) as string | undefined;
    // A file outside its folder is refused here, before a restore with --drop has emptied anything.
    if (named !== undefined && (path.isAbsolute(named) || named.split(/[\\/]/).includes("..")))
      throw new BackupError(`${file} names a file outside its folder at line ${count + 1}: ${named}`);
    count += 1;
  }
  if (!header) throw new BackupError(`${file} is empty or not a backup of this portal.`);
  if (!end || end.lines !== count)
    throw new BackupError(`${file} is not a complete backup (truncated): restore an earlier one.`);
  return header;
}

/** True when no collection of the database holds a document. */
export async function isEmptyDatabase(db: Db) {
  for (const name of await userCollections(db))
    if ((await db.collection(name).estimatedDocumentCount()) > 0) return false;
  return true;
}

/**
 * Loads an archive into a database. Refuses a database that holds documents unless `drop` (then every collection is
 * dropped first), and refuses a damaged, truncated or foreign archive before touching anything.
 */
export async function restoreBackup(
  db: Db,
  options: {
    file: string;
    key?: Buffer | null;
    uploadsDir?: string | null;
    handinsDir?: string | null;
    drop?: boolean;
  },
) {
  const header = await checkBackup(options.file, options.key);
  if (!(await isEmptyDatabase(db))) {
    if (!options.drop)
      throw new BackupError(
        `The database ${db.databaseName} is not empty. Restore into an empty database, or add --drop to replace everything in it.`,
      );
    for (const name of await userCollections(db)) await db.collection(name).drop();
  }
  for (const c of header.collections) await db.createCollection(c.name).catch(() => undefined);
  const batches = new Map<string, Document[]>();
  const flush = async (name: string) => {
    const docs = batches.get(name);
    if (docs?.length) await db.collection(name).insertMany(docs, { ordered: true });
    batches.set(name, []);
  };
  let documents = 0;
  let files = 0;
  let handinsSkipped = 0;
  let first = true;
  for await (const line of readLines(options.file, options.key)) {
    if (first) {
      first = false;
      continue;
    }
    const value = JSON.parse(line) as { c?: string; d?: unknown; f?: string; h?: string; b?: string; end?: boolean };
    if (value.end) break;
    if (value.c) {
      const doc = EJSON.deserialize(value.d as Document, { relaxed: false }) as Document;
      const list = batches.get(value.c) ?? [];
      list.push(doc);
      batches.set(value.c, list);
      documents += 1;
      if (list.length >= 1000) await flush(value.c);
    } else if (value.b !== undefined) {
      const [name, dir, folder] = value.f
        ? [value.f, options.uploadsDir, "uploads"]
        : [value.h, options.handinsDir, "hand-ins"];
      if (!name) continue;
      if (!dir) {
        if (value.h) handinsSkipped += 1;
        continue;
      }
      const root = path.resolve(dir);
      const target = path.resolve(root, name);
      if (!target.startsWith(root + path.sep))
        throw new BackupError(`The backup names a file outside the ${folder} folder: ${name}`);
      // Hand-ins are minors' pages: kept as the hand-in store keeps them, readable by the owner only.
      const modes = value.h ? { dir: 0o700, file: 0o600 } : { dir: undefined, file: undefined };
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: modes.dir });
      fs.writeFileSync(target, Buffer.from(value.b, "base64"), { mode: modes.file });
      files += 1;
    }
  }
  for (const name of batches.keys()) await flush(name);
  // Indexes after the documents (faster). One the database cannot build is reported, not fatal: the app declares
  // its indexes and builds them at start-up.
  const indexWarnings: string[] = [];
  for (const c of header.collections) {
    for (const { v: _v, ns: _ns, ...spec } of c.indexes) {
      await db
        .collection(c.name)
        .createIndexes([spec as { key: Document; name: string }])
        .catch((error: Error) => indexWarnings.push(`${c.name}.${spec.name}: ${error.message}`));
    }
  }
  // Figures a running app keeps by revision (ADR 0096, 0111) are computed again: the archive's revisions are old ones.
  for (const id of REVISION_IDS)
    await db
      .collection<{ _id: string; value: string }>("revisions")
      .updateOne({ _id: id }, { $set: { value: `restored-${randomUUID()}` } }, { upsert: true });
  return {
    collections: header.collections.length,
    documents,
    files,
    handinsSkipped,
    createdAt: header.createdAt,
    indexWarnings,
  };
}
