/**
 * Command engine: databases, collections and the MongoDB commands the
 * `mongodb` driver / mongoose send. Every command runs synchronously against
 * memory; mutations are recorded in the journal (when persistent) and the
 * reply is sent only after the journal has been flushed to disk.
 */
import os from "node:os";
import { Long, ObjectId, UUID, calculateObjectSize } from "bson";
import { Aggregator } from "mingo/aggregator";
import { Query } from "mingo/query";
import { update as mingoUpdate } from "mingo/updater";
import { Collection, type IndexSpec, Index } from "./collection.js";
import { mingoOptions } from "./mingo-options.js";
import { parseSort, selectSorted } from "./sorted.js";
import { type TextQuery, parseTextOperator } from "./text.js";
import {
  type Doc,
  MongoError,
  badValue,
  compareValues,
  deepClone,
  encodeKey,
  isPlainObject,
  pathValues,
  setPath,
  sortDocs,
  sortKey,
} from "./values.js";

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;
const BATCH_BYTES_LIMIT = MAX_BSON_OBJECT_SIZE - 64 * 1024;
const CURSOR_IDLE_MS = 10 * 60 * 1000;

/** Journal records (also the snapshot format). */
export type JournalRecord =
  | { op: "c"; db: string; coll: string; options: Doc }
  | { op: "D"; db: string; coll: string }
  | { op: "X"; db: string }
  | { op: "ix"; db: string; coll: string; spec: Doc }
  | { op: "dx"; db: string; coll: string; name: string }
  | { op: "p"; db: string; coll: string; doc: Doc }
  | { op: "r"; db: string; coll: string; id: any };

export interface Journal {
  append(rec: JournalRecord): void;
  /** Resolves once every appended record is durable. */
  commit(): Promise<void>;
}

interface CursorState {
  id: bigint;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export interface ConnectionInfo {
  id: number;
  remote: string;
}

const UNSUPPORTED_QUERY_OPS = new Set(["$where", "$text", "$near", "$nearSphere", "$geoWithin", "$geoIntersects", "$within", "$function", "$accumulator"]);
const UNSUPPORTED_STAGES = new Set(["$out", "$merge", "$changeStream", "$search", "$searchMeta", "$vectorSearch", "$geoNear", "$currentOp", "$listSessions", "$listLocalSessions", "$collStats", "$indexStats", "$planCacheStats"]);
/** Stages that never mutate their input documents in mingo (no clone needed). */
const NON_MUTATING_STAGES = new Set(["$match", "$sort", "$skip", "$limit", "$count", "$group", "$sortByCount", "$unwind", "$project", "$bucket", "$bucketAuto", "$sample"]);
const UPDATE_PIPELINE_STAGES = new Set(["$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith"]);

function checkUnsupported(value: any, where: string) {
  if (Array.isArray(value)) {
    for (const v of value) checkUnsupported(v, where);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const k of Object.keys(value)) {
    if (UNSUPPORTED_QUERY_OPS.has(k)) {
      throw new MongoError(2, "BadValue", `${k} is not supported by the embedded MongoDB server (${where})`);
    }
    checkUnsupported(value[k], where);
  }
}

function checkCollation(c: any) {
  if (c && isPlainObject(c) && c.locale && c.locale !== "simple") {
    throw new MongoError(2, "BadValue", `collation '${c.locale}' is not supported by the embedded MongoDB server (only simple binary comparison)`);
  }
}

function toInt(v: any, dflt = 0): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "object" && typeof v.toNumber === "function") return v.toNumber();
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : dflt;
}

function toCursorId(v: any): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number") return BigInt(v);
  if (v && typeof v === "object" && typeof v.toBigInt === "function") return v.toBigInt();
  return BigInt(String(v));
}

function compileQuery(filter: Doc | undefined, opts: Doc): Query {
  try {
    return new Query(filter ?? {}, opts);
  } catch (e: any) {
    throw new MongoError(2, "BadValue", String(e?.message ?? e));
  }
}

function assertFilter(filter: any, what = "filter", allowText = false): Doc {
  if (filter === undefined || filter === null) return {};
  if (!isPlainObject(filter)) throw new MongoError(14, "TypeMismatch", `BSON field '${what}' is the wrong type, expected type 'object'`);
  checkUnsupported(allowText ? splitText(filter).rest : filter, what);
  return filter;
}

/**
 * A `$text` condition at the top level of a filter (or in a top-level
 * `$and`), parsed, and the filter without it. `$text` anywhere else is left
 * in `rest`, where the unsupported-operator check refuses it.
 */
export function splitText(filter: Doc): { text: TextQuery | null; rest: Doc } {
  let text: TextQuery | null = null;
  const take = (op: any) => {
    if (text) throw new MongoError(2, "BadValue", "Too many text expressions");
    text = parseTextOperator(op);
  };
  const rest: Doc = {};
  for (const k of Object.keys(filter)) {
    if (k === "$text") take(filter.$text);
    else if (k === "$and" && Array.isArray(filter.$and)) {
      const subs: Doc[] = [];
      for (const sub of filter.$and) {
        if (isPlainObject(sub) && "$text" in sub) {
          take(sub.$text);
          const { $text: _t, ...others } = sub;
          if (Object.keys(others).length) subs.push(others);
        } else subs.push(sub);
      }
      if (subs.length) rest.$and = subs;
    } else rest[k] = filter[k];
  }
  return { text, rest };
}

/** Sort/projection fields asking for `{$meta: "textScore"}`, and the spec without them. */
function splitMeta(spec: Doc | undefined | null): { meta: string[]; rest: Doc | undefined } {
  if (!spec || !isPlainObject(spec)) return { meta: [], rest: spec ?? undefined };
  const meta: string[] = [];
  const rest: Doc = {};
  for (const k of Object.keys(spec)) {
    const v = spec[k];
    if (isPlainObject(v) && "$meta" in v) {
      if (v.$meta !== "textScore") throw new MongoError(2, "BadValue", `$meta '${String(v.$meta)}' is not supported by the embedded MongoDB server`);
      meta.push(k);
    } else rest[k] = v;
  }
  return { meta, rest };
}

const NO_TEXT_SCORE = () => new MongoError(40218, "Location40218", "query requires text score metadata, but it is not available");

function indexNameFor(key: Doc): string {
  return Object.keys(key)
    .map((k) => `${k}_${key[k]}`)
    .join("_");
}

function isOperatorUpdate(u: Doc): boolean {
  const keys = Object.keys(u);
  return keys.length > 0 && keys[0].startsWith("$");
}

/** Put `_id` first (MongoDB always stores it as the first field). */
function idFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === "_id" || !("_id" in doc)) return doc;
  const out: Doc = { _id: doc._id };
  for (const k of keys) if (k !== "_id") out[k] = doc[k];
  return out;
}

function checkIdValue(id: any) {
  if (Array.isArray(id)) throw new MongoError(2, "BadValue", "can't use an array for _id");
  if (id instanceof RegExp) throw new MongoError(2, "BadValue", "can't use a regex for _id");
  if (id === undefined) throw new MongoError(2, "BadValue", "_id cannot be undefined");
}

/** Seed document of an upsert: the equality fields of the filter. */
function upsertSeed(filter: Doc, out: Doc = {}): Doc {
  for (const k of Object.keys(filter)) {
    const v = filter[k];
    if (k === "$and" && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) upsertSeed(sub, out);
      continue;
    }
    if (k.startsWith("$")) continue;
    if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith("$"))) {
      if ("$eq" in v) setPath(out, k, deepClone(v.$eq));
      continue;
    }
    if (v instanceof RegExp) continue;
    setPath(out, k, deepClone(v));
  }
  return out;
}

