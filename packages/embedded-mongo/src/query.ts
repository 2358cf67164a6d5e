/**
 * Reads: the documents a filter selects, in sort order and pages (from the planner's candidates or an index's order,
 * with the plan `explain` reports), text search, counts and `$group` counts answered from indexes. Projection is
 * projection.ts; which index a filter uses is planner.ts.
 */
import type { Collection } from "./collection.ts";
import {
  countFromIndex,
  equalityPick,
  groupCountsFromIndex,
  narrowCandidates,
  pickScan,
  type ScanInfo,
} from "./planner.ts";
import { idsIn } from "./ids.ts";
import { mingoOptions } from "./mingo-options.ts";
import { NOT_SIMPLE, parseSort, selectSorted, simpleValue } from "./sorted.ts";
import type { TextQuery } from "./text.ts";
import { type Doc, MongoError, compareValues, encodeKey, isPlainObject, sortKey } from "./values.ts";
import type { Engine } from "./engine.ts";
import { NO_TEXT_SCORE, compileQuery, splitMeta, splitText } from "./engine-shared.ts";

/** The plan `explain` reports for a read of `scan`'s index (null: a collection scan, which the engine notes). */
export function scanPlan(engine: Engine, coll: Collection, scan: ScanInfo | null, dir: 1 | -1 = 1, filter?: Doc): Doc {
  if (!scan) {
    engine.noteCollectionScan(coll.ns, coll.docs.size, filter);
    return { stage: "COLLSCAN", direction: "forward" };
  }
  const ixscan = (s: ScanInfo): Doc => ({
    stage: "IXSCAN",
    indexName: s.indexName,
    keyPattern: s.keyPattern,
    isMultiKey: false,
    direction: dir === 1 ? "forward" : "backward",
    indexBounds: { [s.field]: [s.bounds] },
  });
  if (scan.branches) return { stage: "FETCH", inputStage: { stage: "OR", inputStages: scan.branches.map(ixscan) } };
  return { stage: "FETCH", inputStage: ixscan(scan) };
}

/** Documents matching a `$text` filter, in natural order, with their scores (memoised per collection version). */
export function textMatches(
  engine: Engine,
  coll: Collection,
  text: TextQuery,
  rest: Doc,
): { docs: Doc[]; scores: Map<Doc, number> } {
  const ix = coll.textIndex;
  if (!ix) throw new MongoError(27, "IndexNotFound", "text index required for $text query");
  engine.plan = {
    stage: "TEXT_MATCH",
    inputStage: {
      stage: "TEXT_OR",
      inputStage: {
        stage: "IXSCAN",
        indexName: ix.spec.name,
        keyPattern: ix.spec.key,
        isMultiKey: true,
        direction: "backward",
      },
    },
  };
  const key = `${coll.version}|${ix.spec.name}|${JSON.stringify(text)}|${encodeKey(rest)}`;
  const cached = engine.textCache.get(coll);
  if (cached && cached.key === key) return cached.result;
  const index = ix.text!;
  const found = index.search(text, (id) => coll.docs.get(id));
  const q = Object.keys(rest).length ? compileQuery(rest, mingoOptions()) : null;
  const docs: Doc[] = [];
  for (const id of found) {
    const d = coll.docs.get(id);
    if (!d || (q && !q.test(d))) continue;
    docs.push(d);
  }
  docs.sort((a, b) => coll.seqOf(a) - coll.seqOf(b));
  // Scores are computed from the documents, and only when a sort or projection asks for them.
  let scores: Map<Doc, number> | null = null;
  const result = {
    docs,
    get scores() {
      return (scores ??= new Map(docs.map((d) => [d, index.score(text, d)])));
    },
  };
  engine.textCache.set(coll, { key, result });
  return result;
}

/** Matching documents (references to stored docs; never mutate them). */
/** A filter on a collection that does not exist is still checked: an unknown operator is an error, as in MongoDB. */
function checkOnly(filter: Doc, opts: Doc = mingoOptions()) {
  if (!splitText(filter).text) compileQuery(filter, opts);
}

