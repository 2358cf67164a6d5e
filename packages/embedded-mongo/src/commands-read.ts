/**
 * Read commands: find, explain, getMore, killCursors, count, distinct, aggregate, and the cursors behind them.
 */
import os from "node:os";
import { Long, calculateObjectSize } from "bson";
import { Aggregator } from "mingo/aggregator";
import * as pipelineOperators from "mingo/operators/pipeline";
import { LOOKUP_FIND, mingoOptions } from "./mingo-options.ts";
import {
  type Doc,
  MongoError,
  compareValues,
  deepClone,
  encodeKey,
  isPlainObject,
  notSupported,
  pathValues,
  sortDocs,
} from "./values.ts";
import type { Engine } from "./engine.ts";
import {
  BATCH_BYTES_LIMIT,
  NON_MUTATING_STAGES,
  UNSUPPORTED_STAGES,
  assertFilter,
  checkCollation,
  checkHint,
  checkUnsupported,
  hasMeta,
  mapMingoError,
  splitMeta,
  splitText,
  toCursorId,
  toInt,
} from "./engine-shared.ts";
import { countMatches, countPrefix, findPage, match } from "./query.ts";
import { shape } from "./projection.ts";

export function cmd_find(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.find);
  const filter = assertFilter(cmd.filter, "filter", true);
  checkCollation(cmd.collation);
  const hinted = checkHint(coll, cmd.hint);
  if (cmd.tailable || cmd.awaitData) throw notSupported("tailable cursors");
  if (cmd.min || cmd.max) throw notSupported("min/max");
  const skip = toInt(cmd.skip);
  if (skip < 0) throw new MongoError(51024, "Location51024", "BSON field 'skip' value must be >= 0");
  let limit = toInt(cmd.limit);
  let singleBatch = !!cmd.singleBatch;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const docs = findPage(engine, coll, filter, cmd.sort ?? hinted ?? undefined, skip, limit);
  const ns = `${db}.${cmd.find}`;
  // A text score is computed for the whole result at once; any other projection is applied batch by batch.
  if (splitMeta(cmd.projection).meta.length > 0)
    return cursorReply(engine, ns, shape(engine, coll, docs, filter, cmd.projection), cmd.batchSize, singleBatch);
  return cursorReply(engine, ns, docs, cmd.batchSize, singleBatch, (batch) =>
    shape(engine, coll, batch, filter, cmd.projection),
  );
}

/**
 * `explain` of find, count, distinct and aggregate: runs the read the way
 * the command would (no cursor kept) and reports the plan it chose, shaped
 * like MongoDB's queryPlanner output (IXSCAN, COLLSCAN, COUNT_SCAN, TEXT...).
 */
export function cmd_explain(engine: Engine, db: string, cmd: Doc) {
  const inner = cmd.explain;
  if (!isPlainObject(inner)) throw new MongoError(14, "TypeMismatch", "explain command requires a nested object");
  const name = Object.keys(inner)[0];
  const verbosity = cmd.verbosity ?? "allPlansExecution";
  if (name === "find") {
    const filter = assertFilter(inner.filter, "filter", true);
    engine.plan = { stage: "EOF" };
    const docs = findPage(
      engine,
      engine.getCollection(db, inner.find),
      filter,
      inner.sort,
      toInt(inner.skip),
      Math.abs(toInt(inner.limit)),
    );
    return explainReply(engine, `${db}.${inner.find}`, filter, verbosity, docs.length);
  }
  if (name === "count") {
    const filter = assertFilter(inner.query, "query", true);
    engine.plan = { stage: "EOF" };
    const n = countMatches(engine, engine.getCollection(db, inner.count), filter);
    return explainReply(engine, `${db}.${inner.count}`, filter, verbosity, n);
  }
  if (name === "distinct") {
    const filter = assertFilter(inner.query, "query", true);
    engine.plan = { stage: "EOF" };
    const docs = match(engine, engine.getCollection(db, inner.distinct), filter);
    return explainReply(engine, `${db}.${inner.distinct}`, filter, verbosity, docs.length);
  }
  if (name === "aggregate") return cmd_aggregate(engine, db, { ...inner, $db: db, explain: verbosity });
  throw notSupported(`explain of '${name}'`);
}

export function explainReply(engine: Engine, ns: string, filter: Doc, verbosity: any, nReturned?: number): Doc {
  const out: Doc = {
    explainVersion: "1",
    queryPlanner: {
      namespace: ns,
      indexFilterSet: false,
      parsedQuery: filter,
      winningPlan: engine.plan,
      rejectedPlans: [],
    },
    serverInfo: { host: os.hostname(), port: 0, version: "7.0.0", gitVersion: "embedded" },
    ok: 1,
  };
  if (verbosity !== "queryPlanner" && nReturned !== undefined)
    out.executionStats = { executionSuccess: true, nReturned };
  return out;
}

