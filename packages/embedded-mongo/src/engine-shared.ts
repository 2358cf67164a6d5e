/**
 * What the engine's modules share: limits, journal and cursor types, argument checks, and reply helpers.
 */
import { calculateObjectSize } from "bson";
import { Query } from "mingo/query";
import { prepareFilter } from "./query-operators.ts";
import { fastTest } from "./fast-match.ts";
import { type TextQuery, parseTextOperator } from "./text.ts";
import { type Doc, MongoError, deepClone, encodeKey, isPlainObject, notSupported, setPath } from "./values.ts";
import type { Engine } from "./engine.ts";

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;
export const BATCH_BYTES_LIMIT = MAX_BSON_OBJECT_SIZE - 64 * 1024;
export const CURSOR_IDLE_MS = 10 * 60 * 1000;

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

export interface CursorState {
  id: bigint;
  ns: string;
  /** The result, in order: stored documents (not copies) when `shape` is set. */
  docs: Doc[];
  /** Projects a batch as it is handed out, so a cursor over 100k documents holds references, not 100k copies. */
  shape?: (docs: Doc[]) => Doc[];
  pos: number;
  lastUsed: number;
}

export interface ConnectionInfo {
  id: number;
  remote: string;
}

export const UNSUPPORTED_QUERY_OPS = new Set([
  "$where",
  "$text",
  "$near",
  "$nearSphere",
  "$geoWithin",
  "$geoIntersects",
  "$within",
  "$function",
  "$accumulator",
]);
export const UNSUPPORTED_STAGES = new Set([
  "$out",
  "$merge",
  "$changeStream",
  "$search",
  "$searchMeta",
  "$vectorSearch",
  "$geoNear",
  "$currentOp",
  "$listSessions",
  "$listLocalSessions",
  "$collStats",
  "$indexStats",
  "$planCacheStats",
  "$listSearchIndexes",
  "$listSampledQueries",
  "$queryStats",
  "$querySettings",
  "$shardedDataDistribution",
  "$changeStreamSplitLargeEvent",
  "$rankFusion",
  "$scoreFusion",
]);
/** Stages that never mutate their input documents in mingo (no clone needed). */
export const NON_MUTATING_STAGES = new Set([
  "$match",
  "$sort",
  "$skip",
  "$limit",
  "$count",
  "$group",
  "$sortByCount",
  "$unwind",
  "$project",
  "$bucket",
  "$bucketAuto",
  "$sample",
]);
export const UPDATE_PIPELINE_STAGES = new Set([
  "$addFields",
  "$set",
  "$project",
  "$unset",
  "$replaceRoot",
  "$replaceWith",
]);

export function checkUnsupported(value: any, where: string) {
  if (Array.isArray(value)) {
    for (const v of value) checkUnsupported(v, where);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const k of Object.keys(value)) {
    if (UNSUPPORTED_QUERY_OPS.has(k)) {
      throw notSupported(`${k} (in ${where})`);
    }
    checkUnsupported(value[k], where);
  }
}

export function checkCollation(c: any) {
  if (c && isPlainObject(c) && c.locale && c.locale !== "simple") {
    throw new MongoError(
      115,
      "CommandNotSupported",
      `collation '${c.locale}' is not supported by the embedded MongoDB server (only simple binary comparison)`,
    );
  }
}

export function toInt(v: any, dflt = 0): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "object" && typeof v.toNumber === "function") return v.toNumber();
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : dflt;
}

export function toCursorId(v: any): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number") return BigInt(v);
  if (v && typeof v === "object" && typeof v.toBigInt === "function") return v.toBigInt();
  return BigInt(String(v));
}

/**
 * Documents tested against a filter, and how many of them matched, since the process started (serverStatus
 * `metrics.queryExecutor.scannedObjects`, as MongoDB names the documents its plans examined). A plan that answers
 * from an index tests few documents that do not match; a scan, or an index walk that filters, tests many.
 */
export const queryStats = { examined: 0, matched: 0 };

/** A compiled filter: `test` says whether a document matches; `native` whether fast-match.ts answers most of them. */
export type CompiledQuery = { test: (doc: Doc) => boolean; native: boolean };

export function compileQuery(filter: Doc | undefined, opts: Doc): CompiledQuery {
  const f = filter ?? {};
  const build = () => {
    try {
      return new Query(prepareFilter(f), opts);
    } catch (e: any) {
      mapMingoError(e);
    }
  };
  // The native test answers plain documents for common filters; mingo the rest (and any collation). A filter the
  // native test understands is one mingo accepts, so its Query (whose construction is a fair share of a small
  // command's cost) is built only when a document leaves the native test unsure; any other filter is built now, so
  // that a bad operator is refused before a document is read, or when there is none.
  const fast = opts.collation ? null : fastTest(f);
  let mingo: Query | null = fast ? null : build();
  const test = (doc: any) => {
    queryStats.examined++;
    const ok = fast?.(doc) ?? (mingo ??= build()).test(doc);
    if (ok) queryStats.matched++;
    return ok;
  };
  return { test, native: fast !== null };
}