/**
 * Calls `fn` with each document matching `filter`, in the order `match` returns them, without building the list when
 * one index set holds the candidates (the aggregates that only sum or count what they read).
 */
function eachMatch(engine: Engine, coll: Collection, filter: Doc, fn: (d: Doc) => void) {
  const pick = Object.keys(filter).length > 0 && !splitText(filter).text ? equalityPick(coll, filter) : null;
  if (!pick || pick.ids.length !== 1 || existsFieldsIn(filter)) {
    for (const d of match(engine, coll, filter)) fn(d);
    return;
  }
  const q = compileQuery(filter, mingoOptions());
  engine.plan = scanPlan(engine, coll, pickScan(pick), 1, filter);
  for (const id of idsIn(pick.ids[0])) {
    const d = coll.docs.get(id);
    if (d && q.test(d)) fn(d);
  }
}

/** Whether the filter has a top-level `$exists: true` (narrowCandidates may then read a sparse index instead). */
function existsFieldsIn(filter: Doc): boolean {
  return Object.keys(filter).some((k) => k === "$and" || (isPlainObject(filter[k]) && filter[k].$exists === true));
}

export function match(engine: Engine, coll: Collection | undefined, filter: Doc, opts = mingoOptions()): Doc[] {
  if (!coll) {
    checkOnly(filter, opts);
    return [];
  }
  const { text, rest } = splitText(filter);
  if (text) return textMatches(engine, coll, text, rest).docs;
  const q = compileQuery(filter, opts);
  const out: Doc[] = [];
  const empty = Object.keys(filter).length === 0;
  const narrowed = empty ? null : narrowCandidates(coll, filter);
  engine.plan = scanPlan(engine, coll, narrowed?.scan ?? null, 1, filter);
  for (const d of narrowed?.docs ?? coll.docs.values()) if (empty || q.test(d)) out.push(d);
  return out;
}

/** Number of documents matching `filter` (nothing materialised or cloned; from the index when it can). */
export function countMatches(engine: Engine, coll: Collection | undefined, filter: Doc): number {
  if (!coll) {
    checkOnly(filter);
    return 0;
  }
  const { text, rest } = splitText(filter);
  if (text) return textMatches(engine, coll, text, rest).docs.length;
  if (Object.keys(filter).length === 0) {
    engine.plan = { stage: "COUNT", inputStage: { stage: "RECORD_STORE_FAST_COUNT" } };
    return coll.docs.size;
  }
  const fromIndex = countFromIndex(coll, filter);
  if (fromIndex !== null) {
    const { scan, count } = fromIndex;
    engine.plan = {
      stage: "COUNT",
      inputStage: { stage: "COUNT_SCAN", indexName: scan.indexName, keyPattern: scan.keyPattern },
    };
    return count;
  }
  const q = compileQuery(filter, mingoOptions());
  let n = 0;
  const narrowed = narrowCandidates(coll, filter);
  engine.plan = { stage: "COUNT", inputStage: scanPlan(engine, coll, narrowed?.scan ?? null, 1, filter) };
  for (const d of narrowed?.docs ?? coll.docs.values()) if (q.test(d)) n++;
  return n;
}

/** Candidates from which a sort walk tests documents natively rather than through a membership set. */
const NATIVE_WALK_MIN = 2048;

/**
 * Documents [skip, skip+limit) (limit 0 = all) of the matches of `filter`
 * in `sort` order, as references to stored documents. Plans:
 *  - no sort: candidate order, stopping after skip+limit matches;
 *  - sort whose first field has a usable ordered index view: walk the
 *    view in order, testing the filter (only on the candidates when an
 *    equality index narrows it, or on every document visited when that
 *    equality selects so many that the walk is shorter than fetching them),
 *    stopping after skip+limit matches; runs
 *    of equal first keys are sorted by the remaining fields. Skipped when
 *    the narrowed candidates are few enough for the heap to be cheaper,
 *    abandoned when a scanning filter proves too selective;
 *  - otherwise: bounded-heap top-(skip+limit) over the matches.
 * Sort ties are always broken by insertion order.
 */
