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
import { type Doc, MongoError, encodeKey, isPlainObject, notSupported, pathValues, sortDocs } from "./values.ts";

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
  /** Every stored document of the collection, in natural order (a collection scan, counted as one). */
  all(from: string): Doc[];
  /** Stored documents as one join's result may hold them: copies when a stage of the pipeline changes documents. */
  copies(docs: Doc[]): Doc[];
};

const isRegex = (v: unknown) => v instanceof RegExp || (v as { _bsontype?: string })?._bsontype === "BSONRegExp";

/** MongoDB's refusals of a field path: empty, ending with a dot, with an empty part, or a part starting with `$`. */
function checkFieldPath(name: string, path: unknown) {
  if (path === undefined) return;
  if (typeof path !== "string") throw new MongoError(9, "FailedToParse", `$lookup argument '${name}' must be a string`);
  if (path === "") throw new MongoError(40352, "Location40352", "FieldPath cannot be constructed with empty string");
  if (path.endsWith(".")) throw new MongoError(40353, "Location40353", "FieldPath must not end with a '.'.");
  const parts = path.split(".");
  if (parts.includes(""))
    throw new MongoError(15998, "Location15998", "FieldPath field names may not be empty strings.");
  if (parts.some((part) => part.startsWith("$")))
    throw new MongoError(16410, "Location16410", "FieldPath field names may not start with '$'.");
}

/** Whether a value holds a Decimal128 anywhere: its ordering is not supported, so it is never joined on. */
function holdsDecimal(v: unknown): boolean {
  if ((v as { _bsontype?: string })?._bsontype === "Decimal128") return true;
  if (Array.isArray(v)) return v.some(holdsDecimal);
  return isPlainObject(v) && Object.values(v).some(holdsDecimal);
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
  if (out.some(holdsDecimal)) throw notSupported("Decimal128 ordering");
  return out;
}

/**
 * The foreign documents by each value other than null that an equality on `path` matches them by (the value, an
 * array's elements): one pass over the collection, for a join on a field no index has. Null is left to the engine's
 * matcher (through arrays of documents it is not a value lookup).
 */
function byValue(docs: Doc[], path: string[]): Map<string, Doc[]> {
  const map = new Map<string, Doc[]>();
  const add = (v: unknown, d: Doc) => {
    if (v === null || v === undefined) return;
    if (holdsDecimal(v)) throw notSupported("Decimal128 ordering");
    const k = encodeKey(v);
    const list = map.get(k);
    if (!list) map.set(k, [d]);
    else if (list[list.length - 1] !== d) list.push(d);
  };
  for (const d of docs)
    for (const v of pathValues(d, path, false)) {
      add(v, d);
      if (Array.isArray(v)) for (const e of v) add(e, d);
    }
  return map;
}

/**
 * `$lookup` by `localField` and `foreignField`, with or without a `pipeline`, as MongoDB runs it: for each input
 * document, the foreign documents whose `foreignField` equals one of its values at `localField` (localValues), then
 * the pipeline run on those. Found through the foreign field's index, or by one pass over the foreign collection for
 * all the input documents when no index has it; null (nothing at `localField`) matches what `{foreignField: null}`
 * matches, found once per stage. mingo's own read the whole foreign collection for every aggregate and ran a pipeline
 * on all of it: it answers only the forms without equality fields; the equality forms this does not take are refused.
 */
function $lookup(coll: any, expr: any, options: any) {
  const find: LookupFind | undefined = options?.collectionResolver?.[LOOKUP_FIND];
  const { from, localField, foreignField, as, pipeline = [] } = expr ?? {};
  if (as === undefined) throw new MongoError(9, "FailedToParse", "must specify 'as' field for a $lookup");
  checkFieldPath("localField", localField);
  checkFieldPath("foreignField", foreignField);
  checkFieldPath("as", as);
  if (!Array.isArray(pipeline))
    throw new MongoError(9, "FailedToParse", "$lookup argument 'pipeline' must be an array");
  if ((localField === undefined) !== (foreignField === undefined))
    throw new MongoError(9, "FailedToParse", "$lookup requires both or neither of 'localField' and 'foreignField'");
  const byEquality = localField !== undefined;
  if (!byEquality && expr.pipeline === undefined)
    throw new MongoError(9, "FailedToParse", "$lookup requires either 'pipeline' or 'localField' and 'foreignField'");
  if (as.includes(".")) throw notSupported("$lookup into a dotted 'as' path");
  if (byEquality && expr.let !== undefined) throw notSupported("$lookup with both 'let' and localField/foreignField");
  if (!byEquality || !find) return (pipelineOperators as any).$lookup(coll, expr, options);
  if (typeof from !== "string") throw notSupported("$lookup by localField/foreignField from anything but a collection");
  if (pipeline.some((stage: Doc) => isPlainObject(stage) && "$documents" in stage))
    throw notSupported("$lookup with $documents and localField/foreignField");
  const sub = pipeline.length ? new Aggregator(pipeline, options) : null;
  const path = localField.split(".");
  let nulls: Doc[] | null = null;
  const matchNull = () => (nulls ??= find(from, { [foreignField]: { $eq: null } }));
  const join = (doc: Doc, matched: Doc[]) => {
    const own = find.copies(matched);
    return { ...doc, [as]: sub ? sub.run(own) : own };
  };
  if (!find.indexed(from, foreignField)) {
    let map: Map<string, Doc[]> | null = null;
    let order: Map<Doc, number> | null = null;
    return coll.map((doc: Doc) => {
      if (!map) {
        const all = find.all(from);
        map = byValue(all, foreignField.split("."));
        order = new Map(all.map((d, i) => [d, i]));
      }
      const found = new Set<Doc>();
      for (const v of localValues(doc, path))
        for (const d of v === null ? matchNull() : (map.get(encodeKey(v)) ?? [])) found.add(d);
      return join(
        doc,
        [...found].sort((x, y) => order!.get(x)! - order!.get(y)!),
      );
    });
  }
  return coll.map((doc: Doc) => {
    const all = localValues(doc, path);
    const values = all.filter((v) => v !== null);
    // One value is matched with $eq, as MongoDB does (a document with `$` keys is a value too); a regular expression
    // is a value to equal, never a pattern.
    const filter =
      values.length === 1
        ? { [foreignField]: { $eq: values[0] } }
        : values.some(isRegex)
          ? { $or: values.map((v) => ({ [foreignField]: { $eq: v } })) }
          : { [foreignField]: { $in: values } };
    const matched = values.length ? find(from, filter) : [];
    return join(doc, values.length === all.length ? matched : [...new Set([...matched, ...matchNull()])]);
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
