/**
 * Command engine: databases, collections and the MongoDB commands the
 * `mongodb` driver / mongoose send. Every command runs synchronously against
 * memory; mutations are recorded in the journal (when persistent) and the
 * reply is sent only after the journal has been flushed to disk.
 */
import { Collection, type IndexSpec } from "./collection.ts";
import { type Doc, MongoError, encodeKey, pathValues } from "./values.ts";
import {
  CURSOR_IDLE_MS,
  type CommandHandler,
  type ConnectionInfo,
  type CursorState,
  type Journal,
  type JournalRecord,
  errorReply,
  validateCollName,
} from "./engine-shared.ts";
import {
  cmd_aborttransaction,
  cmd_authenticate,
  cmd_buildinfo,
  cmd_committransaction,
  cmd_connectionstatus,
  cmd_create,
  cmd_dbstats,
  cmd_setparameter,
  cmd_drop,
  cmd_dropdatabase,
  cmd_endsessions,
  cmd_getlog,
  cmd_getparameter,
  cmd_hello,
  cmd_hostinfo,
  cmd_ismaster,
  cmd_killallsessions,
  cmd_killsessions,
  cmd_listcollections,
  cmd_listdatabases,
  cmd_ping,
  cmd_refreshsessions,
  cmd_renamecollection,
  cmd_saslstart,
  cmd_serverstatus,
  cmd_startsession,
  cmd_whatsmyuri,
} from "./commands-admin.ts";
import { cmd_collmod, cmd_createindexes, cmd_dropindexes, cmd_listindexes } from "./commands-indexes.ts";
import {
  cmd_aggregate,
  cmd_count,
  cmd_distinct,
  cmd_explain,
  cmd_find,
  cmd_getmore,
  cmd_killcursors,
} from "./commands-read.ts";
import { cmd_delete, cmd_findandmodify, cmd_insert, cmd_update } from "./commands-write.ts";

export * from "./engine-shared.ts";

/** The first part of a checkpoint image: the databases, in order, and how many collections each has (their parts follow). */
export interface EngineImage {
  dbs: { db: string; collections: number }[];
}

export class Engine {
  dbs = new Map<string, Map<string, Collection>>();

  journal: Journal | null;

  cursors = new Map<bigint, CursorState>();

  nextCursorId = BigInt(Date.now()) * 1000n;

  /** Set when the server must reject everything (e.g. disk failure). */
  failed: Error | null = null;
  /** How often the TTL monitor sweeps (setParameter ttlMonitorSleepSecs changes it; index.ts runs the timer). */
  ttlIntervalMs = 60_000;
  /** When the last command other than a driver's heartbeat came (ms since the epoch): the server is idle after it. */
  lastCommandAt = Date.now();
  onTtlInterval: ((ms: number) => void) | null = null;

  /**
   * Collection scans (every plan that reads the whole collection), counted as MongoDB's serverStatus
   * `metrics.queryExecutor.collectionScans.total` counts them; those over `scanLogThreshold` documents are also kept
   * (the last 50, for serverStatus `metrics.embedded.collectionScans`) and reported through `onCollectionScan`.
   */
  collectionScans = 0;
  scanLogThreshold = 1000;
  recentScans: { ns: string; documents: number; filter: string; at: Date }[] = [];
  onCollectionScan: ((scan: { ns: string; documents: number; filter: string }) => void) | null = null;

  noteCollectionScan(ns: string, documents: number, filter: Doc | undefined) {
    this.collectionScans++;
    if (documents < this.scanLogThreshold) return;
    const scan = { ns, documents, filter: filterShape(filter ?? {}) };
    this.recentScans.push({ ...scan, at: new Date() });
    if (this.recentScans.length > 50) this.recentScans.shift();
    this.onCollectionScan?.(scan);
  }

  setTtlInterval(ms: number) {
    this.ttlIntervalMs = ms;
    this.onTtlInterval?.(ms);
  }

  constructor(journal: Journal | null = null) {
    this.journal = journal;
  }