export function findPage(
  engine: Engine,
  coll: Collection | undefined,
  filter: Doc,
  sortIn: Doc | undefined,
  skip: number,
  limit: number,
): Doc[] {
  const { meta, rest: sort } = splitMeta(sortIn);
  const { text, rest } = splitText(filter);
  if (!text && meta.length) throw NO_TEXT_SCORE();
  const spec = parseSort(sort);
  if (!coll) {
    checkOnly(filter);
    return [];
  }
  if (text) return textPage(engine, coll, text, rest, sortIn ?? {}, meta, skip, limit);
  const q = compileQuery(filter, mingoOptions());
  const empty = Object.keys(filter).length === 0;
  const want = limit > 0 ? skip + limit : Infinity;
  const view = spec ? coll.orderedViewFor(spec[0].name) : null;
  // An equality that selects many documents (a programme: a fifth of the collection) with a sort on another indexed
  // field and a small page: walking the sort field's index and testing the filter visits about want * n / |selected|
  // documents, far fewer than fetching every selected one (which is all the heap plan or a membership set would need).
  // (The equality's plan is made once and reused by narrowCandidates below.)
  const pick = view && !empty && want !== Infinity ? equalityPick(coll, filter) : undefined;
  const selected = pick ? pick.size : null;
  const walkFirst =
    selected !== null && selected > 0 && selected >= 4 * want && (want * coll.docs.size) / selected < selected / 4;
  // With the native test (fast-match.ts) a visited document costs about what a membership check would: past a few
  // thousand candidates (whose set costs more to build than the walk's tests), the walk needs no candidate set, and the
  // equality's size alone says whether walking beats the heap.
  const walkNative =
    !walkFirst &&
    q.native &&
    selected !== null &&
    selected >= NATIVE_WALK_MIN &&
    Math.min(coll.docs.size, (want * coll.docs.size) / selected) < 3 * selected;
  let narrowed = empty || walkFirst || walkNative ? null : narrowCandidates(coll, filter, pick);
  const limitPlan = (p: Doc): Doc => {
    let out = p;
    if (skip) out = { stage: "SKIP", skipAmount: skip, inputStage: out };
    if (limit) out = { stage: "LIMIT", limitAmount: limit, inputStage: out };
    return out;
  };
  if (!spec) {
    engine.plan = limitPlan(scanPlan(engine, coll, narrowed?.scan ?? null, 1, filter));
    const out: Doc[] = [];
    let seen = 0;
    for (const d of narrowed?.docs ?? coll.docs.values()) {
      if (!empty && !q.test(d)) continue;
      if (seen++ < skip) continue;
      out.push(d);
      if (seen >= want) break;
    }
    return out;
  }
  // Walking the view visits about want * n / |candidates| documents (all of
  // them at worst); the heap visits every candidate, each costlier.
  const useView =
    view &&
    (walkFirst ||
      walkNative ||
      !narrowed ||
      Math.min(coll.docs.size, (want * coll.docs.size) / Math.max(1, narrowed.docs.length)) < 3 * narrowed.docs.length);
  if (view && useView) {
    const members = narrowed ? new Set(narrowed.docs) : null;
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
    // (Not when an index already said how many documents match: then the walk is known to be short.)
    const adaptive = !empty && !members && !walkFirst && !walkNative;
    let visited = 0;
    let abandoned = false;
    const runBuf: Doc[] = [];
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
      // One array for every run (most runs are one document): no allocation per index key.
      runBuf.length = 0;
      let run = runBuf;
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
      let p: Doc = {
        stage: "FETCH",
        inputStage: {
          stage: "IXSCAN",
          indexName: ix ? ix.spec.name : "_id_",
          keyPattern,
          isMultiKey: false,
          direction: forward ? "forward" : "backward",
          indexBounds: { [spec[0].name]: ["[MinKey, MaxKey]"] },
        },
      };
      if (rest) p = { stage: "SORT", sortPattern: sort, partial: true, inputStage: p };
      engine.plan = limitPlan(p);
      return out;
    }
  }
  if (walkFirst) narrowed = narrowCandidates(coll, filter, pick);
  engine.plan = limitPlan({
    stage: "SORT",
    sortPattern: sort,
    memLimit: 104857600,
    limitAmount: limit ? skip + limit : undefined,
    type: "simple",
    inputStage: scanPlan(engine, coll, narrowed?.scan ?? null, 1, filter),
  });
  const docs = narrowed?.docs ?? coll.docs.values();
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
export function textPage(
  engine: Engine,
  coll: Collection,
  text: TextQuery,
  rest: Doc,
  sort: Doc,
  meta: string[],
  skip: number,
  limit: number,
): Doc[] {
  const { docs, scores } = textMatches(engine, coll, text, rest);
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
    engine.plan = { stage: "SORT", sortPattern: sort, inputStage: engine.plan };
  }
  return out.slice(skip, limit > 0 ? skip + limit : undefined);
}

