/**
 * The query planner: which documents of a collection a filter needs to look at, from the `_id` map or an index when
 * one fits, and the scan it made (what `explain` reports, query.ts). Every answer is a plan object, `{ docs, scan }`
 * or a count with its scan; null means no index fits (a collection scan). Callers still test each candidate.
 */
import type { Collection } from "./collection.ts";
import { type Index, KEY_SEP } from "./indexes.ts";
import { type Ids, firstId, idsCount, idsIn } from "./ids.ts";
import { NOT_SIMPLE, simpleValue } from "./sorted.ts";
import { type Doc, compareValues, encodeKey, isPlainObject, typeRank } from "./values.ts";

/** The index a plan reads, as `explain` names it. */
export interface ScanInfo {
  indexName: string;
  keyPattern: Doc;
  field: string;
  bounds: "equality" | "range" | "distinct" | "or";
  /** For an index union ($or): the scan of each branch. */
  branches?: ScanInfo[];
}

/** An equality lookup's plan: the id sets it selects, how many ids, and the index (null: `_id`). */
export type EqualityPick = { ids: Ids[]; size: number; ix: Index | null };

/** Candidates and the scan that found them. */
export type Candidates = { docs: Doc[]; scan: ScanInfo };

const ID_SCAN = (bounds: ScanInfo["bounds"]): ScanInfo => ({
  indexName: "_id_",
  keyPattern: { _id: 1 },
  field: "_id",
  bounds,
});

function indexScan(ix: Index, bounds: ScanInfo["bounds"], field = ix.leadingField): ScanInfo {
  return { indexName: ix.spec.name, keyPattern: ix.spec.key, field, bounds };
}

/** Candidates from the _id map or an index (equality/$in, a range, an `$or` of those), or null for a full scan. */
export function narrowCandidates(
  coll: Collection,
  filter: Doc | undefined | null,
  picked?: EqualityPick | null,
): Candidates | null {
  if (!filter) return null;
  const pick = picked === undefined ? equalityPick(coll, filter) : picked;
  const present = existsCandidates(coll, filter, pick ? pick.size : Infinity);
  if (present) return present;
  if (!pick) return rangeCandidates(coll, filter) ?? orCandidates(coll, filter);
  const scan = pick.ix ? indexScan(pick.ix, "equality") : ID_SCAN("equality");
  const docs: Doc[] = [];
  if (pick.ids.length === 1) {
    for (const id of idsIn(pick.ids[0])) {
      const d = coll.docs.get(id);
      if (d) docs.push(d);
    }
    return { docs, scan };
  }
  const ids = new Set<string>();
  for (const s of pick.ids) for (const id of idsIn(s)) ids.add(id);
  for (const id of ids) {
    const d = coll.docs.get(id);
    if (d) docs.push(d);
  }
  return { docs, scan };
}

/** The scan an equality pick makes, as `explain` names it. */
export function pickScan(pick: EqualityPick): ScanInfo {
  return pick.ix ? indexScan(pick.ix, "equality") : ID_SCAN("equality");
}

/**
 * The equality lookup narrowCandidates would make (`_id` values, or the best index's id sets: smallest total), and
 * how many candidates it selects, without fetching a document; null when the filter has no such condition.
 */
export function equalityPick(coll: Collection, filter: Doc): EqualityPick | null {
  const eq = equalityConditions(filter);
  if (eq.size === 0) return null;
  const idVals = eq.get("_id");
  if (idVals) {
    const ids = Array.from(new Set(idVals.map(encodeKey)));
    return { ids, size: ids.length, ix: null };
  }
  let best: EqualityPick | null = null;
  for (const ix of coll.indexes) {
    if (!ix.usableForLookup) continue;
    const vals = eq.get(ix.leadingField);
    if (!vals) continue;
    const sets: Ids[] = [];
    let size = 0;
    const seen = new Set<string>();
    // Equality on every field of a compound index: exact keys (each combination of the values), not the leading field.
    const keys = ix.fields.length > 1 ? fullKeys(ix, eq) : null;
    if (keys) ix.withFullKeys(coll.docs);
    for (const k of keys ?? vals.map(encodeKey)) {
      if (seen.has(k)) continue;
      seen.add(k);
      const s = keys ? ix.entries.get(k) : ix.lookupLead(k);
      if (s !== undefined) {
        sets.push(s);
        size += idsCount(s);
      }
    }
    if (!best || size < best.size) best = { ids: sets, size, ix };
  }
  return best;
}