  // ---------------------------------------------------------------- storage helpers

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  log(rec: JournalRecord) {
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

  /** Hands every database (empty ones too) and its collections to `emit` as the parts of a checkpoint image (image.ts). */
  writeImage(emit: (part: unknown) => void) {
    const header: EngineImage = { dbs: [...this.dbs].map(([db, colls]) => ({ db, collections: colls.size })) };
    emit(header);
    for (const colls of this.dbs.values()) for (const c of colls.values()) c.writeImage(emit);
  }

  /** The databases an image describes, read part by part from `next` (the caller puts them in place). */
  readImage(next: () => any): Map<string, Map<string, Collection>> {
    const header = next() as EngineImage;
    const dbs = new Map<string, Map<string, Collection>>();
    for (const { db, collections } of header.dbs) {
      const colls = new Map<string, Collection>();
      for (let i = 0; i < collections; i++) {
        const c = Collection.readImage(next);
        colls.set(c.name, c);
      }
      dbs.set(db, colls);
    }
    return dbs;
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
          // The documents whose date is at most the limit, from the index's order when it has one (a binary search and
          // what expired, not a pass over every document each minute); each is still checked below.
          const view = ix.view?.usable ? ix.view : null;
          const candidates: [string, Doc][] = view
            ? view
                .range({ hi: { value: new Date(limit), inclusive: true } }, coll.docs, coll.seqOf)
                .map((id) => [id, coll.docs.get(id)!])
            : Array.from(coll.docs);
          for (const [id, doc] of candidates) {
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
      if (this.failed)
        throw new MongoError(
          91,
          "ShutdownInProgress",
          `embedded MongoDB server stopped after a fatal error: ${this.failed.message}`,
        );
      const names = Object.keys(cmd);
      if (names.length === 0) throw new MongoError(59, "CommandNotFound", "no such command: ''");
      const name = names[0];
      const db = typeof cmd.$db === "string" ? cmd.$db : "admin";
      if (cmd.startTransaction || cmd.autocommit === false) {
        throw new MongoError(20, "IllegalOperation", "Transactions are not supported by the embedded MongoDB server");
      }
      const key = name.toLowerCase();
      if (key !== "hello" && key !== "ismaster" && key !== "ping") this.lastCommandAt = Date.now();
      const handler = Object.prototype.hasOwnProperty.call(COMMANDS, key) ? COMMANDS[key] : undefined;
      if (!handler) throw new MongoError(59, "CommandNotFound", `no such command: '${name}'`);
      const result: Doc = handler(this, db, cmd, conn);
      if (this.journal) await this.journal.commit();
      return result;
    } catch (e: any) {
      // a failed command may still have logged records (e.g. ordered insert stopping half-way)
      if (this.journal && !this.failed) await this.journal.commit();
      return errorReply(e);
    }
  }

  // ---------------------------------------------------------------- handshake / misc

  /** The plan the last read chose, as `explain` reports it (MongoDB's stage names). */
  plan: Doc = { stage: "EOF" };

  textCache = new WeakMap<Collection, { key: string; result: { docs: Doc[]; scores: Map<Doc, number> } }>();
}

/**
 * The commands this server answers, by lower-cased name: one list, checked by
 * the compiler (a name without its handler does not build). Anything else is
 * CommandNotFound (59).
 */
const COMMANDS: Record<string, CommandHandler> = {
  hello: cmd_hello,
  ismaster: cmd_ismaster,
  ping: cmd_ping,
  buildinfo: cmd_buildinfo,
  getparameter: cmd_getparameter,
  getlog: cmd_getlog,
  hostinfo: cmd_hostinfo,
  connectionstatus: cmd_connectionstatus,
  whatsmyuri: cmd_whatsmyuri,
  endsessions: cmd_endsessions,
  killallsessions: cmd_killallsessions,
  killsessions: cmd_killsessions,
  refreshsessions: cmd_refreshsessions,
  startsession: cmd_startsession,
  aborttransaction: cmd_aborttransaction,
  committransaction: cmd_committransaction,
  saslstart: cmd_saslstart,
  authenticate: cmd_authenticate,
  serverstatus: cmd_serverstatus,
  dbstats: cmd_dbstats,
  listdatabases: cmd_listdatabases,
  listcollections: cmd_listcollections,
  create: cmd_create,
  drop: cmd_drop,
  dropdatabase: cmd_dropdatabase,
  renamecollection: cmd_renamecollection,
  createindexes: cmd_createindexes,
  collmod: cmd_collmod,
  setparameter: cmd_setparameter,
  listindexes: cmd_listindexes,
  dropindexes: cmd_dropindexes,
  find: cmd_find,
  explain: cmd_explain,
  getmore: cmd_getmore,
  killcursors: cmd_killcursors,
  count: cmd_count,
  distinct: cmd_distinct,
  aggregate: cmd_aggregate,
  insert: cmd_insert,
  update: cmd_update,
  delete: cmd_delete,
  findandmodify: cmd_findandmodify,
};

/** A filter's shape without its values (they may be personal data): `{phone: ?, $or: [{a: ?}, {b: {$in: ?}}]}`. */
export function filterShape(filter: any): string {
  if (Array.isArray(filter)) return `[${filter.map(filterShape).join(", ")}]`;
  if (
    filter === null ||
    typeof filter !== "object" ||
    filter._bsontype ||
    filter instanceof Date ||
    filter instanceof RegExp
  )
    return "?";
  return `{${Object.keys(filter)
    .map(
      (k) =>
        `${k}: ${k.startsWith("$") || (filter[k] !== null && typeof filter[k] === "object" && !filter[k]._bsontype && !(filter[k] instanceof Date) && !(filter[k] instanceof RegExp) && Object.keys(filter[k]).some((x) => x.startsWith("$"))) ? filterShape(filter[k]) : "?"}`,
    )
    .join(", ")}}`;
}