export function cmd_getmore(engine: Engine, db: string, cmd: Doc) {
  const id = toCursorId(cmd.getMore);
  const c = engine.cursors.get(id);
  const ns = `${db}.${cmd.collection}`;
  if (!c) throw new MongoError(43, "CursorNotFound", `cursor id ${id} not found`);
  if (c.ns !== ns && !c.ns.startsWith(`${db}.$cmd`))
    throw new MongoError(
      13,
      "Unauthorized",
      `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${c.ns}`,
    );
  c.lastUsed = Date.now();
  const { batch, taken } = takeBatch(engine, c.docs, c.pos, toInt(cmd.batchSize), c.shape);
  c.pos += taken;
  let outId = c.id;
  if (c.pos >= c.docs.length) {
    engine.cursors.delete(c.id);
    outId = 0n;
  }
  return { cursor: { nextBatch: batch, id: Long.fromBigInt(outId), ns: c.ns }, ok: 1 };
}

export function cmd_killcursors(engine: Engine, _db: string, cmd: Doc) {
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of cmd.cursors ?? []) {
    const id = toCursorId(raw);
    if (engine.cursors.delete(id)) killed.push(Long.fromBigInt(id));
    else notFound.push(Long.fromBigInt(id));
  }
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
}

export function killCursorsFor(engine: Engine, ns: string) {
  for (const [id, c] of engine.cursors) if (c.ns === ns) engine.cursors.delete(id);
}

/** With no batch size asked for, a batch is bounded by bytes (16 MiB) and, when shaped on the way out, by this count. */
const SHAPED_BATCH_MAX = 10_000;

/**
 * The next batch from `from`: at most `batchSize` documents and 16 MiB (always at least one). `shape` (a cursor's
 * projection) is applied to the documents of this batch only. `taken` is how far the cursor moves.
 */
export function takeBatch(
  engine: Engine,
  docs: Doc[],
  from: number,
  batchSize: number,
  shape?: (docs: Doc[]) => Doc[],
): { batch: Doc[]; taken: number } {
  const max = batchSize > 0 ? batchSize : shape ? SHAPED_BATCH_MAX : Infinity;
  const candidates = shape ? shape(docs.slice(from, Math.min(docs.length, from + max))) : null;
  const source = candidates ?? docs;
  const start = candidates ? 0 : from;
  const out: Doc[] = [];
  let bytes = 0;
  for (let i = start; i < source.length && out.length < max; i++) {
    const size = calculateObjectSize(source[i]);
    if (out.length > 0 && bytes + size > BATCH_BYTES_LIMIT) break;
    bytes += size;
    out.push(source[i]);
  }
  return { batch: out, taken: out.length };
}

export function cursorReply(
  engine: Engine,
  ns: string,
  docs: Doc[],
  batchSizeRaw: any,
  singleBatch: boolean,
  shape?: (docs: Doc[]) => Doc[],
): Doc {
  const batchSize = batchSizeRaw === undefined || batchSizeRaw === null ? 101 : toInt(batchSizeRaw);
  const first = batchSize === 0 ? [] : takeBatch(engine, docs, 0, batchSize, shape).batch;
  let id = 0n;
  if (!singleBatch && first.length < docs.length) {
    id = ++engine.nextCursorId;
    engine.cursors.set(id, { id, ns, docs, shape, pos: first.length, lastUsed: Date.now() });
  }
  return { cursor: { firstBatch: first, id: Long.fromBigInt(id), ns }, ok: 1 };
}

export function cmd_count(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.count);
  checkCollation(cmd.collation);
  const filter = assertFilter(cmd.query, "query", true);
  checkHint(coll, cmd.hint);
  let n = countMatches(engine, coll, filter);
  const skip = toInt(cmd.skip);
  const limit = Math.abs(toInt(cmd.limit));
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
}