/**
 * Candidates for `{field: {$exists: true}}` (top level or in a top-level `$and`) from a sparse single-field index on
 * the field, which holds exactly the documents that have it (null and empty arrays included): every id under its
 * keys, when they are fewer than `fewerThan`; else null.
 */
function existsCandidates(coll: Collection, filter: Doc, fewerThan: number): Candidates | null {
  for (const field of existsFields(filter)) {
    const ix = coll.indexes.find(
      (i) => i.sparse && i.fields.length === 1 && i.usableForLookup && i.leadingField === field && i.fullKeys,
    );
    if (!ix) continue;
    let size = 0;
    for (const ids of ix.entries.values()) {
      size += idsCount(ids);
      if (size >= fewerThan) break;
    }
    if (size >= fewerThan) continue;
    const seen = new Set<string>();
    const docs: Doc[] = [];
    for (const ids of ix.entries.values())
      for (const id of idsIn(ids)) {
        if (ix.multikeyDocs > 0 && seen.has(id)) continue;
        if (ix.multikeyDocs > 0) seen.add(id);
        const d = coll.docs.get(id);
        if (d) docs.push(d);
      }
    // In natural order, as a scan would return them.
    docs.sort((x, y) => coll.seqOf(x) - coll.seqOf(y));
    return { docs, scan: indexScan(ix, "range", field) };
  }
  return null;
}

/** Fields with `{$exists: true}` at the top level or in a top-level `$and`. */
function existsFields(filter: Doc, out: string[] = []): string[] {
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === "$and" && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) existsFields(sub, out);
    } else if (!key.startsWith("$") && isPlainObject(v) && v.$exists === true) out.push(key);
  }
  return out;
}

/** Candidates from a range on a field with a usable ordered view (binary search), or null. */
function rangeCandidates(coll: Collection, filter: Doc): Candidates | null {
  let best: Candidates | null = null;
  for (const [field, b] of rangeConditions(filter)) {
    const view = coll.orderedViewFor(field);
    if (!view) continue;
    const ids = view.range(b, coll.docs, coll.seqOf);
    if (best && ids.length >= best.docs.length) continue;
    const ix = field === "_id" ? null : coll.indexes.find((i) => i.view === view)!;
    best = {
      docs: ids.map((id) => coll.docs.get(id)!),
      scan: ix ? indexScan(ix, "range", field) : ID_SCAN("range"),
    };
  }
  return best;
}

/**
 * Candidates from an `$or` (top level or inside a top-level `$and`) whose every branch an index narrows: the union
 * of the branches' candidates, in natural order (so the answer is the scan's), or null when a branch would scan.
 */
function orCandidates(coll: Collection, filter: Doc): Candidates | null {
  const ors: unknown[][] = [];
  if (Array.isArray(filter.$or)) ors.push(filter.$or);
  if (Array.isArray(filter.$and))
    for (const sub of filter.$and) if (isPlainObject(sub) && Array.isArray(sub.$or)) ors.push(sub.$or);
  let best: Candidates | null = null;
  for (const branches of ors) {
    const union = new Set<Doc>();
    const scans: ScanInfo[] = [];
    let narrowed = branches.length > 0;
    for (const b of branches) {
      const c = isPlainObject(b) ? narrowCandidates(coll, b) : null;
      if (!c) {
        narrowed = false;
        break;
      }
      scans.push(c.scan);
      for (const d of c.docs) union.add(d);
    }
    if (!narrowed || (best && union.size >= best.docs.length)) continue;
    best = {
      docs: [...union].sort((x, y) => coll.seqOf(x) - coll.seqOf(y)),
      scan: {
        indexName: scans.map((x) => x.indexName).join(" | "),
        keyPattern: {},
        field: "",
        bounds: "or",
        branches: scans,
      },
    };
  }
  return best;
}

