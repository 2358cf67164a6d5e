/**
 * A native test for the filters most reads use (equalities, `$in`/`$nin`, `$ne`, `$exists`, `$size`, ranges on
 * numbers, dates and strings, under `$and`/`$or`), answered without mingo when a document's values are plain (no array
 * on the way to the field, no BSON wrapper type; an array of plain scalars at the field is answered by its elements, as
 * MongoDB does): each condition says "matches", "does not" or "not sure", and the caller asks mingo only when
 * not sure. A filter with any other operator gets no native test. compileQuery (engine-shared.ts) puts it in front
 * of mingo's, so every plan's document tests go through it; its answers are checked against mingo's in
 * fast-match.test.ts.
 */
import { type Doc, compareStrings, isPlainObject } from "./values.ts";

/** true: matches; false: does not; undefined: not sure (ask mingo). */
export type FastTest = (doc: Doc) => boolean | undefined;

const MISSING = Symbol("missing");
const UNSURE = Symbol("unsure");

/** The value at a path, MISSING, or UNSURE when an array or a non-plain object stands on the way. */
function resolve(doc: Doc, path: string[]): any {
  let v: any = doc;
  for (let i = 0; i < path.length; i++) {
    if (Array.isArray(v)) return UNSURE;
    if (v === null || typeof v !== "object" || !isPlainObject(v)) return MISSING;
    if (!Object.prototype.hasOwnProperty.call(v, path[i])) return MISSING;
    v = v[path[i]];
    if (v === undefined) return MISSING;
  }
  return v;
}

/** A document value the native comparisons understand: no array, no BSON wrapper (Double, Long, ObjectId, …). */
function plain(v: any): boolean {
  if (v === MISSING || v === null) return true;
  if (Array.isArray(v)) return false;
  if (v instanceof Date) return !Number.isNaN(v.getTime());
  if (typeof v === "object") return isPlainObject(v);
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean";
}

/** A query value compared natively: a string, a finite number, a boolean, a valid date, or null. */
function scalar(q: any): boolean {
  if (q === null || typeof q === "string" || typeof q === "boolean") return true;
  if (typeof q === "number") return Number.isFinite(q);
  return q instanceof Date && !Number.isNaN(q.getTime());
}

/** MongoDB equality of a plain document value and a scalar query value (null matches a missing field). */
function equals(v: any, q: any): boolean {
  if (q === null) return v === null || v === MISSING;
  if (q instanceof Date) return v instanceof Date && v.getTime() === q.getTime();
  return v === q;
}

type Cond = (doc: Doc) => boolean | undefined;

/**
 * Whether any element of an array at the field satisfies a scalar condition (MongoDB's rule for an array there), or
 * not sure when an element is anything but a plain scalar (an array, a sub-document, a BSON wrapper).
 */
function anyElement(elements: any[], test: (e: any) => boolean | undefined): boolean | undefined {
  let sure = true;
  for (const e of elements) {
    if (!plain(e) || (e !== null && typeof e === "object" && !(e instanceof Date))) {
      sure = false;
      continue;
    }
    const r = test(e);
    if (r === true) return true;
    if (r === undefined) sure = false;
  }
  return sure ? false : undefined;
}

function equalityCond(path: string[], values: any[], negate: boolean): Cond {
  const matches = (v: any) => values.some((q) => equals(v, q));
  return (doc) => {
    const v = resolve(doc, path);
    if (v === UNSURE) return undefined;
    if (Array.isArray(v)) {
      // `$ne`/`$nin` hold when no element equals.
      const any = anyElement(v, matches);
      return any === undefined ? undefined : any !== negate;
    }
    if (!plain(v)) return undefined;
    return matches(v) !== negate;
  };
}

