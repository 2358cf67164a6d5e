/**
 * Shared mingo configuration: strict MongoDB mode, no script execution, no
 * cloning, and a context whose `$sort` stage uses our MongoDB-ordered
 * comparator (BSON type order, min/max element of arrays, stable ties).
 */
import { Aggregator } from "mingo/aggregator";
import { Context, ProcessingMode } from "mingo/core";
import { Lazy } from "mingo/lazy";
import * as accumulatorOperators from "mingo/operators/accumulator";
import * as expressionOperators from "mingo/operators/expression";
import * as pipelineOperators from "mingo/operators/pipeline";
import * as projectionOperators from "mingo/operators/projection";
import * as queryOperators from "mingo/operators/query";
import * as windowOperators from "mingo/operators/window";
import type { Options } from "mingo/types";
import { PROJECTION_OPERATORS, QUERY_OPERATORS } from "./query-operators.ts";
import { type Doc, MongoError, encodeKey, notSupported, pathValues, sortDocs } from "./values.ts";

function $sort(coll: any, sortKeys: any, _options: any) {
  return coll.transform((docs: any[]) => Lazy(sortDocs(docs, sortKeys)));
}

/**
 * Set by the aggregate command on its collection resolver: the documents of a collection that match a filter, found
 * through the engine's indexes, and whether an index (or the `_id` map) answers equality on a field (commands-read.ts).
 */
export const LOOKUP_FIND = Symbol("lookup find");
export type LookupFind = ((from: string, filter: Doc) => Doc[]) & {
  indexed(from: string, field: string): boolean;
  /** Every document of the collection, in natural order (a collection scan, counted as one). */
  all(from: string): Doc[];
};

const isRegex = (v: unknown) => v instanceof RegExp || (v as { _bsontype?: string })?._bsontype === "BSONRegExp";

/** MongoDB's refusal of a field path that is empty or starts with `$`. */
function checkFieldPath(path: unknown) {
  if (typeof path !== "string") return;
  if (path === "") throw new MongoError(40352, "Location40352", "FieldPath cannot be constructed with empty string");
  if (path.startsWith("$"))
    throw new MongoError(16410, "Location16410", "FieldPath field names may not start with '$'.");
}

/**
 * The values MongoDB joins a document on: those at `path`, an array at the end of it by each of its elements (an
 * element that is itself an array stays one value); none at all (a missing field, an empty array) is null.
 */
function localValues(doc: Doc, path: string[]): unknown[] {
  const out: unknown[] = [];
  for (const v of pathValues(doc, path, false)) {
    if (Array.isArray(v)) out.push(...v);
    else out.push(v);
  }
  if (!out.length) out.push(null);
  return out;
}

/**
 * The foreign documents by each value an equality on `path` matches them by (the value, an array's elements, null for
 * none): one pass over the collection, for a join on a field no index has. Each list keeps the natural order.
 */
function byValue(docs: Doc[], path: string[]): Map<string, Doc[]> {
  const map = new Map<string, Doc[]>();
  const add = (v: unknown, d: Doc) => {
    const k = encodeKey(v);
    const list = map.get(k);
    if (!list) map.set(k, [d]);
    else if (list[list.length - 1] !== d) list.push(d);
  };
  for (const d of docs) {
    const leaves = pathValues(d, path, false);
    if (!leaves.length) add(null, d);
    for (const v of leaves) {
      add(v, d);
      if (Array.isArray(v)) for (const e of v) add(e, d);
    }
  }
  return map;
}

/**
 * `$lookup` by `localField` and `foreignField`, with or without a `pipeline`, as MongoDB runs it: for each input
 * document, the foreign documents whose `foreignField` equals one of its values at `localField` (localValues), found
 * through the foreign collection's indexes, then the pipeline run on those. mingo's own reads the whole foreign
 * collection for every aggregate, and with a pipeline runs it on all of it: it still answers a join without a pipeline
 * on a field no index has (one pass over the foreign collection instead of one per input document) and the forms with
 * no equality fields; the forms whose answer would differ from MongoDB's are refused.
 */
function $lookup(coll: any, expr: any, options: any) {
  const find: LookupFind | undefined = options?.collectionResolver?.[LOOKUP_FIND];
  const { from, localField, foreignField, as, pipeline = [] } = expr ?? {};
  for (const path of [localField, foreignField, as]) checkFieldPath(path);
  const byEquality = typeof localField === "string" && typeof foreignField === "string";
  if (typeof as === "string" && as.includes(".")) throw notSupported("$lookup into a dotted 'as' path");
  if (byEquality && expr.let !== undefined) throw notSupported("$lookup with both 'let' and localField/foreignField");
  const native =
    find &&
    byEquality &&
    typeof from === "string" &&
    typeof as === "string" &&
    Array.isArray(pipeline) &&
    !pipeline.some((stage: Doc) => stage && "$documents" in stage);
  if (!native) return (pipelineOperators as any).$lookup(coll, expr, options);
  const sub = pipeline.length ? new Aggregator(pipeline, options) : null;
  const path = localField.split(".");
  const join = (doc: Doc, matched: Doc[]) => ({ ...doc, [as]: sub ? sub.run(matched) : matched });
  if (!find.indexed(from, foreignField)) {
    // No index answers the foreign field: one pass over the foreign collection, then each document's matches.
    let map: Map<string, Doc[]> | null = null;
    let order: Map<Doc, number> | null = null;
    return coll.map((doc: Doc) => {
      if (!map) {
        const all = find.all(from);
        map = byValue(all, foreignField.split("."));
        order = new Map(all.map((d, i) => [d, i]));
      }
      const found = new Set<Doc>();
      for (const v of localValues(doc, path)) for (const d of map.get(encodeKey(v)) ?? []) found.add(d);
      return join(
        doc,
        [...found].sort((x, y) => order!.get(x)! - order!.get(y)!),
      );
    });
  }
  return coll.map((doc: Doc) => {
    const values = localValues(doc, path);
    // One value is matched with $eq, as MongoDB does (a document with `$` keys is a value too); a regular expression
    // is a value to equal, never a pattern.
    const filter =
      values.length === 1
        ? { [foreignField]: { $eq: values[0] } }
        : values.some(isRegex)
          ? { $or: values.map((v) => ({ [foreignField]: { $eq: v } })) }
          : { [foreignField]: { $in: values } };
    return join(doc, find(from, filter));
  });
}

const CONTEXT = Context.init({
  accumulator: accumulatorOperators as any,
  expression: expressionOperators as any,
  pipeline: { ...(pipelineOperators as any), $sort, $lookup },
  projection: { ...(projectionOperators as any), ...PROJECTION_OPERATORS },
  query: { ...(queryOperators as any), ...QUERY_OPERATORS },
  window: windowOperators as any,
});

export function mingoOptions(extra: Partial<Options> = {}): Partial<Options> {
  return {
    useStrictMode: true,
    scriptEnabled: false,
    processingMode: ProcessingMode.CLONE_OFF,
    context: CONTEXT,
    ...extra,
  };
}