/**
 * Number of documents matching a filter that is one equality/$in on an indexed field (or equalities on exactly the
 * fields of a compound index), counted from the index without touching documents; null when the filter has another
 * shape.
 */
export function countFromIndex(coll: Collection, filter: Doc): { count: number; scan: ScanInfo } | null {
  const keys = Object.keys(filter);
  if (keys.length > 1 && !keys.some((k) => k.startsWith("$"))) return countFromCompound(coll, filter, keys);
  if (keys.length !== 1 || keys[0].startsWith("$") || !onlyEquality(filter[keys[0]])) return null;
  const eq = equalityConditions(filter);
  const vals = eq.get(keys[0]);
  if (!vals || vals.some((v) => isPlainObject(v))) return null;
  const field = keys[0];
  const encoded = Array.from(new Set(vals.map(encodeKey)));
  if (field === "_id") return { count: encoded.filter((k) => coll.docs.has(k)).length, scan: ID_SCAN("equality") };
  const ix = coll.indexes.find((i) => i.usableForLookup && i.leadingField === field);
  if (!ix) return null;
  const scan = indexScan(ix, "equality", field);
  if (encoded.length === 1 || ix.multikeyDocs === 0) {
    let count = 0;
    for (const k of encoded) count += idsCount(ix.lookupLead(k));
    return { count, scan };
  }
  const ids = new Set<string>();
  for (const k of encoded) for (const id of idsIn(ix.lookupLead(k))) ids.add(id);
  return { count: ids.size, scan };
}

/** A count of equality conditions on exactly the fields of a compound index, from its exact keys. */
function countFromCompound(coll: Collection, filter: Doc, keys: string[]): { count: number; scan: ScanInfo } | null {
  if (!keys.every((k) => onlyEquality(filter[k]))) return null;
  const eq = equalityConditions(filter);
  if (eq.size !== keys.length || [...eq.values()].some((vals) => vals.some((v) => isPlainObject(v)))) return null;
  for (const ix of coll.indexes) {
    if (!ix.usableForLookup || ix.fields.length !== keys.length || !ix.fields.every((f) => eq.has(f.name))) continue;
    const exact = fullKeys(ix, eq);
    if (!exact) continue;
    ix.withFullKeys(coll.docs);
    const scan = indexScan(ix, "equality");
    const unique = Array.from(new Set(exact));
    // One key: its set is the answer. Several: a document with an array in any field can be under more than one.
    if (unique.length === 1) return { count: idsCount(ix.entries.get(unique[0])), scan };
    const ids = new Set<string>();
    for (const k of unique) for (const id of idsIn(ix.entries.get(k))) ids.add(id);
    return { count: ids.size, scan };
  }
  return null;
}

/**
 * Documents per value of `field` (as `$group: {_id: "$field"}` groups them, missing = null), read from an index whose
 * leading field it is, or null when no such index can answer (none, sparse, partial, or multikey).
 */
export function groupCountsFromIndex(
  coll: Collection,
  field: string,
): { groups: { value: any; count: number }[]; scan: ScanInfo } | null {
  const ix = coll.indexes.find(
    (i) => i.usableForLookup && !i.sparse && i.leadingField === field && i.multikeyDocs === 0,
  );
  if (!ix) return null;
  const groups: { value: any; count: number }[] = [];
  for (const ids of (ix.lead ?? ix.entries).values()) {
    const v = simpleValue(coll.docs.get(firstId(ids))!, ix.fields[0].path);
    groups.push({ value: v === NOT_SIMPLE ? null : v, count: idsCount(ids) });
  }
  return { groups, scan: indexScan(ix, "distinct", field) };
}

/** Bounds of a range on one field. */
export interface RangeBounds {
  lo?: { value: any; inclusive: boolean };
  hi?: { value: any; inclusive: boolean };
}