/** The text scores of `docs` (which must come from the same filter's text match). */
export function textScores(engine: Engine, coll: Collection | undefined, filter: Doc): Map<Doc, number> | null {
  if (!coll) return null;
  const { text, rest } = splitText(filter);
  return text ? textMatches(engine, coll, text, rest).scores : null;
}

/**
 * `[$match?, $group {_id: <constant>, f: {$sum: <number>}...} | $count, ...]`
 * answered by counting matches; returns the remaining pipeline and its
 * input, or null when the pipeline does not have that shape.
 */
export function countPrefix(
  engine: Engine,
  coll: Collection | undefined,
  pipeline: Doc[],
): { input: Doc[]; rest: Doc[] } | null {
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
    const n = countMatches(engine, coll, filter);
    return { input: n > 0 ? [{ [name]: n }] : [], rest: pipeline.slice(i + 1) };
  }
  if (!("$group" in stage) || !isPlainObject(stage.$group)) return null;
  const g = stage.$group;
  const id = g._id;
  const byField = groupCountByField(engine, coll, filter, g);
  if (byField) return { input: byField, rest: pipeline.slice(i + 1) };
  const constId =
    id === null || typeof id === "number" || typeof id === "boolean" || (typeof id === "string" && !id.startsWith("$"));
  const sums = constId && "_id" in g ? constantSums(g) : null;
  if (!sums) {
    const grouped = groupNatively(engine, coll, filter, g, pipeline[i + 1]);
    return grouped && { input: grouped.out, rest: pipeline.slice(i + 1 + grouped.used) };
  }
  const n = countMatches(engine, coll, filter);
  if (n === 0) return { input: [], rest: pipeline.slice(i + 1) };
  const out: Doc = { _id: id };
  for (const [k, c] of sums) out[k] = n * c;
  return { input: [out], rest: pipeline.slice(i + 1) };
}

/** A field path operand (`"$a.b"`) as its path, or null. */
function fieldPath(v: unknown): string[] | null {
  if (typeof v !== "string" || !/^\$[^$]/.test(v)) return null;
  const path = v.slice(1).split(".");
  return path.every((p) => p !== "") ? path : null;
}

/** A group key of field paths (`{r: "$a", s: "$b.c"}`) as its names and paths, or null. */
function compoundKey(id: unknown): [string, string[]][] | null {
  if (!isPlainObject(id)) return null;
  const parts: [string, string[]][] = [];
  for (const [name, value] of Object.entries(id)) {
    const path = fieldPath(value);
    if (!path || name === "" || name.startsWith("$") || name.includes(".")) return null;
    parts.push([name, path]);
  }
  return parts.length ? parts : null;
}