function rangeCond(path: string[], op: string, q: number | string | Date): Cond {
  const kind = typeof q === "object" ? "date" : typeof q;
  const bound = q instanceof Date ? q.getTime() : q;
  const holds = (c: number) => (op === "$gt" ? c > 0 : op === "$gte" ? c >= 0 : op === "$lt" ? c < 0 : c <= 0);
  // Ranges compare within one type (a number bound never matches a string, nor a missing field).
  const compare = (v: any): boolean | undefined => {
    if (kind === "number") {
      if (typeof v !== "number") return false;
      const b = bound as number;
      return Number.isNaN(v) ? undefined : holds(v < b ? -1 : v > b ? 1 : 0);
    }
    if (kind === "string") return typeof v === "string" ? holds(compareStrings(v, bound as string)) : false;
    if (!(v instanceof Date)) return false;
    const t = v.getTime();
    return holds(t < (bound as number) ? -1 : t > (bound as number) ? 1 : 0);
  };
  return (doc) => {
    const v = resolve(doc, path);
    if (v === UNSURE) return undefined;
    if (Array.isArray(v)) return anyElement(v, compare);
    return plain(v) ? compare(v) : undefined;
  };
}

function sizeCond(path: string[], n: number): Cond {
  return (doc) => {
    const v = resolve(doc, path);
    if (v === UNSURE) return undefined;
    return Array.isArray(v) && v.length === n;
  };
}

function existsCond(path: string[], want: boolean): Cond {
  return (doc) => {
    const v = resolve(doc, path);
    if (v === UNSURE) return undefined;
    return (v !== MISSING) === want;
  };
}

/** The conditions on one field (`{$op: value, …}` or a scalar), or null when one is not understood. */
function fieldConds(field: string, spec: any): Cond[] | null {
  if (field === "" || field.startsWith("$") || field.split(".").some((p) => p === "" || /^\d+$/.test(p))) return null;
  const path = field.split(".");
  if (!isPlainObject(spec) || spec instanceof Date) {
    return scalar(spec) ? [equalityCond(path, [spec], false)] : null;
  }
  const ops = Object.keys(spec);
  if (ops.length === 0 || !ops.every((o) => o.startsWith("$"))) return null;
  const conds: Cond[] = [];
  for (const op of ops) {
    const q = spec[op];
    switch (op) {
      case "$eq":
      case "$ne":
        if (!scalar(q)) return null;
        conds.push(equalityCond(path, [q], op === "$ne"));
        break;
      case "$in":
      case "$nin":
        if (!Array.isArray(q) || !q.every(scalar)) return null;
        conds.push(equalityCond(path, q, op === "$nin"));
        break;
      case "$exists":
        if (typeof q !== "boolean") return null;
        conds.push(existsCond(path, q));
        break;
      case "$size":
        if (typeof q !== "number" || !Number.isInteger(q) || q < 0) return null;
        conds.push(sizeCond(path, q));
        break;
      case "$gt":
      case "$gte":
      case "$lt":
      case "$lte":
        if (q === null || typeof q === "boolean" || !scalar(q)) return null;
        conds.push(rangeCond(path, op, q));
        break;
      default:
        return null;
    }
  }
  return conds;
}

function all(conds: Cond[]): Cond {
  if (conds.length === 1) return conds[0];
  return (doc) => {
    let sure = true;
    for (const c of conds) {
      const r = c(doc);
      if (r === false) return false;
      if (r === undefined) sure = false;
    }
    return sure ? true : undefined;
  };
}

function any(conds: Cond[]): Cond {
  return (doc) => {
    let sure = true;
    for (const c of conds) {
      const r = c(doc);
      if (r === true) return true;
      if (r === undefined) sure = false;
    }
    return sure ? false : undefined;
  };
}

function filterCond(filter: Doc): Cond | null {
  const conds: Cond[] = [];
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === "$and" || key === "$or") {
      if (!Array.isArray(v) || v.length === 0) return null;
      const subs: Cond[] = [];
      for (const sub of v) {
        const c = isPlainObject(sub) ? filterCond(sub) : null;
        if (!c) return null;
        subs.push(c);
      }
      conds.push(key === "$and" ? all(subs) : any(subs));
      continue;
    }
    const fc = fieldConds(key, v);
    if (!fc) return null;
    conds.push(...fc);
  }
  return conds.length === 0 ? () => true : all(conds);
}

/** The native test of a filter, or null when the filter uses anything it does not understand. */
export function fastTest(filter: Doc): FastTest | null {
  return isPlainObject(filter) ? filterCond(filter) : null;
}