/** Range bounds on one field from `{$gt/$gte/$lt/$lte}` (top level or inside a top-level $and). */
function rangeConditions(filter: Doc, out = new Map<string, RangeBounds>()): Map<string, RangeBounds> {
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === "$and" && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) rangeConditions(sub, out);
      continue;
    }
    if (key.startsWith("$") || !isPlainObject(v)) continue;
    const ops = Object.keys(v);
    if (!ops.some((o) => o === "$gt" || o === "$gte" || o === "$lt" || o === "$lte")) continue;
    const b: RangeBounds = out.get(key) ?? {};
    for (const o of ops) {
      const bound = v[o];
      if (!rangeable(bound)) continue;
      if (o === "$gt" || o === "$gte") {
        if (!b.lo || compareValues(bound, b.lo.value) > 0) b.lo = { value: bound, inclusive: o === "$gte" };
      } else if (o === "$lt" || o === "$lte") {
        if (!b.hi || compareValues(bound, b.hi.value) < 0) b.hi = { value: bound, inclusive: o === "$lte" };
      }
    }
    if (b.lo && b.hi && typeRank(b.lo.value) !== typeRank(b.hi.value)) continue;
    if (b.lo || b.hi) out.set(key, b);
  }
  return out;
}

/** Bounds usable on an ordered view: numbers, strings, dates, ObjectIds, booleans (not null, arrays, objects, regexes, MinKey/MaxKey, Decimal128). */
function rangeable(v: any): boolean {
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp || isPlainObject(v)) return false;
  if (typeof v === "number") return !Number.isNaN(v);
  if (typeof v === "object" && v._bsontype && !["ObjectId", "Int32", "Double", "Long"].includes(v._bsontype))
    return false;
  return true;
}

/** Indexable equality value: scalars and plain sub-documents (not null, arrays, regexes). */
function indexable(v: any): boolean {
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp) return false;
  if (typeof v === "object" && v._bsontype === "BSONRegExp") return false;
  if (isPlainObject(v)) return !Object.keys(v).some((k) => k.startsWith("$"));
  return true;
}

const indexableId = (v: any) => v === null || indexable(v);

/** A field's condition that is a value, `$eq` or `$in` alone: its count is the index's (no other operator to test). */
function onlyEquality(cond: any): boolean {
  if (!isPlainObject(cond)) return true;
  const ops = Object.keys(cond);
  return !ops.some((k) => k.startsWith("$")) || (ops.length === 1 && (ops[0] === "$eq" || ops[0] === "$in"));
}

/**
 * The index keys (field values joined as the index stores them) for equality on every field of a compound index,
 * or null when a field has none or the combinations would be too many (then the leading field is used).
 */
function fullKeys(ix: Index, eq: Map<string, any[]>): string[] | null {
  let keys = [""];
  for (const [i, f] of ix.fields.entries()) {
    const vals = eq.get(f.name);
    if (!vals || keys.length * vals.length > 256) return null;
    const encoded = Array.from(new Set(vals.map(encodeKey)));
    keys = keys.flatMap((k) => encoded.map((e) => (i === 0 ? e : k + KEY_SEP + e)));
  }
  return keys;
}

/** field -> values for top-level equality / $eq / $in conditions (also inside top-level $and). */
export function equalityConditions(filter: Doc, out = new Map<string, any[]>()): Map<string, any[]> {
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === "$and" && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) equalityConditions(sub, out);
      continue;
    }
    if (key.startsWith("$")) continue;
    // Every stored document has an `_id`: null equals only an `_id` that is null, which the `_id` map answers.
    const usable = key === "_id" ? indexableId : indexable;
    let vals: any[] | null = null;
    if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith("$"))) {
      if ("$eq" in v && usable(v.$eq)) vals = [v.$eq];
      else if (Array.isArray(v.$in) && v.$in.every(usable)) vals = v.$in;
    } else if (usable(v)) vals = [v];
    if (vals && !out.has(key)) out.set(key, vals);
  }
  return out;
}