/**
 * `[$match?, $group {_id: <constant> | "$field" | {name: "$field", …}, f: {$sum: <number> | "$field"}...}, $count?]`
 * computed natively over
 * the matches (in the order mingo would get them), or null when the stage asks for anything else or a value is not
 * plain (an array on a path, a BSON wrapper number, an object as a group key): then mingo computes it.
 * `used`: 1 when the `$count` after the group was answered too.
 */
function groupNatively(
  engine: Engine,
  coll: Collection | undefined,
  filter: Doc,
  g: Doc,
  next: Doc | undefined,
): { out: Doc[]; used: number } | null {
  if (!coll || !("_id" in g)) return null;
  const id = g._id;
  const idPath = fieldPath(id);
  const constant =
    id === null || typeof id === "number" || typeof id === "boolean" || (typeof id === "string" && !id.startsWith("$"));
  const idParts = !idPath && !constant ? compoundKey(id) : null;
  if (!idPath && !constant && !idParts) return null;
  const accs: { name: string; constant: number; path: string[] | null }[] = [];
  for (const k of Object.keys(g)) {
    if (k === "_id") continue;
    const acc = g[k];
    if (k.startsWith("$") || k.includes(".") || !isPlainObject(acc) || Object.keys(acc).length !== 1) return null;
    const path = fieldPath(acc.$sum);
    if (!path && (typeof acc.$sum !== "number" || !Number.isFinite(acc.$sum))) return null;
    accs.push({ name: k, constant: path ? 0 : acc.$sum, path });
  }
  const countName = next && "$count" in next ? next.$count : undefined;
  const counting =
    typeof countName === "string" && countName !== "" && !countName.startsWith("$") && !countName.includes(".");
  if (counting && idPath && accs.length === 0) {
    const n = distinctFromIndex(engine, coll, filter, idPath);
    if (n !== null) return { out: n > 0 ? [{ [countName]: n }] : [], used: 1 };
  }
  // Dates are grouped apart from every other key (a string can never equal a date), by their time.
  const groups = new Map<unknown, { key: unknown; count: number; sums: number[] }>();
  const dateGroups = new Map<number, { key: unknown; count: number; sums: number[] }>();
  const order: { key: unknown; count: number; sums: number[] }[] = [];
  let plain = true;
  eachMatch(engine, coll, filter, (d) => {
    if (!plain) return;
    let key: unknown = id;
    const values: unknown[] = [];
    if (idParts) {
      // Strings, finite numbers and booleans only: a missing field, a null, a date or anything else is left to mingo.
      for (const [, path] of idParts) {
        const v = simpleValue(d, path);
        // NaN and the infinities too: the key below would write them all as null.
        if (typeof v !== "string" && typeof v !== "boolean" && !(typeof v === "number" && Number.isFinite(v))) {
          plain = false;
          return;
        }
        values.push(v);
      }
      key = JSON.stringify(values);
    } else if (idPath) {
      const v = simpleValue(d, idPath);
      if (
        v === NOT_SIMPLE ||
        (v !== null && !(v instanceof Date) && (typeof v === "object" || typeof v === "bigint"))
      ) {
        plain = false;
        return;
      }
      key = v;
    }
    const byTime = key instanceof Date;
    let group = byTime ? dateGroups.get((key as Date).getTime()) : groups.get(key);
    if (!group) {
      const shown = idParts ? Object.fromEntries(idParts.map(([name], i) => [name, values[i]])) : key;
      group = { key: shown, count: 0, sums: accs.map(() => 0) };
      if (byTime) dateGroups.set((key as Date).getTime(), group);
      else groups.set(key, group);
      order.push(group);
    }
    group.count++;
    for (let j = 0; j < accs.length; j++) {
      const a = accs[j];
      if (!a.path) continue;
      const v = simpleValue(d, a.path);
      if (typeof v === "number") group.sums[j] += v;
      else if (v === NOT_SIMPLE || typeof v === "bigint" || (v !== null && typeof v === "object" && v._bsontype)) {
        plain = false;
        return;
      }
    }
  });
  if (!plain) return null;
  // mingo groups a number and the same number as a string apart, as MongoDB does; so does the Map (1 !== "1").
  if (counting) return { out: order.length > 0 ? [{ [countName]: order.length }] : [], used: 1 };
  const out = order.map(({ key, count, sums }) => {
    const row: Doc = { _id: key };
    // A constant is summed as mingo sums it: the documents' count times the constant.
    accs.forEach((a, j) => (row[a.name] = a.path ? sums[j] : count * a.constant));
    return row;
  });
  return { out, used: 0 };
}