export function cmd_distinct(engine: Engine, db: string, cmd: Doc) {
  const coll = engine.getCollection(db, cmd.distinct);
  checkCollation(cmd.collation);
  if (typeof cmd.key !== "string") throw new MongoError(14, "TypeMismatch", "distinct: 'key' must be a string");
  const docs = match(engine, coll, assertFilter(cmd.query, "query", true));
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

export function cmd_aggregate(engine: Engine, db: string, cmd: Doc) {
  const pipeline: Doc[] = cmd.pipeline;
  if (!Array.isArray(pipeline))
    throw new MongoError(14, "TypeMismatch", "'pipeline' option must be specified as an array");
  checkCollation(cmd.collation);
  const unsafe = checkPipeline(engine, pipeline, true);
  let input: Doc[];
  let rest = pipeline;
  const collName = cmd.aggregate;
  if (collName === 1 || typeof collName !== "string") {
    if (!pipeline[0] || !("$documents" in pipeline[0])) {
      throw new MongoError(
        2,
        "BadValue",
        "collection-less aggregate is only supported with $documents in the embedded MongoDB server",
      );
    }
    input = [];
    engine.plan = { stage: "VIRTUAL_SCAN" };
  } else {
    const coll = engine.getCollection(db, collName);
    const hinted = checkHint(coll, cmd.hint);
    engine.plan = { stage: "EOF" };
    const counted = countPrefix(engine, coll, pipeline);
    if (counted) {
      input = counted.input;
      rest = counted.rest;
    } else if (pipeline[0] && "$match" in pipeline[0] && isPlainObject(pipeline[0].$match)) {
      input = match(engine, coll, pipeline[0].$match);
      rest = pipeline.slice(1);
    } else {
      input = coll ? Array.from(coll.docs.values()) : [];
      engine.plan = { stage: "COLLSCAN", direction: "forward" };
      if (coll) engine.noteCollectionScan(coll.ns, coll.docs.size, pipeline[0]?.$match);
    }
    if (hinted && !counted) input = sortDocs(input, hinted);
  }
  if (unsafe) input = input.map(deepClone);
  const collectionResolver = (name: string) => {
    const c = engine.getCollection(db, name);
    if (!c) return [];
    const docs = Array.from(c.docs.values());
    return unsafe ? docs.map(deepClone) : docs;
  };
  // $lookup's finders (mingo-options.ts): matches through the foreign collection's indexes, the aggregate's own plan
  // kept; they give stored documents, and `copies` makes each join's own when the pipeline changes documents.
  const find = (name: string, filter: Doc) => {
    const plan = engine.plan;
    const docs = match(engine, engine.getCollection(db, name), filter);
    engine.plan = plan;
    return docs;
  };
  const indexed = (name: string, field: string) =>
    field === "_id" ||
    Boolean(engine.getCollection(db, name)?.indexes.some((ix) => ix.usableForLookup && ix.leadingField === field));
  const all = (name: string) => {
    const c = engine.getCollection(db, name);
    if (!c) return [];
    engine.noteCollectionScan(c.ns, c.docs.size, undefined);
    return Array.from(c.docs.values());
  };
  const copies = (docs: Doc[]) => (unsafe ? docs.map(deepClone) : docs);
  Object.assign(collectionResolver, { [LOOKUP_FIND]: Object.assign(find, { indexed, all, copies }) });
  const opts = mingoOptions({ collectionResolver, variables: cmd.let });
  if (cmd.explain) return explainReply(engine, `${db}.${String(collName)}`, pipeline[0]?.$match ?? {}, cmd.explain);
  let out: Doc[];
  try {
    out = rest.length ? (new Aggregator(rest, opts).run(input) as Doc[]) : input;
  } catch (e) {
    mapMingoError(e);
  }
  return cursorReply(
    engine,
    `${db}.${typeof collName === "string" ? collName : "$cmd.aggregate"}`,
    out!,
    cmd.cursor?.batchSize,
    false,
  );
}

/** Validates a pipeline; returns true when inputs must be cloned (stage may mutate). */
export function checkPipeline(engine: Engine, pipeline: Doc[], top = false): boolean {
  let unsafe = false;
  for (const [i, stage] of pipeline.entries()) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoError(
        40323,
        "Location40323",
        "A pipeline stage specification object must contain exactly one field.",
      );
    }
    const name = Object.keys(stage)[0];
    if (UNSUPPORTED_STAGES.has(name)) throw notSupported(`the ${name} stage`);
    if (!(name in pipelineOperators) && name !== "$sort")
      throw new MongoError(40324, "Location40324", `Unrecognized pipeline stage name: '${name}'`);
    if (name === "$match") {
      if (!isPlainObject(stage.$match))
        throw new MongoError(15959, "Location15959", "the match filter must be an expression in an object");
      checkUnsupported(top && i === 0 ? splitText(stage.$match).rest : stage.$match, "$match");
    } else if (hasMeta(stage)) throw notSupported("$meta in aggregation stages");
    if (name === "$sort") sortDocs([], stage.$sort);
    if (name === "$facet") {
      for (const sub of Object.values(stage.$facet ?? {}))
        if (Array.isArray(sub) && checkPipeline(engine, sub as Doc[])) unsafe = true;
    } else if (name === "$lookup") {
      if (Array.isArray(stage.$lookup?.pipeline)) {
        checkPipeline(engine, stage.$lookup.pipeline);
        unsafe = true;
      }
    } else if (!NON_MUTATING_STAGES.has(name) || changesInput(name, stage[name])) unsafe = true;
  }
  return unsafe;
}

/**
 * The forms of two stages that mingo runs on the objects it is given: a `$project` leaving out a field inside a
 * subdocument (a top-level one is left out of a copy), and an `$unwind` that keeps empty arrays or adds the index.
 */
function changesInput(name: string, spec: unknown): boolean {
  if (name === "$project") return excludesNested(spec, false);
  if (name === "$unwind")
    return isPlainObject(spec) && (Boolean(spec.preserveNullAndEmptyArrays) || spec.includeArrayIndex !== undefined);
  return false;
}

function excludesNested(spec: unknown, nested: boolean): boolean {
  if (!isPlainObject(spec)) return false;
  return Object.entries(spec).some(
    ([k, v]) =>
      ((v === 0 || v === false) && (nested || k.includes("."))) ||
      (!k.startsWith("$") && isPlainObject(v) && excludesNested(v, true)),
  );
}

// ---------------------------------------------------------------- writes
