/**
 * Shared mingo configuration: strict MongoDB mode, no script execution, no
 * cloning, and a context whose `$sort` stage uses our MongoDB-ordered
 * comparator (BSON type order, min/max element of arrays, stable ties).
 */
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
import { sortDocs } from "./values.ts";

function $sort(coll: any, sortKeys: any, _options: any) {
  return coll.transform((docs: any[]) => Lazy(sortDocs(docs, sortKeys)));
}

const CONTEXT = Context.init({
  accumulator: accumulatorOperators as any,
  expression: expressionOperators as any,
  pipeline: { ...(pipelineOperators as any), $sort },
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