/**
 * How many distinct values of `path` the matching `docs` hold, from an index led by the field (one without arrays and
 * holding every document): a value under one document in the whole index counts at once; one under several counts
 * for the first of them that matches. No set of values is built. Null when no such index exists or a value is not a
 * plain string (those are left to the general group).
 */
function distinctFromIndex(engine: Engine, coll: Collection, filter: Doc, path: string[]): number | null {
  const field = path.join(".");
  const ix = coll.indexes.find(
    (i) => i.usableForLookup && !i.sparse && i.multikeyDocs === 0 && i.leadingField === field,
  );
  if (!ix || splitText(filter).text) return null;
  const q = compileQuery(filter, mingoOptions());
  let n = 0;
  let plain = true;
  eachMatch(engine, coll, filter, (d) => {
    const v = plain ? simpleValue(d, path) : null;
    if (typeof v !== "string" || v.charCodeAt(0) <= 2 || v.includes("\u0000")) {
      plain = false;
      return;
    }
    const ids = ix.lookupLead(v);
    if (typeof ids === "string" || ids === undefined) {
      n++;
      return;
    }
    for (const id of idsIn(ids)) {
      const first = coll.docs.get(id);
      if (first && q.test(first)) {
        if (first === d) n++;
        break;
      }
    }
  });
  return plain ? n : null;
}

/** A `$group`'s accumulators when every one is `{$sum: <finite number>}` (a count), as [field, number]; else null. */
function constantSums(g: Doc): [string, number][] | null {
  const sums: [string, number][] = [];
  for (const k of Object.keys(g)) {
    if (k === "_id") continue;
    const acc = g[k];
    if (
      !isPlainObject(acc) ||
      Object.keys(acc).length !== 1 ||
      typeof acc.$sum !== "number" ||
      !Number.isFinite(acc.$sum)
    )
      return null;
    if (k.startsWith("$") || k.includes(".")) return null;
    sums.push([k, acc.$sum]);
  }
  return sums;
}

/**
 * `$group: {_id: "$field", n: {$sum: <number>}...}` with no filter, answered
 * from an index whose leading field is `field` (one entry per value, no
 * document read), or null when that does not apply.
 */
export function groupCountByField(engine: Engine, coll: Collection | undefined, filter: Doc, g: Doc): Doc[] | null {
  if (!coll || Object.keys(filter).length !== 0) return null;
  const id = g._id;
  if (typeof id !== "string" || !/^\$[^$.][^$]*$/.test(id) || id.includes(".")) return null;
  const sums = constantSums(g);
  if (!sums) return null;
  const fromIndex = groupCountsFromIndex(coll, id.slice(1));
  if (!fromIndex) return null;
  const { groups, scan } = fromIndex;
  engine.plan = {
    stage: "GROUP",
    inputStage: { stage: "DISTINCT_SCAN", indexName: scan.indexName, keyPattern: scan.keyPattern },
  };
  return groups.map(({ value, count }) => {
    const out: Doc = { _id: value };
    for (const [k, c] of sums) out[k] = count * c;
    return out;
  });
}
