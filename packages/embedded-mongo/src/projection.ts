/**
 * Projection: the fields a find returns (inclusion of top-level names done directly, `$slice` on arrays, the rest by
 * mingo), and `$meta: "textScore"` filled in from the text search.
 */
import { Query } from "mingo/query";
import type { Collection } from "./collection.ts";
import type { Engine } from "./engine.ts";
import { NO_TEXT_SCORE, mapMingoError, splitMeta, splitText } from "./engine-shared.ts";
import { mingoOptions } from "./mingo-options.ts";
import { textScores } from "./query.ts";
import { prepareFilter } from "./query-operators.ts";
import { type Doc, MongoError, isPlainObject } from "./values.ts";
/**
 * The fields an inclusion projection of plain top-level names keeps (`{a: 1, b: true}`, with or without `_id: 0`), or
 * null for anything else (dotted paths, operators, exclusions, expressions), which mingo projects.
 */
function topLevelInclusion(projection: Doc): { keep: Set<string>; withId: boolean } | null {
  const keep = new Set<string>();
  let withId = true;
  for (const [key, value] of Object.entries(projection)) {
    if (key.includes(".") || key.startsWith("$")) return null;
    const on = value === 1 || value === true;
    const off = value === 0 || value === false;
    if (key === "_id") {
      if (!on && !off) return null;
      withId = on;
      continue;
    }
    if (!on) return null;
    keep.add(key);
  }
  return keep.size ? { keep, withId } : null;
}

export function project(engine: Engine, docs: Doc[], filter: Doc, projection: Doc | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const { slices, rest } = splitSlices(projection);
  if (slices.length) return projectWithSlices(engine, docs, filter, slices, rest);
  // The common case (an app selecting fields) without mingo: the kept fields in the document's own order, _id first,
  // as MongoDB returns them; values are shared with the stored document, which is never changed in place.
  const plain = topLevelInclusion(projection);
  if (plain) {
    return docs.map((doc) => {
      const out: Doc = {};
      if (plain.withId && "_id" in doc) out._id = doc._id;
      for (const key of Object.keys(doc)) if (plain.keep.has(key)) out[key] = doc[key];
      return out;
    });
  }
  try {
    return new Query(prepareFilter(filter), mingoOptions()).find(docs, projection).all() as Doc[];
  } catch (e) {
    mapMingoError(e);
  }
}

/** Applies a projection, including `{$meta: "textScore"}` fields. */
export function shape(
  engine: Engine,
  coll: Collection | undefined,
  docs: Doc[],
  filter: Doc,
  projection: Doc | undefined,
): Doc[] {
  const { meta, rest } = splitMeta(projection);
  const { rest: plainFilter } = splitText(filter);
  const out = project(engine, docs, plainFilter, rest);
  if (!meta.length) return out;
  const scores = textScores(engine, coll, filter);
  if (!scores) throw NO_TEXT_SCORE();
  return out.map((d, i) => {
    const copy: Doc = { ...d };
    for (const k of meta) copy[k] = scores.get(docs[i]) ?? 0;
    return copy;
  });
}

type Slice = { path: string[]; skip: number; limit: number | null };

/**
 * `{field: {$slice: n | [skip, limit]}}` taken out of a projection. In MongoDB a `$slice` neither includes nor
 * excludes: alone (or beside exclusions) every other field is returned; beside inclusions the field is kept too.
 */
function splitSlices(projection: Doc): { slices: Slice[]; rest: Doc } {
  const slices: Slice[] = [];
  const rest: Doc = {};
  for (const [key, value] of Object.entries(projection)) {
    if (!isPlainObject(value) || !("$slice" in value)) {
      rest[key] = value;
      continue;
    }
    const spec = value.$slice;
    const num = (v: any) => (typeof v === "bigint" ? Number(v) : v);
    if (Array.isArray(spec)) {
      const [skip, limit] = spec.map(num);
      if (spec.length !== 2 || !Number.isInteger(skip) || !Number.isInteger(limit))
        throw new MongoError(28724, "Location28724", "First argument to $slice must be an array");
      if (limit <= 0) throw new MongoError(28724, "Location28724", "$slice limit must be positive");
      slices.push({ path: key.split("."), skip, limit });
    } else if (Number.isInteger(num(spec))) slices.push({ path: key.split("."), skip: num(spec), limit: null });
    else throw new MongoError(2, "BadValue", "$slice only supports numbers and [skip, limit] arrays");
  }
  return { slices, rest };
}

function sliceArray(arr: any[], { skip, limit }: Slice): any[] {
  if (limit === null) return skip >= 0 ? arr.slice(0, skip) : arr.slice(Math.max(arr.length + skip, 0));
  const start = skip >= 0 ? Math.min(skip, arr.length) : Math.max(arr.length + skip, 0);
  return arr.slice(start, start + limit);
}

/** A copy of `doc` with the array at `path` sliced (documents along the path copied, never changed in place). */
function withSlice(doc: any, slice: Slice, i = 0): any {
  if (!isPlainObject(doc)) return doc;
  const key = slice.path[i];
  if (!(key in doc)) return doc;
  const value = doc[key];
  const next =
    i === slice.path.length - 1
      ? Array.isArray(value)
        ? sliceArray(value, slice)
        : value
      : withSlice(value, slice, i + 1);
  return next === value ? doc : { ...doc, [key]: next };
}

function projectWithSlices(engine: Engine, docs: Doc[], filter: Doc, slices: Slice[], rest: Doc): Doc[] {
  const inclusion = Object.entries(rest).some(
    ([k, v]) => k !== "_id" && (isPlainObject(v) || (v !== 0 && v !== false)),
  );
  const spec: Doc = { ...rest };
  if (inclusion) for (const s of slices) spec[s.path.join(".")] = 1;
  const base = Object.keys(spec).length ? project(engine, docs, filter, spec) : docs;
  return base.map((doc) => slices.reduce((d, s) => withSlice(d, s), doc));
}
