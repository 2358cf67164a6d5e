/**
 * Positional update paths (`$`, `$[]`, `$[<id>]` with arrayFilters): each resolved against the document as it was
 * before the update, into the concrete paths the update operators (update-operators.ts) then change.
 */
import { Query } from "mingo/query";
import { mingoOptions } from "./mingo-options.ts";
import { prepareFilter } from "./query-operators.ts";
import { type Doc, MongoError, isPlainObject, renderValue } from "./values.ts";

/** An array filter, and whether a path used its identifier (an unused one is an error). */
export type ArrayFilter = { query: Query; used: boolean };

export const isPositional = (c: string) => c === "$" || (c.startsWith("$[") && c.endsWith("]"));
export const isIndex = (c: string) => /^\d+$/.test(c);
export const hasOwn = (o: any, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function failedToParse(msg: string): never {
  throw new MongoError(9, "FailedToParse", msg);
}
export function badValue(msg: string): never {
  throw new MongoError(2, "BadValue", msg);
}

/** arrayFilters by identifier, each compiled against `{<identifier>: element}`. */
export function compileArrayFilters(arrayFilters: Doc[] | undefined): Map<string, ArrayFilter> {
  const out = new Map<string, ArrayFilter>();
  for (const f of arrayFilters ?? []) {
    if (!isPlainObject(f)) failedToParse("Error parsing array filter: the filter must be an object");
    const ids = new Set(Object.keys(f).map((k) => k.split(".")[0]));
    if (ids.size === 0) failedToParse("Cannot use an expression without a top-level field name in arrayFilters");
    if (ids.size > 1)
      failedToParse(
        `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${[...ids][0]}' and '${[...ids][1]}'`,
      );
    const id = [...ids][0];
    if (!/^[a-z][a-zA-Z0-9]*$/.test(id))
      badValue(
        `Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${id}'`,
      );
    if (out.has(id)) failedToParse(`Found multiple array filters with the same top-level field name ${id}`);
    let query: Query;
    try {
      query = new Query(prepareFilter(f), mingoOptions());
    } catch (e: any) {
      if (e instanceof MongoError) throw e;
      badValue(String(e?.message ?? e));
    }
    out.set(id, { query, used: false });
  }
  return out;
}

/** The first index of the array at `prefix` that the update's filter matched (the `$` positional element). */
function positionalIndex(filter: Doc, prefix: string[], arr: any[]): number {
  const field = prefix.join(".");
  const flat: Doc = {};
  const collect = (q: Doc) => {
    for (const [k, v] of Object.entries(q)) {
      if (k === "$and" && Array.isArray(v)) v.forEach((c) => isPlainObject(c) && collect(c));
      else if (k === field || k.startsWith(field + ".")) flat[k] = v;
    }
  };
  collect(filter);
  if (Object.keys(flat).length === 0) badValue("The positional operator did not find the match needed from the query.");
  const query = new Query(prepareFilter(flat), mingoOptions());
  for (let i = 0; i < arr.length; i++) {
    const probe: Doc = {};
    let cur = probe;
    prefix.forEach((p, j) => {
      if (j === prefix.length - 1) cur[p] = [arr[i]];
      else cur = cur[p] = {};
    });
    if (query.test(probe)) return i;
  }
  return badValue("The positional operator did not find the match needed from the query.");
}

export function child(v: any, key: string): any {
  if (Array.isArray(v)) return isIndex(key) ? v[Number(key)] : undefined;
  if (isPlainObject(v)) return hasOwn(v, key) ? v[key] : undefined;
  return undefined;
}

/** Concrete paths for a path with positional elements, resolved against the unchanged document. */
export function expand(
  doc: Doc,
  parts: string[],
  filter: Doc,
  filters: Map<string, ArrayFilter>,
  isInsert: boolean,
): string[][] {
  const out: string[][] = [];
  let dollarSeen = false;
  const walk = (v: any, i: number, done: string[]) => {
    if (i === parts.length) return void out.push(done);
    const c = parts[i];
    if (!isPositional(c)) return walk(child(v, c), i + 1, [...done, c]);
    const where = done.join(".");
    if (c === "$") {
      if (dollarSeen) badValue(`Too many positional (i.e. '$') elements found in path '${parts.join(".")}'`);
      dollarSeen = true;
      if (isInsert || !Array.isArray(v))
        badValue("The positional operator did not find the match needed from the query.");
      const idx = positionalIndex(filter, done, v);
      return walk(v[idx], i + 1, [...done, String(idx)]);
    }
    const id = c.slice(2, -1);
    let filterFor: ArrayFilter | undefined;
    if (id !== "") {
      filterFor = filters.get(id);
      if (!filterFor) badValue(`No array filter found for identifier '${id}' in path '${parts.join(".")}'`);
      filterFor.used = true;
    }
    if (v === undefined) badValue(`The path '${where}' must exist in the document in order to apply array updates.`);
    if (!Array.isArray(v)) badValue(`Cannot apply array updates to non-array element ${where}: ${renderValue(v)}`);
    v.forEach((e, idx) => {
      if (!filterFor || filterFor.query.test({ [id]: e })) walk(e, i + 1, [...done, String(idx)]);
    });
  };
  walk(doc, 0, []);
  return out;
}