export function assertFilter(filter: any, what = "filter", allowText = false): Doc {
  if (filter === undefined || filter === null) return {};
  if (!isPlainObject(filter))
    throw new MongoError(14, "TypeMismatch", `BSON field '${what}' is the wrong type, expected type 'object'`);
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
export function splitMeta(spec: Doc | undefined | null): { meta: string[]; rest: Doc | undefined } {
  if (!spec || !isPlainObject(spec)) return { meta: [], rest: spec ?? undefined };
  const meta: string[] = [];
  const rest: Doc = {};
  for (const k of Object.keys(spec)) {
    const v = spec[k];
    if (isPlainObject(v) && "$meta" in v) {
      if (v.$meta !== "textScore") throw notSupported(`$meta '${String(v.$meta)}'`);
      meta.push(k);
    } else rest[k] = v;
  }
  return { meta, rest };
}

export const NO_TEXT_SCORE = () =>
  new MongoError(40218, "Location40218", "query requires text score metadata, but it is not available");

export function indexNameFor(key: Doc): string {
  return Object.keys(key)
    .map((k) => `${k}_${key[k]}`)
    .join("_");
}

export function isOperatorUpdate(u: Doc): boolean {
  const keys = Object.keys(u);
  return keys.length > 0 && keys[0].startsWith("$");
}

/** Put `_id` first (MongoDB always stores it as the first field). */
export function idFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === "_id" || !("_id" in doc)) return doc;
  const out: Doc = { _id: doc._id };
  for (const k of keys) if (k !== "_id") out[k] = doc[k];
  return out;
}

export function checkIdValue(id: any) {
  if (Array.isArray(id)) throw new MongoError(2, "BadValue", "can't use an array for _id");
  if (id instanceof RegExp) throw new MongoError(2, "BadValue", "can't use a regex for _id");
  if (id === undefined) throw new MongoError(2, "BadValue", "_id cannot be undefined");
}

/** Seed document of an upsert: the equality fields of the filter. */
export function upsertSeed(filter: Doc, out: Doc = {}): Doc {
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

export function mapMingoError(e: any): never {
  if (e instanceof MongoError) throw e;
  const msg = String(e?.message ?? e);
  if (/immutable field '_id'/.test(msg)) {
    throw new MongoError(
      66,
      "ImmutableField",
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  if (/Unknown update operator/i.test(msg)) throw new MongoError(9, "FailedToParse", msg);
  if (/unknown pipeline operator|Invalid pipeline operator|unregistered pipeline/i.test(msg)) {
    throw new MongoError(40324, "Location40324", msg);
  }
  throw new MongoError(2, "BadValue", msg);
}

export function hasMeta(v: any): boolean {
  if (Array.isArray(v)) return v.some(hasMeta);
  if (!isPlainObject(v)) return false;
  return Object.keys(v).some((k) => k === "$meta" || hasMeta(v[k]));
}

export function normKey(key: Doc): Doc {
  const out: Doc = {};
  for (const k of Object.keys(key)) out[k] = typeof key[k] === "bigint" ? Number(key[k]) : key[k];
  return out;
}

export function sameOptions(a: Doc, b: Doc): boolean {
  const pick = (s: Doc) =>
    encodeKey([!!s.unique, !!s.sparse, s.partialFilterExpression ?? null, s.expireAfterSeconds ?? null]);
  return pick(a) === pick(b);
}

export function validateCollName(name: any) {
  if (typeof name !== "string" || name.length === 0)
    throw new MongoError(73, "InvalidNamespace", `Invalid collection name: ${String(name)}`);
  if (name.includes("$") || name.includes("\u0000"))
    throw new MongoError(73, "InvalidNamespace", `Invalid collection name: ${name}`);
}

/**
 * The statements of an insert, update or delete, each run by `run`: a failure becomes a write error with the
 * statement's index, and an ordered batch stops at its first failure (MongoDB's write command rules).
 */
export function eachWrite<T>(
  statements: readonly T[],
  ordered: boolean,
  run: (statement: T, index: number) => void,
): Doc[] {
  const writeErrors: Doc[] = [];
  for (let i = 0; i < statements.length; i++) {
    try {
      run(statements[i], i);
    } catch (e: any) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors;
}

/** A write command's reply: the counts, then the write errors when there are any. */
export function writeReply(counts: Doc, writeErrors: Doc[]): Doc {
  const out: Doc = { ...counts, ok: 1 };
  if (writeErrors.length) out.writeErrors = writeErrors;
  return out;
}

export function writeError(index: number, e: any): Doc {
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

export type CommandHandler = (engine: Engine, db: string, cmd: Doc, conn: ConnectionInfo) => Doc;

/**
 * A `hint` must name an index of the collection (by name or by key pattern) or be `{$natural: ±1}`, as in MongoDB.
 * Returns the hinted index's key pattern: a query without a sort then answers in that index's order, as an index
 * scan does (the planner still picks its own way to find the documents; the documents are the same).
 */
export function checkHint(coll: { indexSpecs(): Doc[] } | undefined, hint: any): Doc | null {
  if (hint === undefined || hint === null) return null;
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return null;
  if (isPlainObject(hint) && Object.keys(hint).length === 1 && "$natural" in hint) return null;
  if (!coll) return null;
  const specs = coll.indexSpecs();
  const found =
    typeof hint === "string"
      ? specs.find((s) => s.name === hint)
      : isPlainObject(hint)
        ? specs.find((s) => encodeKey(normKey(s.key)) === encodeKey(normKey(hint)))
        : undefined;
  if (!found)
    throw new MongoError(
      2,
      "BadValue",
      "error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index",
    );
  return Object.values(found.key).includes("text") ? null : normKey(found.key);
}

/** MongoDB's largest document (16 MiB), and its errors for an insert or an update result over it. */
export const MAX_DOCUMENT_SIZE = 16 * 1024 * 1024;

export function checkDocumentSize(doc: Doc, kind: "insert" | "update") {
  const size = calculateObjectSize(doc);
  if (size <= MAX_DOCUMENT_SIZE) return;
  if (kind === "insert")
    throw new MongoError(
      2,
      "BadValue",
      `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOCUMENT_SIZE}`,
    );
  throw new MongoError(17419, "Location17419", `Resulting document after update is larger than ${MAX_DOCUMENT_SIZE}`);
}
