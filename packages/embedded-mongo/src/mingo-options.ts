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
import { type Doc, pathValues, sortDocs } from "./values.ts";

function $sort(coll: any, sortKeys: any, _options: any) {
  return coll.transform((docs: any[]) => Lazy(sortDocs(docs, sortKeys)));
}

/**
 * Set by the aggregate command on its collection resolver: the documents of a collection that match a filter, found
 * through the engine's indexes (commands-read.ts).
 */
export const LOOKUP_FIND = Symbol("lookup find");
export type LookupFind = (from: string, filter: Doc) => Doc[];

const isRegex = (v: unknown) => v instanceof RegExp || (v as { _bsontype?: string })?._bsontype === "BSONRegExp";

/**
 * `$lookup` by `localField` and `foreignField`, with or without a `pipeline`, as MongoDB runs it: for each input
 * document, the foreign documents whose `foreignField` equals one of the values at `localField` (each element of an
 * array; none, or a missing field, is null), found through the foreign collection's indexes, then the pipeline run on
 * those. mingo's own reads the whole foreign collection for every aggregate, and with a pipeline runs it on all of it;
 * it still answers the forms this does not take (`let`, a dotted `as`, no equality fields).
 */
function $lookup(coll: any, expr: any, options: any) {
  const find: LookupFind | undefined = options?.collectionResolver?.[LOOKUP_FIND];
  const { from, localField, foreignField, as, pipeline = [] } = expr ?? {};
  const native =
    find &&
    typeof from === "string" &&
    typeof localField === "string" &&
    typeof foreignField === "string" &&
    typeof as === "string" &&
    !as.includes(".") &&
    expr.let === undefined &&
    Array.isArray(pipeline);
  if (!native) return (pipelineOperators as any).$lookup(coll, expr, options);
  const sub = pipeline.length ? new Aggregator(pipeline, options) : null;
  const path = localField.split(".");
  return coll.map((doc: Doc) => {
    const values = pathValues(doc, path, true).filter((v) => !(Array.isArray(v) && v.length === 0));
    if (!values.length) values.push(null);
    // A regular expression is a value to equal here, not a pattern to match.
    const filter = values.some(isRegex)
      ? { $or: values.map((v) => ({ [foreignField]: { $eq: v } })) }
      : { [foreignField]: { $in: values } };
    const matched = find(from, filter);
    return { ...doc, [as]: sub ? sub.run(matched) : matched };
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