function mapMingoError(e: any): never {
  if (e instanceof MongoError) throw e;
  const msg = String(e?.message ?? e);
  if (/immutable field '_id'/.test(msg)) {
    throw new MongoError(66, "ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  if (/Unknown update operator/i.test(msg)) throw new MongoError(9, "FailedToParse", msg);
  if (/unknown pipeline operator|Invalid pipeline operator|unregistered pipeline/i.test(msg)) {
    throw new MongoError(40324, "Location40324", msg);
  }
  throw new MongoError(2, "BadValue", msg);
}

export class Engine {
  dbs = new Map<string, Map<string, Collection>>();
  journal: Journal | null;
  cursors = new Map<bigint, CursorState>();
  private nextCursorId = BigInt(Date.now()) * 1000n;
  /** Set when the server must reject everything (e.g. disk failure). */
  failed: Error | null = null;

  constructor(journal: Journal | null = null) {
    this.journal = journal;
  }

  // ---------------------------------------------------------------- storage helpers

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  private log(rec: JournalRecord) {
    this.journal?.append(rec);
  }

  ensureCollection(db: string, name: string, options: Doc = {}): { coll: Collection; created: boolean } {
    validateCollName(name);
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    let coll = colls.get(name);
    if (coll) return { coll, created: false };
    coll = new Collection(db, name, options);
    colls.set(name, coll);
    this.log({ op: "c", db, coll: name, options });
    return { coll, created: true };
  }

  /** Apply a journal/snapshot record (replay; no unique checks). */
  applyRecord(rec: JournalRecord) {
    switch (rec.op) {
      case "c": {
        let colls = this.dbs.get(rec.db);
        if (!colls) this.dbs.set(rec.db, (colls = new Map()));
        if (!colls.has(rec.coll)) colls.set(rec.coll, new Collection(rec.db, rec.coll, rec.options ?? {}));
        break;
      }
      case "D":
        this.dbs.get(rec.db)?.delete(rec.coll);
        break;
      case "X":
        this.dbs.delete(rec.db);
        break;
      case "ix": {
        const coll = this.replayColl(rec.db, rec.coll);
        if (!coll.indexes.some((i) => i.spec.name === rec.spec.name)) coll.addIndex(rec.spec as IndexSpec, false);
        break;
      }
      case "dx":
        this.getCollection(rec.db, rec.coll)?.dropIndex(rec.name);
        break;
      case "p":
        this.replayColl(rec.db, rec.coll).put(rec.doc);
        break;
      case "r":
        this.getCollection(rec.db, rec.coll)?.removeById(encodeKey(rec.id));
        break;
      default:
        throw new Error(`unknown journal record op ${(rec as any).op}`);
    }
  }

  private replayColl(db: string, name: string): Collection {
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    let coll = colls.get(name);
    if (!coll) colls.set(name, (coll = new Collection(db, name, {})));
    return coll;
  }

  /** All records needed to rebuild the current state (snapshot). */
  *snapshotRecords(): Generator<JournalRecord> {
    for (const [db, colls] of this.dbs) {
      for (const [name, coll] of colls) {
        yield { op: "c", db, coll: name, options: coll.options };
        for (const ix of coll.indexes) yield { op: "ix", db, coll: name, spec: ix.spec };
        for (const doc of coll.docs.values()) yield { op: "p", db, coll: name, doc };
      }
    }
  }

  // ---------------------------------------------------------------- TTL / cursor sweeps

  /** Delete documents whose TTL index says they expired. Returns the number removed. */
  sweepTTL(now = Date.now()): number {
    let removed = 0;
    for (const [db, colls] of this.dbs) {
      for (const coll of colls.values()) {
        for (const ix of coll.indexes) {
          const secs = ix.spec.expireAfterSeconds;
          if (secs === undefined || secs === null || ix.fields.length !== 1) continue;
          const limit = now - Number(secs) * 1000;
          for (const [id, doc] of Array.from(coll.docs)) {
            if (ix.partial && !ix.partial.test(doc)) continue;
            const dates = pathValues(doc, ix.fields[0].path, true).filter((v) => v instanceof Date) as Date[];
            if (dates.length === 0) continue;
            const earliest = Math.min(...dates.map((d) => d.getTime()));
            if (earliest <= limit) {
              coll.removeById(id);
              this.log({ op: "r", db, coll: coll.name, id: doc._id });
              removed++;
            }
          }
        }
      }
    }
    return removed;
  }

  sweepCursors(now = Date.now()) {
    for (const [id, c] of this.cursors) if (now - c.lastUsed > CURSOR_IDLE_MS) this.cursors.delete(id);
  }

  // ---------------------------------------------------------------- dispatch

  async runCommand(cmd: Doc, conn: ConnectionInfo): Promise<Doc> {
    try {
      if (this.failed) throw new MongoError(91, "ShutdownInProgress", `embedded MongoDB server stopped after a fatal error: ${this.failed.message}`);
      const names = Object.keys(cmd);
      if (names.length === 0) throw new MongoError(59, "CommandNotFound", "no such command: ''");
      const name = names[0];
      const db = typeof cmd.$db === "string" ? cmd.$db : "admin";
      if (cmd.startTransaction || cmd.autocommit === false) {
        throw new MongoError(20, "IllegalOperation", "Transactions are not supported by the embedded MongoDB server");
      }
      const key = name.toLowerCase();
      const handler = Object.prototype.hasOwnProperty.call(COMMANDS, key) ? COMMANDS[key] : undefined;
      if (!handler) throw new MongoError(59, "CommandNotFound", `no such command: '${name}'`);
      const result: Doc = handler.call(this, db, cmd, conn);
      if (this.journal) await this.journal.commit();
      return result;
    } catch (e: any) {
      // a failed command may still have logged records (e.g. ordered insert stopping half-way)
      if (this.journal && !this.failed) await this.journal.commit();
      return errorReply(e);
    }
  }

  // ---------------------------------------------------------------- handshake / misc

  cmd_hello(_db: string, cmd: Doc, conn: ConnectionInfo): Doc {
    return helloReply(cmd, conn.id);
  }
  cmd_ismaster(db: string, cmd: Doc, conn: ConnectionInfo) {
    return this.cmd_hello(db, cmd, conn);
  }
  cmd_ping() {
    return { ok: 1 };
  }
  cmd_buildinfo() {
    return {
      version: "7.0.0",
      gitVersion: "embedded",
      versionArray: [7, 0, 0, 0],
      bits: 64,
      debug: false,
      maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
      storageEngines: ["embedded"],
      javascriptEngine: "none",
      modules: [],
      ok: 1,
    };
  }
  cmd_getparameter(_db: string, cmd: Doc) {
    const out: Doc = { ok: 1 };
    if (cmd.featureCompatibilityVersion) out.featureCompatibilityVersion = { version: "7.0" };
    return out;
  }
  cmd_getlog() {
    return { log: [], totalLinesWritten: 0, ok: 1 };
  }
  cmd_hostinfo() {
    return {
      system: { currentTime: new Date(), hostname: os.hostname(), cpuAddrSize: 64, memSizeMB: Math.round(os.totalmem() / 1048576), numCores: os.cpus().length, cpuArch: os.arch() },
      os: { type: os.type(), name: os.platform(), version: os.release() },
      extra: {},
      ok: 1,
    };
  }
  cmd_connectionstatus() {
    return { authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 };
  }
  cmd_whatsmyuri(_db: string, _cmd: Doc, conn: ConnectionInfo) {
    return { you: conn.remote, ok: 1 };
  }
  cmd_endsessions() {
    return { ok: 1 };
  }
  cmd_killallsessions() {
    return { ok: 1 };
  }
  cmd_killsessions() {
    return { ok: 1 };
  }
  cmd_refreshsessions() {
    return { ok: 1 };
  }
  cmd_startsession() {
    return { id: { id: new UUID() }, timeoutMinutes: 30, ok: 1 };
  }
  cmd_aborttransaction(): Doc {
    throw new MongoError(20, "IllegalOperation", "Transactions are not supported by the embedded MongoDB server");
  }
  cmd_committransaction(): Doc {
    throw new MongoError(20, "IllegalOperation", "Transactions are not supported by the embedded MongoDB server");
  }
  cmd_saslstart(): Doc {
    throw new MongoError(18, "AuthenticationFailed", "Authentication is not supported by the embedded MongoDB server (it has no users; connect without credentials)");
  }
  cmd_authenticate(): Doc {
    return this.cmd_saslstart();
  }
  cmd_serverstatus() {
    let collections = 0;
    let objects = 0;
    for (const colls of this.dbs.values()) for (const c of colls.values()) (collections++, (objects += c.docs.size));
    return {
      host: os.hostname(),
      version: "7.0.0",
      process: "embedded-mongo",
      pid: process.pid,
      uptime: Math.floor(process.uptime()),
      localTime: new Date(),
      connections: {},
      metrics: { embedded: { collections, objects, openCursors: this.cursors.size } },
      ok: 1,
    };
  }
  cmd_dbstats(db: string) {
    const colls = this.dbs.get(db);
    let objects = 0;
    let indexes = 0;
    for (const c of colls?.values() ?? []) (objects += c.docs.size), (indexes += c.indexes.length + 1);
    return { db, collections: colls?.size ?? 0, views: 0, objects, indexes, dataSize: 0, storageSize: 0, indexSize: 0, totalSize: 0, ok: 1 };
  }

  // ---------------------------------------------------------------- databases & collections

  cmd_listdatabases(_db: string, cmd: Doc) {
    const databases = Array.from(this.dbs.keys())
      .sort()
      .map((name) => ({ name, sizeOnDisk: 0, empty: !Array.from(this.dbs.get(name)!.values()).some((c) => c.docs.size > 0) }));
    let list: Doc[] = databases;
    if (cmd.filter) list = list.filter((d) => compileQuery(assertFilter(cmd.filter), mingoOptions()).test(d));
    if (cmd.nameOnly) return { databases: list.map((d) => ({ name: d.name })), ok: 1 };
    return { databases: list, totalSize: 0, totalSizeMb: 0, ok: 1 };
  }

  cmd_listcollections(db: string, cmd: Doc) {
    const colls = this.dbs.get(db);
    let list: Doc[] = Array.from(colls?.values() ?? [])
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((c) => ({
        name: c.name,
        type: "collection",
        options: c.options,
        info: { readOnly: false },
        idIndex: { v: 2, key: { _id: 1 }, name: "_id_" },
      }));
    if (cmd.filter && Object.keys(cmd.filter).length) {
      const q = compileQuery(assertFilter(cmd.filter), mingoOptions());
      list = list.filter((d) => q.test(d));
    }
    if (cmd.nameOnly) list = list.map((d) => ({ name: d.name, type: d.type }));
    return this.cursorReply(`${db}.$cmd.listCollections`, list, cmd.cursor?.batchSize, false);
  }

  cmd_create(db: string, cmd: Doc) {
    const name = cmd.create;
    if (typeof name !== "string") throw new MongoError(2, "BadValue", "collection name must be a string");
    for (const opt of ["capped", "viewOn", "timeseries", "clusteredIndex", "changeStreamPreAndPostImages"]) {
      if (cmd[opt]) throw new MongoError(2, "BadValue", `create option '${opt}' is not supported by the embedded MongoDB server`);
    }
    checkCollation(cmd.collation);
    if (this.getCollection(db, name)) {
      throw new MongoError(48, "NamespaceExists", `Collection ${db}.${name} already exists.`);
    }
    const options: Doc = {};
    for (const k of Object.keys(cmd)) {
      if (["create", "$db", "lsid", "$clusterTime", "txnNumber", "writeConcern", "readConcern", "apiVersion", "apiStrict", "apiDeprecationErrors", "$readPreference", "comment"].includes(k)) continue;
      options[k] = cmd[k];
    }
    this.ensureCollection(db, name, options);
    return { ok: 1 };
  }

  cmd_drop(db: string, cmd: Doc) {
    const coll = this.getCollection(db, cmd.drop);
    if (!coll) throw new MongoError(26, "NamespaceNotFound", "ns not found");
    const nIndexesWas = coll.indexes.length + 1;
    this.dbs.get(db)!.delete(coll.name);
    this.killCursorsFor(coll.ns);
    this.log({ op: "D", db, coll: coll.name });
    return { nIndexesWas, ns: coll.ns, ok: 1 };
  }

  cmd_dropdatabase(db: string) {
    if (this.dbs.has(db)) {
      for (const c of this.dbs.get(db)!.values()) this.killCursorsFor(c.ns);
      this.dbs.delete(db);
      this.log({ op: "X", db });
    }
    return { dropped: db, ok: 1 };
  }

  cmd_renamecollection(): Doc {
    throw new MongoError(2, "BadValue", "renameCollection is not supported by the embedded MongoDB server");
  }

  // ---------------------------------------------------------------- indexes

  cmd_createindexes(db: string, cmd: Doc) {
    const name = cmd.createIndexes;
    if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) throw new MongoError(2, "BadValue", "Must specify at least one index to create");
    const specs: IndexSpec[] = cmd.indexes.map((raw: Doc) => {
      if (!isPlainObject(raw?.key) || Object.keys(raw.key).length === 0) throw new MongoError(67, "CannotCreateIndex", "index key pattern must be a non-empty object");
      for (const [f, dir] of Object.entries(raw.key)) {
        const n = typeof dir === "bigint" ? Number(dir) : typeof dir === "number" ? dir : NaN;
        if (dir === "text") continue;
        if (n !== 1 && n !== -1) {
          throw new MongoError(67, "CannotCreateIndex", `index type ${JSON.stringify(String(dir))} on field '${f}' is not supported by the embedded MongoDB server (only ascending/descending indexes)`);
        }
      }
      checkCollation(raw.collation);
      if (raw.partialFilterExpression) assertFilter(raw.partialFilterExpression, "partialFilterExpression");
      const spec: IndexSpec = { v: 2, key: normKey(raw.key), name: raw.name ?? indexNameFor(raw.key) };
      for (const k of Object.keys(raw)) {
        if (k === "key" || k === "name" || k === "v" || k === "background" || k === "ns") continue;
        spec[k] = raw[k];
      }
      if (spec.unique === false) delete spec.unique;
      if (spec.sparse === false) delete spec.sparse;
      return spec;
    });
    const { coll, created } = this.ensureCollection(db, name);
    const before = coll.indexes.length + 1;
    let note: string | undefined;
    for (const spec of specs) {
      if (spec.name === "_id_" || (Object.keys(spec.key).length === 1 && "_id" in spec.key && !spec.unique && !spec.partialFilterExpression)) {
        note = "all indexes already exist";
        continue;
      }
      const sameName = coll.indexes.find((i) => i.spec.name === spec.name);
      const sameKey = coll.indexes.find((i) => encodeKey(i.spec.key) === encodeKey(spec.key) && encodeKey(i.spec.partialFilterExpression ?? null) === encodeKey(spec.partialFilterExpression ?? null));
      if (sameName) {
        if (encodeKey(sameName.spec.key) !== encodeKey(spec.key)) {
          throw new MongoError(86, "IndexKeySpecsConflict", `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
        }
        if (!sameOptions(sameName.spec, spec)) {
          throw new MongoError(85, "IndexOptionsConflict", `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`);
        }
        note = "all indexes already exist";
        continue;
      }
      if (sameKey) {
        if (sameOptions(sameKey.spec, spec)) {
          throw new MongoError(85, "IndexOptionsConflict", `Index already exists with a different name: ${sameKey.spec.name}`);
        }
        throw new MongoError(85, "IndexOptionsConflict", `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameKey.spec)}`);
      }
      const existingText = coll.textIndex;
      if (existingText && Object.values(spec.key).includes("text")) {
        throw new MongoError(85, "IndexOptionsConflict", `An equivalent index already exists with a different name and options: only one text index per collection is allowed, found existing text index with name: ${existingText.spec.name}`);
      }
      try {
        coll.addIndex(spec);
      } catch (e: any) {
        if (e instanceof MongoError && e.code === 11000) {
          throw new MongoError(11000, "DuplicateKey", `Index build failed: ${e.message}`, e.extra);
        }
        throw e;
      }
      this.log({ op: "ix", db, coll: coll.name, spec });
    }
    const out: Doc = { numIndexesBefore: before, numIndexesAfter: coll.indexes.length + 1, createdCollectionAutomatically: created, ok: 1 };
    if (note && out.numIndexesAfter === before) out.note = note;
    return out;
  }

  cmd_listindexes(db: string, cmd: Doc) {
    const coll = this.getCollection(db, cmd.listIndexes);
    if (!coll) throw new MongoError(26, "NamespaceNotFound", `ns does not exist: ${db}.${cmd.listIndexes}`);
    return this.cursorReply(coll.ns, coll.indexSpecs(), cmd.cursor?.batchSize, false);
  }

  cmd_dropindexes(db: string, cmd: Doc) {
    const coll = this.getCollection(db, cmd.dropIndexes);
    if (!coll) throw new MongoError(26, "NamespaceNotFound", `ns not found ${db}.${cmd.dropIndexes}`);
    const nIndexesWas = coll.indexes.length + 1;
    const target = cmd.index;
    let names: string[];
    if (target === "*") names = coll.indexes.map((i) => i.spec.name);
    else if (typeof target === "string") names = [target];
    else if (Array.isArray(target)) names = target.map(String);
    else if (isPlainObject(target)) {
      const found = coll.indexes.find((i) => encodeKey(i.spec.key) === encodeKey(normKey(target)));
      if (!found) {
        if (encodeKey(normKey(target)) === encodeKey({ _id: 1 })) throw new MongoError(72, "InvalidOptions", "cannot drop _id index");
        throw new MongoError(27, "IndexNotFound", `can't find index with key: ${JSON.stringify(target)}`);
      }
      names = [found.spec.name];
    } else throw new MongoError(14, "TypeMismatch", "dropIndexes: 'index' must be a string, array or object");
    for (const n of names) {
      if (n === "_id_") throw new MongoError(72, "InvalidOptions", "cannot drop _id index");
      if (!coll.indexes.some((i) => i.spec.name === n)) throw new MongoError(27, "IndexNotFound", `index not found with name [${n}]`);
    }
    for (const n of names) {
      coll.dropIndex(n);
      this.log({ op: "dx", db, coll: coll.name, name: n });
    }
    return { nIndexesWas, ok: 1 };
  }

  // ---------------------------------------------------------------- reads

  /** The plan the last read chose, as `explain` reports it (MongoDB's stage names). */
  plan: Doc = { stage: "EOF" };

  private scanPlan(coll: Collection, dir: 1 | -1 = 1): Doc {
    const scan = coll.lastScan;
    if (!scan) return { stage: "COLLSCAN", direction: "forward" };
    return {
      stage: "FETCH",
      inputStage: { stage: "IXSCAN", indexName: scan.indexName, keyPattern: scan.keyPattern, isMultiKey: false, direction: dir === 1 ? "forward" : "backward", indexBounds: { [scan.field]: [scan.bounds] } },
    };
  }

  /** Documents matching a `$text` filter, in natural order, with their scores (memoised per collection version). */
  private textMatches(coll: Collection, text: TextQuery, rest: Doc): { docs: Doc[]; scores: Map<Doc, number> } {
    const ix = coll.textIndex;
    if (!ix) throw new MongoError(27, "IndexNotFound", "text index required for $text query");
    this.plan = { stage: "TEXT_MATCH", inputStage: { stage: "TEXT_OR", inputStage: { stage: "IXSCAN", indexName: ix.spec.name, keyPattern: ix.spec.key, isMultiKey: true, direction: "backward" } } };
    const key = `${coll.version}|${ix.spec.name}|${JSON.stringify(text)}|${encodeKey(rest)}`;
    const cached = this.textCache.get(coll);
    if (cached && cached.key === key) return cached.result;
    const found = ix.text!.search(text);
    const q = Object.keys(rest).length ? compileQuery(rest, mingoOptions()) : null;
    const docs: Doc[] = [];
    const scores = new Map<Doc, number>();
    for (const [id, score] of found) {
      const d = coll.docs.get(id);
      if (!d || (q && !q.test(d))) continue;
      docs.push(d);
      scores.set(d, score);
    }
    docs.sort((a, b) => coll.seqOf(a) - coll.seqOf(b));
    const result = { docs, scores };
    this.textCache.set(coll, { key, result });
    return result;
  }
  private textCache = new WeakMap<Collection, { key: string; result: { docs: Doc[]; scores: Map<Doc, number> } }>();

  /** Matching documents (references to stored docs; never mutate them). */
  private match(coll: Collection | undefined, filter: Doc, opts = mingoOptions()): Doc[] {
    if (!coll) return [];
    const { text, rest } = splitText(filter);
    if (text) return this.textMatches(coll, text, rest).docs;
    const q = compileQuery(filter, opts);
    const out: Doc[] = [];
    const empty = Object.keys(filter).length === 0;
    const narrowed = empty ? null : coll.narrowCandidates(filter);
    if (!narrowed) coll.lastScan = null;
    this.plan = this.scanPlan(coll);
    for (const d of narrowed ?? coll.docs.values()) if (empty || q.test(d)) out.push(d);
    return out;
  }

  /** Number of documents matching `filter` (nothing materialised or cloned; from the index when it can). */
  private countMatches(coll: Collection | undefined, filter: Doc): number {
    if (!coll) return 0;
    const { text, rest } = splitText(filter);
    if (text) return this.textMatches(coll, text, rest).docs.length;
    if (Object.keys(filter).length === 0) {
      this.plan = { stage: "COUNT", inputStage: { stage: "RECORD_STORE_FAST_COUNT" } };
      return coll.docs.size;
    }
    const fromIndex = coll.countFromIndex(filter);
    if (fromIndex !== null) {
      const scan = coll.lastScan!;
      this.plan = { stage: "COUNT", inputStage: { stage: "COUNT_SCAN", indexName: scan.indexName, keyPattern: scan.keyPattern } };
      return fromIndex;
    }
    const q = compileQuery(filter, mingoOptions());
    let n = 0;
    const narrowed = coll.narrowCandidates(filter);
    this.plan = { stage: "COUNT", inputStage: this.scanPlan(coll) };
    for (const d of narrowed ?? coll.docs.values()) if (q.test(d)) n++;
    return n;
  }

  /**
   * Documents [skip, skip+limit) (limit 0 = all) of the matches of `filter`
   * in `sort` order, as references to stored documents. Plans:
   *  - no sort: candidate order, stopping after skip+limit matches;
   *  - sort whose first field has a usable ordered index view: walk the
   *    view in order, testing the filter (only on the candidates when an
   *    equality index narrows it), stopping after skip+limit matches; runs
   *    of equal first keys are sorted by the remaining fields. Skipped when
   *    the narrowed candidates are few enough for the heap to be cheaper,
   *    abandoned when a scanning filter proves too selective;
   *  - otherwise: bounded-heap top-(skip+limit) over the matches.
   * Sort ties are always broken by insertion order.
   */
  private findPage(coll: Collection | undefined, filter: Doc, sortIn: Doc | undefined, skip: number, limit: number): Doc[] {
    const { meta, rest: sort } = splitMeta(sortIn);
    const { text, rest } = splitText(filter);
    if (!text && meta.length) throw NO_TEXT_SCORE();
    const spec = parseSort(sort);
    if (!coll) return [];
    if (text) return this.textPage(coll, text, rest, sortIn ?? {}, meta, skip, limit);
    const q = compileQuery(filter, mingoOptions());
    const empty = Object.keys(filter).length === 0;
    const want = limit > 0 ? skip + limit : Infinity;
    const narrowed = empty ? null : coll.narrowCandidates(filter);
    if (!narrowed) coll.lastScan = null;
    const limitPlan = (p: Doc): Doc => {
      let out = p;
      if (skip) out = { stage: "SKIP", skipAmount: skip, inputStage: out };
      if (limit) out = { stage: "LIMIT", limitAmount: limit, inputStage: out };
      return out;
    };
    if (!spec) {
      this.plan = limitPlan(this.scanPlan(coll));
      const out: Doc[] = [];
      let seen = 0;
      for (const d of narrowed ?? coll.docs.values()) {
        if (!empty && !q.test(d)) continue;
        if (seen++ < skip) continue;
        out.push(d);
        if (seen >= want) break;
      }
      return out;
    }
    const view = coll.orderedViewFor(spec[0].name);
    // Walking the view visits about want * n / |candidates| documents (all of
    // them at worst); the heap visits every candidate, each costlier.
    const useView = view && (!narrowed || Math.min(coll.docs.size, (want * coll.docs.size) / Math.max(1, narrowed.length)) < 3 * narrowed.length);
    if (view && useView) {
      const members = narrowed ? new Set(narrowed) : null;
      const out: Doc[] = [];
      let seen = 0;
      const rest = spec.length > 1;
      // A scanning filter that turns out too selective makes the walk visit
      // (in random memory order) most of the collection: past 1/32 of it
      // (at least 1000 documents), if the estimate says so, give up and let
      // the heap plan scan in natural order (same result: ties are broken by
      // insertion order in both).
      const total = coll.docs.size;
      const probe = Math.max(1000, total / 32);
      const adaptive = !empty && !members;
      let visited = 0;
      let abandoned = false;
      view.walk(spec[0].dir, coll.docs, coll.seqOf, rest, (ids, from, to) => {
        if (adaptive) {
          visited += to - from;
          if (visited >= probe && (seen === 0 || visited + ((want - seen) * visited) / seen > 0.75 * total)) {
            abandoned = true;
            return false;
          }
        }
        if (empty && seen + (to - from) <= skip) {
          seen += to - from;
          return true;
        }
        let run: Doc[] = [];
        for (let i = from; i < to; i++) {
          const d = coll.docs.get(ids[i])!;
          if (members && !members.has(d)) continue;
          if (empty || q.test(d)) run.push(d);
        }
        if (run.length === 0) return true;
        if (seen + run.length <= skip) {
          seen += run.length;
          return true;
        }
        if (rest && run.length > 1) run = selectSorted(run, spec, 0, 0, coll.seqOf);
        for (const d of run) {
          if (seen++ >= skip) out.push(d);
          if (seen >= want) return false;
        }
        return true;
      });
      if (!abandoned) {
        const ix = spec[0].name === "_id" ? null : coll.indexes.find((i) => i.view === view)!;
        const keyPattern = ix ? ix.spec.key : { _id: 1 };
        const forward = (Number(Object.values(keyPattern)[0]) === 1) === (spec[0].dir === 1);
        let p: Doc = { stage: "FETCH", inputStage: { stage: "IXSCAN", indexName: ix ? ix.spec.name : "_id_", keyPattern, isMultiKey: false, direction: forward ? "forward" : "backward", indexBounds: { [spec[0].name]: ["[MinKey, MaxKey]"] } } };
        if (rest) p = { stage: "SORT", sortPattern: sort, partial: true, inputStage: p };
        this.plan = limitPlan(p);
        return out;
      }
      coll.lastScan = null;
    }
    this.plan = limitPlan({ stage: "SORT", sortPattern: sort, memLimit: 104857600, limitAmount: limit ? skip + limit : undefined, type: "simple", inputStage: this.scanPlan(coll) });
    const docs = narrowed ?? coll.docs.values();
    const matches: Iterable<Doc> = empty
      ? docs
      : {
          *[Symbol.iterator]() {
            for (const d of docs) if (q.test(d)) yield d;
          },
        };
    return selectSorted(matches, spec, skip, limit, coll.seqOf);
  }

  /** A page of `$text` matches, sorted by the sort spec where `{$meta: "textScore"}` means score descending. */
  private textPage(coll: Collection, text: TextQuery, rest: Doc, sort: Doc, meta: string[], skip: number, limit: number): Doc[] {
    const { docs, scores } = this.textMatches(coll, text, rest);
    const keys = Object.keys(sort);
    let out = docs;
    if (keys.length) {
      const fields = keys.map((k) => (meta.includes(k) ? null : { path: k.split("."), dir: Number(sort[k]) }));
      const decorated = docs.map((d) => ({ d, k: fields.map((f) => (f ? sortKey(d, f.path, f.dir) : scores.get(d)!)) }));
      decorated.sort((x, y) => {
        for (let j = 0; j < fields.length; j++) {
          const f = fields[j];
          const c = f ? compareValues(x.k[j], y.k[j]) * f.dir : y.k[j] - x.k[j];
          if (c !== 0) return c;
        }
        return coll.seqOf(x.d) - coll.seqOf(y.d);
      });
      out = decorated.map((x) => x.d);
      this.plan = { stage: "SORT", sortPattern: sort, inputStage: this.plan };
    }
    return out.slice(skip, limit > 0 ? skip + limit : undefined);
  }

  /** The text scores of `docs` (which must come from the same filter's text match). */
  private textScores(coll: Collection | undefined, filter: Doc): Map<Doc, number> | null {
    if (!coll) return null;
    const { text, rest } = splitText(filter);
    return text ? this.textMatches(coll, text, rest).scores : null;
  }

  /**
   * `[$match?, $group {_id: <constant>, f: {$sum: <number>}...} | $count, ...]`
   * answered by counting matches; returns the remaining pipeline and its
   * input, or null when the pipeline does not have that shape.
   */
  private countPrefix(coll: Collection | undefined, pipeline: Doc[]): { input: Doc[]; rest: Doc[] } | null {
    let i = 0;
    let filter: Doc = {};
    if (pipeline[0] && "$match" in pipeline[0]) {
      if (!isPlainObject(pipeline[0].$match)) return null;
      filter = pipeline[0].$match;
      i = 1;
    }
    const stage = pipeline[i];
    if (!stage) return null;
    if ("$count" in stage) {
      const name = stage.$count;
      if (typeof name !== "string" || name.length === 0 || name.startsWith("$") || name.includes(".")) return null;
      const n = this.countMatches(coll, filter);
      return { input: n > 0 ? [{ [name]: n }] : [], rest: pipeline.slice(i + 1) };
    }
    if (!("$group" in stage) || !isPlainObject(stage.$group)) return null;
    const g = stage.$group;
    const id = g._id;
    const byField = this.groupCountByField(coll, filter, g);
    if (byField) return { input: byField, rest: pipeline.slice(i + 1) };
    const constId = id === null || typeof id === "number" || typeof id === "boolean" || (typeof id === "string" && !id.startsWith("$"));
    if (!constId || !("_id" in g)) return null;
    const sums: [string, number][] = [];
    for (const k of Object.keys(g)) {
      if (k === "_id") continue;
      const acc = g[k];
      if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || typeof acc.$sum !== "number" || !Number.isFinite(acc.$sum)) return null;
      if (k.startsWith("$") || k.includes(".")) return null;
      sums.push([k, acc.$sum]);
    }
    const n = this.countMatches(coll, filter);
    if (n === 0) return { input: [], rest: pipeline.slice(i + 1) };
    const out: Doc = { _id: id };
    for (const [k, c] of sums) out[k] = n * c;
    return { input: [out], rest: pipeline.slice(i + 1) };
  }

  /**
   * `$group: {_id: "$field", n: {$sum: <number>}...}` with no filter, answered
   * from an index whose leading field is `field` (one entry per value, no
   * document read), or null when that does not apply.
   */
  private groupCountByField(coll: Collection | undefined, filter: Doc, g: Doc): Doc[] | null {
    if (!coll || Object.keys(filter).length !== 0) return null;
    const id = g._id;
    if (typeof id !== "string" || !/^\$[^$.][^$]*$/.test(id) || id.includes(".")) return null;
    const sums: [string, number][] = [];
    for (const k of Object.keys(g)) {
      if (k === "_id") continue;
      const acc = g[k];
      if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || typeof acc.$sum !== "number" || !Number.isFinite(acc.$sum)) return null;
      if (k.startsWith("$") || k.includes(".")) return null;
      sums.push([k, acc.$sum]);
    }
    const groups = coll.groupCountsFromIndex(id.slice(1));
    if (!groups) return null;
    const scan = coll.lastScan!;
    this.plan = { stage: "GROUP", inputStage: { stage: "DISTINCT_SCAN", indexName: scan.indexName, keyPattern: scan.keyPattern } };
    return groups.map(({ value, count }) => {
      const out: Doc = { _id: value };
      for (const [k, c] of sums) out[k] = count * c;
      return out;
    });
  }

  private project(docs: Doc[], filter: Doc, projection: Doc | undefined): Doc[] {
    if (!projection || Object.keys(projection).length === 0) return docs;
    try {
      return new Query(filter, mingoOptions()).find(docs, projection).all() as Doc[];
    } catch (e) {
      mapMingoError(e);
    }
  }

  cmd_find(db: string, cmd: Doc) {
    const coll = this.getCollection(db, cmd.find);
    const filter = assertFilter(cmd.filter, "filter", true);
    checkCollation(cmd.collation);
    if (cmd.tailable || cmd.awaitData) throw new MongoError(2, "BadValue", "tailable cursors are not supported by the embedded MongoDB server");
    if (cmd.min || cmd.max) throw new MongoError(2, "BadValue", "min/max are not supported by the embedded MongoDB server");
    const skip = toInt(cmd.skip);
    if (skip < 0) throw new MongoError(51024, "Location51024", "BSON field 'skip' value must be >= 0");
    let limit = toInt(cmd.limit);
    let singleBatch = !!cmd.singleBatch;
    if (limit < 0) {
      limit = -limit;
      singleBatch = true;
    }
    const docs = this.findPage(coll, filter, cmd.sort, skip, limit);
    return this.cursorReply(`${db}.${cmd.find}`, this.shape(coll, docs, filter, cmd.projection), cmd.batchSize, singleBatch);
  }

  /** Applies a projection, including `{$meta: "textScore"}` fields. */
  private shape(coll: Collection | undefined, docs: Doc[], filter: Doc, projection: Doc | undefined): Doc[] {
    const { meta, rest } = splitMeta(projection);
    const { rest: plainFilter } = splitText(filter);
    const out = this.project(docs, plainFilter, rest);
    if (!meta.length) return out;
    const scores = this.textScores(coll, filter);
    if (!scores) throw NO_TEXT_SCORE();
    return out.map((d, i) => {
      const copy: Doc = { ...d };
      for (const k of meta) copy[k] = scores.get(docs[i]) ?? 0;
      return copy;
    });
  }

  /**
   * `explain` of find, count, distinct and aggregate: runs the read the way
   * the command would (no cursor kept) and reports the plan it chose, shaped
   * like MongoDB's queryPlanner output (IXSCAN, COLLSCAN, COUNT_SCAN, TEXT...).
   */
  cmd_explain(db: string, cmd: Doc) {
    const inner = cmd.explain;
    if (!isPlainObject(inner)) throw new MongoError(14, "TypeMismatch", "explain command requires a nested object");
    const name = Object.keys(inner)[0];
    const verbosity = cmd.verbosity ?? "allPlansExecution";
    if (name === "find") {
      const filter = assertFilter(inner.filter, "filter", true);
      this.plan = { stage: "EOF" };
      const docs = this.findPage(this.getCollection(db, inner.find), filter, inner.sort, toInt(inner.skip), Math.abs(toInt(inner.limit)));
      return this.explainReply(`${db}.${inner.find}`, filter, verbosity, docs.length);
    }
    if (name === "count") {
      const filter = assertFilter(inner.query, "query", true);
      this.plan = { stage: "EOF" };
      const n = this.countMatches(this.getCollection(db, inner.count), filter);
      return this.explainReply(`${db}.${inner.count}`, filter, verbosity, n);
    }
    if (name === "distinct") {
      const filter = assertFilter(inner.query, "query", true);
      this.plan = { stage: "EOF" };
      const docs = this.match(this.getCollection(db, inner.distinct), filter);
      return this.explainReply(`${db}.${inner.distinct}`, filter, verbosity, docs.length);
    }
    if (name === "aggregate") return this.cmd_aggregate(db, { ...inner, $db: db, explain: verbosity });
    throw new MongoError(2, "BadValue", `explain of '${name}' is not supported by the embedded MongoDB server`);
  }

  private explainReply(ns: string, filter: Doc, verbosity: any, nReturned?: number): Doc {
    const out: Doc = {
      explainVersion: "1",
      queryPlanner: { namespace: ns, indexFilterSet: false, parsedQuery: filter, winningPlan: this.plan, rejectedPlans: [] },
      serverInfo: { host: os.hostname(), port: 0, version: "7.0.0", gitVersion: "embedded" },
      ok: 1,
    };
    if (verbosity !== "queryPlanner" && nReturned !== undefined) out.executionStats = { executionSuccess: true, nReturned };
    return out;
  }

  cmd_getmore(db: string, cmd: Doc) {
    const id = toCursorId(cmd.getMore);
    const c = this.cursors.get(id);
    const ns = `${db}.${cmd.collection}`;
    if (!c) throw new MongoError(43, "CursorNotFound", `cursor id ${id} not found`);
    if (c.ns !== ns && !c.ns.startsWith(`${db}.$cmd`)) throw new MongoError(13, "Unauthorized", `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${c.ns}`);
    c.lastUsed = Date.now();
    const batch = this.takeBatch(c.docs, c.pos, toInt(cmd.batchSize));
    c.pos += batch.length;
    let outId = c.id;
    if (c.pos >= c.docs.length) {
      this.cursors.delete(c.id);
      outId = 0n;
    }
    return { cursor: { nextBatch: batch, id: Long.fromBigInt(outId), ns: c.ns }, ok: 1 };
  }

  cmd_killcursors(_db: string, cmd: Doc) {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of cmd.cursors ?? []) {
      const id = toCursorId(raw);
      if (this.cursors.delete(id)) killed.push(Long.fromBigInt(id));
      else notFound.push(Long.fromBigInt(id));
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  private killCursorsFor(ns: string) {
    for (const [id, c] of this.cursors) if (c.ns === ns) this.cursors.delete(id);
  }

  private takeBatch(docs: Doc[], from: number, batchSize: number): Doc[] {
    const max = batchSize > 0 ? batchSize : Infinity;
    const out: Doc[] = [];
    let bytes = 0;
    for (let i = from; i < docs.length && out.length < max; i++) {
      const size = calculateObjectSize(docs[i]);
      if (out.length > 0 && bytes + size > BATCH_BYTES_LIMIT) break;
      bytes += size;
      out.push(docs[i]);
    }
    return out;
  }

  private cursorReply(ns: string, docs: Doc[], batchSizeRaw: any, singleBatch: boolean): Doc {
    const batchSize = batchSizeRaw === undefined || batchSizeRaw === null ? 101 : toInt(batchSizeRaw);
    const first = batchSize === 0 ? [] : this.takeBatch(docs, 0, batchSize);
    let id = 0n;
    if (!singleBatch && first.length < docs.length) {
      id = ++this.nextCursorId;
      this.cursors.set(id, { id, ns, docs, pos: first.length, lastUsed: Date.now() });
    }
    return { cursor: { firstBatch: first, id: Long.fromBigInt(id), ns }, ok: 1 };
  }

  cmd_count(db: string, cmd: Doc) {
    const coll = this.getCollection(db, cmd.count);
    checkCollation(cmd.collation);
    const filter = assertFilter(cmd.query, "query", true);
    let n = this.countMatches(coll, filter);
    const skip = toInt(cmd.skip);
    const limit = Math.abs(toInt(cmd.limit));
    n = Math.max(0, n - skip);
    if (limit) n = Math.min(n, limit);
    return { n, ok: 1 };
  }

  cmd_distinct(db: string, cmd: Doc) {
    const coll = this.getCollection(db, cmd.distinct);
    checkCollation(cmd.collation);
    if (typeof cmd.key !== "string") throw new MongoError(14, "TypeMismatch", "distinct: 'key' must be a string");
    const docs = this.match(coll, assertFilter(cmd.query, "query", true));
    const seen = new Map<string, any>();
    const path = cmd.key.split(".");
    for (const d of docs) {
      for (const v of pathValues(d, path, true)) {
        if (Array.isArray(v) && v.length === 0) continue;
        const k = encodeKey(v);
        if (!seen.has(k)) seen.set(k, v);
      }
    }
    const values = Array.from(seen.values()).sort(compareValues);
    return { values, ok: 1 };
  }

  cmd_aggregate(db: string, cmd: Doc) {
    const pipeline: Doc[] = cmd.pipeline;
    if (!Array.isArray(pipeline)) throw new MongoError(14, "TypeMismatch", "'pipeline' option must be specified as an array");
    checkCollation(cmd.collation);
    const unsafe = this.checkPipeline(pipeline, true);
    let input: Doc[];
    let rest = pipeline;
    const collName = cmd.aggregate;
    if (collName === 1 || typeof collName !== "string") {
      if (!pipeline[0] || !("$documents" in pipeline[0])) {
        throw new MongoError(2, "BadValue", "collection-less aggregate is only supported with $documents in the embedded MongoDB server");
      }
      input = [];
      this.plan = { stage: "VIRTUAL_SCAN" };
    } else {
      const coll = this.getCollection(db, collName);
      this.plan = { stage: "EOF" };
      const counted = this.countPrefix(coll, pipeline);
      if (counted) {
        input = counted.input;
        rest = counted.rest;
      } else if (pipeline[0] && "$match" in pipeline[0] && isPlainObject(pipeline[0].$match)) {
        input = this.match(coll, pipeline[0].$match);
        rest = pipeline.slice(1);
      } else {
        input = coll ? Array.from(coll.docs.values()) : [];
        this.plan = { stage: "COLLSCAN", direction: "forward" };
      }
    }
    if (unsafe) input = input.map(deepClone);
    const opts = mingoOptions({
      collectionResolver: (name: string) => {
        const c = this.getCollection(db, name);
        if (!c) return [];
        const docs = Array.from(c.docs.values());
        return unsafe ? docs.map(deepClone) : docs;
      },
      variables: cmd.let,
    });
    if (cmd.explain) return this.explainReply(`${db}.${String(collName)}`, pipeline[0]?.$match ?? {}, cmd.explain);
    let out: Doc[];
    try {
      out = rest.length ? (new Aggregator(rest, opts).run(input) as Doc[]) : input;
    } catch (e) {
      mapMingoError(e);
    }
    return this.cursorReply(`${db}.${typeof collName === "string" ? collName : "$cmd.aggregate"}`, out!, cmd.cursor?.batchSize, false);
  }

  /** Validates a pipeline; returns true when inputs must be cloned (stage may mutate). */
  private checkPipeline(pipeline: Doc[], top = false): boolean {
    let unsafe = false;
    for (const [i, stage] of pipeline.entries()) {
      if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
        throw new MongoError(40323, "Location40323", "A pipeline stage specification object must contain exactly one field.");
      }
      const name = Object.keys(stage)[0];
      if (UNSUPPORTED_STAGES.has(name)) throw new MongoError(2, "BadValue", `${name} is not supported by the embedded MongoDB server`);
      if (name === "$match") {
        if (!isPlainObject(stage.$match)) throw new MongoError(15959, "Location15959", "the match filter must be an expression in an object");
        checkUnsupported(top && i === 0 ? splitText(stage.$match).rest : stage.$match, "$match");
      } else if (hasMeta(stage)) throw new MongoError(2, "BadValue", "$meta in aggregation stages is not supported by the embedded MongoDB server");
      if (name === "$sort") sortDocs([], stage.$sort);
      if (name === "$facet") {
        for (const sub of Object.values(stage.$facet ?? {})) if (Array.isArray(sub) && this.checkPipeline(sub as Doc[])) unsafe = true;
      } else if (name === "$lookup") {
        if (Array.isArray(stage.$lookup?.pipeline)) {
          this.checkPipeline(stage.$lookup.pipeline);
          unsafe = true;
        }
      } else if (!NON_MUTATING_STAGES.has(name)) unsafe = true;
    }
    return unsafe;
  }

  // ---------------------------------------------------------------- writes

  cmd_insert(db: string, cmd: Doc) {
    const docs: Doc[] = cmd.documents ?? [];
    if (!Array.isArray(docs)) throw new MongoError(14, "TypeMismatch", "insert: 'documents' must be an array");
    if (docs.length > MAX_WRITE_BATCH_SIZE) throw new MongoError(16, "InvalidLength", `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${docs.length} operations.`);
    const ordered = cmd.ordered !== false;
    const { coll } = this.ensureCollection(db, cmd.insert);
    let n = 0;
    const writeErrors: Doc[] = [];
    for (let i = 0; i < docs.length; i++) {
      try {
        let doc = docs[i];
        if (!isPlainObject(doc)) throw new MongoError(2, "BadValue", "document to insert must be an object");
        if (!("_id" in doc) || doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
        else doc = idFirst(doc);
        checkIdValue(doc._id);
        coll.insert(doc);
        this.log({ op: "p", db, coll: coll.name, doc });
        n++;
      } catch (e: any) {
        writeErrors.push(writeError(i, e));
        if (ordered) break;
      }
    }
    const out: Doc = { n, ok: 1 };
    if (writeErrors.length) out.writeErrors = writeErrors;
    return out;
  }

  /** Apply an update spec to a copy of `old`; returns the new document (or null when unchanged). */
  private applyUpdate(old: Doc, u: any, filter: Doc, arrayFilters: Doc[] | undefined, isInsert: boolean): Doc {
    if (Array.isArray(u)) {
      for (const st of u) {
        const name = isPlainObject(st) ? Object.keys(st)[0] : undefined;
        if (!name || !UPDATE_PIPELINE_STAGES.has(name)) throw new MongoError(2, "BadValue", `${name ?? "stage"} is not allowed to be used within an update`);
      }
      let res: Doc | undefined;
      try {
        res = new Aggregator(u, mingoOptions()).run([deepClone(old)])[0] as Doc;
      } catch (e) {
        mapMingoError(e);
      }
      if (!res) throw new MongoError(2, "BadValue", "update pipeline produced no document");
      if (!("_id" in res) && "_id" in old) res = { _id: old._id, ...res };
      return this.checkId(old, idFirst(res), isInsert);
    }
    if (!isPlainObject(u)) throw new MongoError(9, "FailedToParse", "Update argument must be either an object or an array");
    if (isOperatorUpdate(u)) {
      const mod: Doc = {};
      for (const k of Object.keys(u)) {
        if (!k.startsWith("$")) throw new MongoError(9, "FailedToParse", `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`);
        if (k === "$setOnInsert") {
          if (isInsert) mod.$set = { ...(mod.$set ?? {}), ...u.$setOnInsert };
          continue;
        }
        if (k === "$set" && mod.$set) mod.$set = { ...mod.$set, ...u.$set };
        else mod[k] = u[k];
      }
      const doc = deepClone(old);
      // An upsert may set _id through $set/$setOnInsert (mongoose does, for schema defaults):
      // MongoDB allows it when the new document has no _id yet; mingo would refuse.
      if (isInsert && mod.$set && "_id" in mod.$set) {
        const { _id, ...rest } = mod.$set;
        if (!("_id" in doc)) doc._id = deepClone(_id);
        else if (encodeKey(doc._id) !== encodeKey(_id)) throw new MongoError(66, "ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
        if (Object.keys(rest).length) mod.$set = rest;
        else delete mod.$set;
      }
      try {
        if (Object.keys(mod).length) mingoUpdate(doc, mod as any, arrayFilters, isInsert ? undefined : filter, { cloneMode: "deep", queryOptions: mingoOptions() });
      } catch (e) {
        mapMingoError(e);
      }
      return this.checkId(old, idFirst(doc), isInsert);
    }
    for (const k of Object.keys(u)) {
      if (k.startsWith("$")) throw new MongoError(2, "BadValue", `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document.`);
    }
    const doc: Doc = "_id" in old ? { _id: old._id } : {};
    for (const k of Object.keys(u)) doc[k] = deepClone(u[k]);
    if ("_id" in u) doc._id = u._id;
    return this.checkId(old, idFirst(doc), isInsert);
  }

  private checkId(old: Doc, doc: Doc, isInsert: boolean): Doc {
    if (!isInsert && encodeKey(old._id) !== encodeKey(doc._id)) {
      throw new MongoError(66, "ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    if (isInsert && "_id" in old && "_id" in doc && encodeKey(old._id) !== encodeKey(doc._id)) {
      throw new MongoError(66, "ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    return doc;
  }

  /** Core of update/findAndModify for one statement. */
  private updateOne(coll: Collection, doc: Doc, u: any, filter: Doc, arrayFilters: Doc[] | undefined): { newDoc: Doc; modified: boolean } {
    const newDoc = this.applyUpdate(doc, u, filter, arrayFilters, false);
    if (encodeKey(newDoc) === encodeKey(doc)) return { newDoc: doc, modified: false };
    coll.replace(doc, newDoc);
    this.log({ op: "p", db: coll.db, coll: coll.name, doc: newDoc });
    return { newDoc, modified: true };
  }

  private upsert(db: string, collName: string, filter: Doc, u: any, arrayFilters: Doc[] | undefined): Doc {
    const seed = upsertSeed(filter);
    let doc: Doc;
    if (Array.isArray(u) || isOperatorUpdate(u)) doc = this.applyUpdate(seed, u, filter, arrayFilters, true);
    else {
      doc = this.applyUpdate(seed, u, filter, arrayFilters, true);
      if ("_id" in seed && "_id" in u && encodeKey(seed._id) !== encodeKey(u._id)) {
        throw new MongoError(66, "ImmutableField", "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
    }
    if (!("_id" in doc) || doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
    doc = idFirst(doc);
    checkIdValue(doc._id);
    const { coll } = this.ensureCollection(db, collName);
    coll.insert(doc);
    this.log({ op: "p", db, coll: coll.name, doc });
    return doc;
  }

  cmd_update(db: string, cmd: Doc) {
    const updates: Doc[] = cmd.updates ?? [];
    if (!Array.isArray(updates)) throw new MongoError(14, "TypeMismatch", "update: 'updates' must be an array");
    const ordered = cmd.ordered !== false;
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const writeErrors: Doc[] = [];
    for (let i = 0; i < updates.length; i++) {
      const st = updates[i];
      try {
        const filter = assertFilter(st.q, "q", true);
        checkCollation(st.collation);
        if (st.u === undefined) throw new MongoError(9, "FailedToParse", "BSON field 'update.updates.u' is missing but a required field");
        const multi = !!st.multi;
        if (multi && !Array.isArray(st.u) && isPlainObject(st.u) && !isOperatorUpdate(st.u) && Object.keys(st.u).length > 0) {
          throw new MongoError(9, "FailedToParse", "multi update is not supported for replacement-style update");
        }
        const coll = this.getCollection(db, cmd.update);
        const matched = multi ? this.match(coll, filter) : this.findPage(coll, filter, st.sort, 0, 1);
        if (matched.length === 0) {
          if (st.upsert) {
            const doc = this.upsert(db, cmd.update, filter, st.u, st.arrayFilters);
            upserted.push({ index: i, _id: doc._id });
            n++;
          }
          continue;
        }
        for (const doc of matched) {
          const r = this.updateOne(coll!, doc, st.u, filter, st.arrayFilters);
          n++;
          if (r.modified) nModified++;
        }
      } catch (e: any) {
        writeErrors.push(writeError(i, e));
        if (ordered) break;
      }
    }
    const out: Doc = { n, nModified, ok: 1 };
    if (upserted.length) out.upserted = upserted;
    if (writeErrors.length) out.writeErrors = writeErrors;
    return out;
  }

  cmd_delete(db: string, cmd: Doc) {
    const deletes: Doc[] = cmd.deletes ?? [];
    if (!Array.isArray(deletes)) throw new MongoError(14, "TypeMismatch", "delete: 'deletes' must be an array");
    const ordered = cmd.ordered !== false;
    const coll = this.getCollection(db, cmd.delete);
    let n = 0;
    const writeErrors: Doc[] = [];
    for (let i = 0; i < deletes.length; i++) {
      const st = deletes[i];
      try {
        const filter = assertFilter(st.q, "q", true);
        checkCollation(st.collation);
        const limit = toInt(st.limit);
        if (limit !== 0 && limit !== 1) throw new MongoError(9, "FailedToParse", "The limit field in delete objects must be 0 or 1");
        if (!coll) continue;
        const matched = limit === 1 ? this.findPage(coll, filter, undefined, 0, 1) : this.match(coll, filter);
        for (const doc of matched) {
          coll.removeById(encodeKey(doc._id));
          this.log({ op: "r", db, coll: coll.name, id: doc._id });
          n++;
        }
      } catch (e: any) {
        writeErrors.push(writeError(i, e));
        if (ordered) break;
      }
    }
    const out: Doc = { n, ok: 1 };
    if (writeErrors.length) out.writeErrors = writeErrors;
    return out;
  }

  cmd_findandmodify(db: string, cmd: Doc) {
    const collName = cmd.findAndModify ?? cmd.findandmodify;
    const filter = assertFilter(cmd.query, "query", true);
    checkCollation(cmd.collation);
    const fields = cmd.fields ?? cmd.projection;
    if (cmd.remove && cmd.update !== undefined) throw new MongoError(9, "FailedToParse", "Cannot specify both an update and remove=true");
    if (!cmd.remove && cmd.update === undefined) throw new MongoError(9, "FailedToParse", "Either an update or remove=true must be specified");
    if (cmd.remove && cmd.upsert) throw new MongoError(9, "FailedToParse", "Cannot specify both upsert=true and remove=true");
    const coll = this.getCollection(db, collName);
    const doc = this.findPage(coll, filter, cmd.sort, 0, 1)[0];
    const shape = (d: Doc | null) => (d ? this.project([d], {}, splitMeta(fields).rest)[0] ?? null : null);
    if (cmd.remove) {
      if (!doc) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
      coll!.removeById(encodeKey(doc._id));
      this.log({ op: "r", db, coll: coll!.name, id: doc._id });
      return { lastErrorObject: { n: 1 }, value: shape(doc), ok: 1 };
    }
    if (!doc) {
      if (!cmd.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
      const inserted = this.upsert(db, collName, filter, cmd.update, cmd.arrayFilters);
      return { lastErrorObject: { n: 1, updatedExisting: false, upserted: inserted._id }, value: cmd.new ? shape(inserted) : null, ok: 1 };
    }
    const r = this.updateOne(coll!, doc, cmd.update, filter, cmd.arrayFilters);
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: shape(cmd.new ? r.newDoc : doc), ok: 1 };
  }
}

function hasMeta(v: any): boolean {
  if (Array.isArray(v)) return v.some(hasMeta);
  if (!isPlainObject(v)) return false;
  return Object.keys(v).some((k) => k === "$meta" || hasMeta(v[k]));
}

function normKey(key: Doc): Doc {
  const out: Doc = {};
  for (const k of Object.keys(key)) out[k] = typeof key[k] === "bigint" ? Number(key[k]) : key[k];
  return out;
}

function sameOptions(a: Doc, b: Doc): boolean {
  const pick = (s: Doc) => encodeKey([!!s.unique, !!s.sparse, s.partialFilterExpression ?? null, s.expireAfterSeconds ?? null]);
  return pick(a) === pick(b);
}

function validateCollName(name: any) {
  if (typeof name !== "string" || name.length === 0) throw new MongoError(73, "InvalidNamespace", `Invalid collection name: ${String(name)}`);
  if (name.includes("$") || name.includes("\u0000")) throw new MongoError(73, "InvalidNamespace", `Invalid collection name: ${name}`);
}

function writeError(index: number, e: any): Doc {
  const err = e instanceof MongoError ? e : new MongoError(2, "BadValue", String(e?.message ?? e));
  const out: Doc = { index, code: err.code, errmsg: err.message };
  if (err.extra) Object.assign(out, err.extra);
  return out;
}

export function errorReply(e: any): Doc {
  if (e instanceof MongoError) {
    return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...(e.extra ?? {}) };
  }
  return { ok: 0, errmsg: String(e?.message ?? e), code: 1, codeName: "InternalError" };
}

export function helloReply(cmd: Doc, connectionId: number): Doc {
  const out: Doc = {};
  if (cmd?.helloOk) out.helloOk = true;
  Object.assign(out, {
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  });
  return out;
}


type CommandHandler = (this: Engine, db: string, cmd: Doc, conn: ConnectionInfo) => Doc;

/**
 * The commands this server answers, by lower-cased name: one list, checked by
 * the compiler (a name without its handler does not build). Anything else is
 * CommandNotFound (59).
 */
const COMMANDS: Record<string, CommandHandler> = {
  hello: Engine.prototype.cmd_hello,
  ismaster: Engine.prototype.cmd_ismaster,
  ping: Engine.prototype.cmd_ping,
  buildinfo: Engine.prototype.cmd_buildinfo,
  getparameter: Engine.prototype.cmd_getparameter,
  getlog: Engine.prototype.cmd_getlog,
  hostinfo: Engine.prototype.cmd_hostinfo,
  connectionstatus: Engine.prototype.cmd_connectionstatus,
  whatsmyuri: Engine.prototype.cmd_whatsmyuri,
  endsessions: Engine.prototype.cmd_endsessions,
  killallsessions: Engine.prototype.cmd_killallsessions,
  killsessions: Engine.prototype.cmd_killsessions,
  refreshsessions: Engine.prototype.cmd_refreshsessions,
  startsession: Engine.prototype.cmd_startsession,
  aborttransaction: Engine.prototype.cmd_aborttransaction,
  committransaction: Engine.prototype.cmd_committransaction,
  saslstart: Engine.prototype.cmd_saslstart,
  authenticate: Engine.prototype.cmd_authenticate,
  serverstatus: Engine.prototype.cmd_serverstatus,
  dbstats: Engine.prototype.cmd_dbstats,
  listdatabases: Engine.prototype.cmd_listdatabases,
  listcollections: Engine.prototype.cmd_listcollections,
  create: Engine.prototype.cmd_create,
  drop: Engine.prototype.cmd_drop,
  dropdatabase: Engine.prototype.cmd_dropdatabase,
  renamecollection: Engine.prototype.cmd_renamecollection,
  createindexes: Engine.prototype.cmd_createindexes,
  listindexes: Engine.prototype.cmd_listindexes,
  dropindexes: Engine.prototype.cmd_dropindexes,
  find: Engine.prototype.cmd_find,
  explain: Engine.prototype.cmd_explain,
  getmore: Engine.prototype.cmd_getmore,
  killcursors: Engine.prototype.cmd_killcursors,
  count: Engine.prototype.cmd_count,
  distinct: Engine.prototype.cmd_distinct,
  aggregate: Engine.prototype.cmd_aggregate,
  insert: Engine.prototype.cmd_insert,
  update: Engine.prototype.cmd_update,
  delete: Engine.prototype.cmd_delete,
  findandmodify: Engine.prototype.cmd_findandmodify,
};

export { Index };
