/**
 * MongoDB's update operators ($set, $unset, $inc, $mul, $min, $max, $rename, $currentDate, $setOnInsert, $push,
 * $addToSet, $pop, $pull, $pullAll, $bit) with positional paths (`$`, `$[]`, `$[id]` and arrayFilters), applied as
 * MongoDB applies them:
 * - paths are checked for conflicts as written (one a prefix of another, across every operator, $setOnInsert
 *   included): `a` with `a.b` conflicts, `children.$.name` with `children.$.updatedAt` does not;
 * - positional elements are resolved against the document *before* anything changes, then every change is applied
 *   to concrete paths in lexicographic order of their field names (numeric names in numeric order);
 * - type errors are errors (a $push onto a number, an $inc of a string, a field created inside an array of
 *   documents), never silent no-ops; `__proto__` and `$`-prefixed names are ordinary fields.
 * The caller hands in a private copy of the document; it is changed in place.
 */
import { Double, Timestamp } from "bson";
import { Query } from "mingo/query";
import { mingoOptions } from "./mingo-options.ts";
import { bsonTypeCode, elemMatcher, prepareFilter, valuesEqual } from "./query-operators.ts";
import {
  badValue,
  child,
  compileArrayFilters,
  expand,
  failedToParse,
  hasOwn,
  isIndex,
  isPositional,
} from "./positional.ts";
import {
  type Doc,
  MongoError,
  compareValues,
  deepClone,
  isPlainObject,
  makeSorter,
  renderValue,
  setOwn,
} from "./values.ts";

const OPERATORS = new Set([
  "$set",
  "$unset",
  "$inc",
  "$mul",
  "$min",
  "$max",
  "$rename",
  "$currentDate",
  "$setOnInsert",
  "$push",
  "$addToSet",
  "$pop",
  "$pull",
  "$pullAll",
  "$bit",
]);

const TYPE_NAMES: Record<number, string> = {
  1: "double",
  2: "string",
  3: "object",
  4: "array",
  5: "binData",
  7: "objectId",
  8: "bool",
  9: "date",
  10: "null",
  11: "regex",
  13: "javascript",
  14: "symbol",
  16: "int",
  17: "timestamp",
  18: "long",
  19: "decimal",
  [-1]: "minKey",
  127: "maxKey",
};
const typeName = (v: any) => TYPE_NAMES[bsonTypeCode(v) ?? 10] ?? "object";

type Entry = { op: string; path: string; parts: string[]; arg: any };
type Concrete = { op: string; parts: string[]; arg: any; to?: string[] };

function parsePath(path: string): string[] {
  if (path === "") badValue("An empty update path is not valid.");
  const parts = path.split(".");
  if (parts.some((p) => p === ""))
    throw new MongoError(
      56,
      "EmptyFieldName",
      `The update path '${path}' contains an empty field name, which is not allowed.`,
    );
  return parts;
}

/** Every operator's entries, checked for unknown operators, bad arguments and conflicting paths. */
function entriesOf(u: Doc): Entry[] {
  const entries: Entry[] = [];
  for (const op of Object.keys(u)) {
    if (!OPERATORS.has(op))
      failedToParse(
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    const fields = u[op];
    if (!isPlainObject(fields))
      failedToParse(
        `Modifiers operate on fields but we found type ${typeName(fields)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${renderValue(fields)}}`,
      );
    for (const path of Object.keys(fields)) {
      const parts = parsePath(path);
      // Since MongoDB 5.0 a `$`-prefixed field name is an ordinary field for the update operators, at any level.
      if (isPositional(parts[0]))
        badValue(`Cannot have positional (i.e. '$') element in the first position in path '${path}'`);
      entries.push({ op, path, parts, arg: fields[path] });
      if (op === "$rename") {
        const to = fields[path];
        if (typeof to !== "string")
          badValue(`The 'to' field for $rename must be a string: ${path}: ${renderValue(to)}`);
        if (to === path) badValue(`The source and target field for $rename must differ: ${path}: ${renderValue(to)}`);
        const toParts = parsePath(to);
        if ([...parts, ...toParts].some(isPositional))
          badValue(`The source field for $rename may not be dynamic: ${path}`);
        entries.push({ op: "$rename:to", path: to, parts: toParts, arg: path });
      }
    }
  }
  // Conflicts: one path equal to or a prefix of another, compared as written.
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1].parts;
    for (let j = i; j < sorted.length; j++) {
      const cur = sorted[j].parts;
      if (cur.length < prev.length || prev.some((p, k) => p !== cur[k])) break;
      throw new MongoError(
        40,
        "ConflictingUpdateOperators",
        `Updating the path '${sorted[j].path}' would create a conflict at '${prev.join(".")}'`,
      );
    }
  }
  return entries;
}

function comparePaths(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    if (isIndex(a[i]) && isIndex(b[i])) return Number(a[i]) - Number(b[i]);
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

function describeElement(key: string, value: any) {
  return `{${key}: ${renderValue(value)}}`;
}

/** The container holding the last field of `parts`, created on the way when `create`; null when it cannot exist. */
function containerOf(doc: Doc, parts: string[], create: boolean): any {
  let cur: any = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const c = parts[i];
    if (Array.isArray(cur) && !isIndex(c)) {
      if (create)
        throw new MongoError(
          28,
          "PathNotViable",
          `Cannot create field '${c}' in element ${describeElement(parts[i - 1], cur)}`,
        );
      return null;
    }
    let next = child(cur, c);
    if (next === undefined) {
      if (!create) return null;
      next = {};
      put(cur, c, next);
    } else if (next === null || typeof next !== "object" || next instanceof Date || next._bsontype) {
      if (create)
        throw new MongoError(
          28,
          "PathNotViable",
          `Cannot create field '${parts[i + 1]}' in element ${describeElement(c, next)}`,
        );
      return null;
    }
    cur = next;
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(cur) && !isIndex(last)) {
    if (create)
      throw new MongoError(
        28,
        "PathNotViable",
        `Cannot create field '${last}' in element ${describeElement(parts[parts.length - 2], cur)}`,
      );
    return null;
  }
  return cur;
}

function put(container: any, key: string, value: any) {
  if (Array.isArray(container)) {
    const idx = Number(key);
    while (container.length < idx) container.push(null);
    container[idx] = value;
  } else setOwn(container, key, value);
}

function remove(container: any, key: string) {
  if (Array.isArray(container)) {
    if (Number(key) < container.length) container[Number(key)] = null;
  } else delete container[key];
}

const isNumeric = (v: any) =>
  typeof v === "number" ||
  typeof v === "bigint" ||
  (v !== null &&
    typeof v === "object" &&
    (v._bsontype === "Long" || v._bsontype === "Int32" || v._bsontype === "Double"));
const plainNumber = (v: any): number | bigint =>
  typeof v === "number" || typeof v === "bigint"
    ? v
    : v._bsontype === "Long"
      ? BigInt(v.toString())
      : Number(v.valueOf());
const isInt32 = (v: number) => Number.isInteger(v) && v >= -2147483648 && v <= 2147483647;

/** int + int → int (long when it overflows), anything with a long → long, anything with a double → double. */
function arith(a: any, b: any, op: "+" | "*"): number | bigint | Double {
  const x = plainNumber(a);
  const y = plainNumber(b);
  if (a?._bsontype === "Double" || b?._bsontype === "Double") {
    // Anything with a double is a double; an integral one is kept as a Double so that it stays one (see decodeBson).
    const r = op === "+" ? Number(x) + Number(y) : Number(x) * Number(y);
    return isInt32(r) ? new Double(r) : r;
  }
  const calc = (p: any, q: any): any => (op === "+" ? p + q : p * q);
  if (typeof x === "number" && typeof y === "number") {
    const r = calc(x, y);
    return isInt32(x) && isInt32(y) && Number.isInteger(r) && !isInt32(r) && Number.isSafeInteger(r) ? BigInt(r) : r;
  }
  if ((typeof x === "number" && !Number.isInteger(x)) || (typeof y === "number" && !Number.isInteger(y)))
    return calc(Number(x), Number(y));
  return BigInt.asIntN(64, calc(BigInt(x), BigInt(y)));
}

/** Whether a path passes through an array ($rename refuses array elements on either side). */
function throughArray(doc: Doc, parts: string[]): boolean {
  let v: any = doc;
  for (const p of parts.slice(0, -1)) {
    v = child(v, p);
    if (Array.isArray(v)) return true;
    if (v === undefined) return false;
  }
  return false;
}

function docId(doc: Doc) {
  return `{_id: ${renderValue(doc._id)}}`;
}

function pullMatcher(cond: any): (e: any) => boolean {
  if (isPlainObject(cond) && Object.keys(cond).length > 0) {
    const keys = Object.keys(cond);
    const operatorsOnly = keys.every(
      (k) => k.startsWith("$") && !["$and", "$or", "$nor", "$ref", "$id", "$db"].includes(k),
    );
    if (operatorsOnly) return elemMatcher(cond, mingoOptions());
    const query = new Query(prepareFilter(cond), mingoOptions());
    return (e) => isPlainObject(e) && query.test(e);
  }
  return (e) => valuesEqual(e, cond) || (cond === null && e === null);
}

function apply(doc: Doc, c: Concrete, original: Doc) {
  const { op, parts, arg } = c;
  const key = parts[parts.length - 1];
  const fieldName = parts.join(".");
  const creating = !["$unset", "$pop", "$pull", "$pullAll", "$rename"].includes(op);
  const container = containerOf(doc, parts, creating);
  if (container === null) return;
  const exists = Array.isArray(container) ? Number(key) < container.length : hasOwn(container, key);
  const cur = exists ? (Array.isArray(container) ? container[Number(key)] : container[key]) : undefined;
  switch (op) {
    case "$set":
    case "$setOnInsert":
      return put(container, key, deepClone(arg));
    case "$unset":
      if (exists) remove(container, key);
      return;
    case "$inc":
    case "$mul": {
      const name = op === "$inc" ? "increment" : "multiply";
      if (!isNumeric(arg))
        throw new MongoError(
          14,
          "TypeMismatch",
          `Cannot ${name} with non-numeric argument: {${fieldName}: ${renderValue(arg)}}`,
        );
      if (!exists)
        return put(container, key, op === "$inc" ? plainNumber(arg) : typeof plainNumber(arg) === "bigint" ? 0n : 0);
      if (!isNumeric(cur))
        throw new MongoError(
          14,
          "TypeMismatch",
          `Cannot apply ${op} to a value of non-numeric type. ${docId(original)} has the field '${key}' of non-numeric type ${typeName(cur)}`,
        );
      return put(container, key, arith(cur, arg, op === "$inc" ? "+" : "*"));
    }
    case "$min":
    case "$max": {
      const c = exists ? compareValues(arg, cur) : 0;
      if (!exists || (op === "$min" ? c < 0 : c > 0)) put(container, key, deepClone(arg));
      return;
    }
    case "$currentDate": {
      const type = arg === true ? "date" : isPlainObject(arg) && Object.keys(arg).length === 1 ? arg.$type : undefined;
      if (type !== "date" && type !== "timestamp")
        badValue(
          `${fieldName} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
        );
      const now = Date.now();
      return put(container, key, type === "date" ? new Date(now) : new Timestamp({ t: Math.floor(now / 1000), i: 1 }));
    }
    case "$rename": {
      if (!exists) return;
      if (throughArray(doc, parts)) {
        badValue(
          `The source field cannot be an array element, '${fieldName}' in doc with _id: ${renderValue(original._id)} has an array field called '${parts[0]}'`,
        );
      }
      remove(container, key);
      const to = c.to!;
      const target = containerOf(doc, to, true);
      if (throughArray(doc, to))
        badValue(
          `The destination field cannot be an array element, '${to.join(".")}' in doc with _id: ${renderValue(original._id)} has an array field called '${to[0]}'`,
        );
      return put(target, to[to.length - 1], cur);
    }
    case "$push":
    case "$addToSet": {
      if (exists && !Array.isArray(cur)) {
        if (op === "$push")
          badValue(
            `The field '${fieldName}' must be an array but is of type ${typeName(cur)} in document ${docId(original)}`,
          );
        badValue(`Cannot apply $addToSet to non-array field. Field named '${key}' has non-array type ${typeName(cur)}`);
      }
      const arr: any[] = exists ? cur : [];
      const each = isPlainObject(arg) && "$each" in arg;
      if (each) {
        for (const k of Object.keys(arg)) {
          if (!(op === "$push" ? ["$each", "$slice", "$sort", "$position"] : ["$each"]).includes(k))
            badValue(`Unrecognized clause in ${op}: ${k}`);
        }
        if (!Array.isArray(arg.$each))
          badValue(`The argument to $each in ${op} must be an array but it was of type: ${typeName(arg.$each)}`);
      }
      const values: any[] = each ? arg.$each.map(deepClone) : [deepClone(arg)];
      if (op === "$addToSet") {
        for (const v of values) if (!arr.some((e) => valuesEqual(e, v) || (e === null && v === null))) arr.push(v);
        return put(container, key, arr);
      }
      let pos = arr.length;
      if (each && arg.$position !== undefined) {
        const p = Number(plainNumber(arg.$position));
        if (!Number.isInteger(p))
          badValue(`The value for $position must be an integer value, not of type: ${typeName(arg.$position)}`);
        pos = p < 0 ? Math.max(arr.length + p, 0) : Math.min(p, arr.length);
      }
      arr.splice(pos, 0, ...values);
      if (each && arg.$sort !== undefined) {
        const s = arg.$sort;
        if (s === 1 || s === -1) arr.sort((x, y) => compareValues(x, y) * s);
        else if (isPlainObject(s)) {
          const sorter = makeSorter(s);
          if (sorter) arr.sort((x, y) => sorter(isPlainObject(x) ? x : {}, isPlainObject(y) ? y : {}));
        } else
          badValue("The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields");
      }
      if (each && arg.$slice !== undefined) {
        const n = Number(plainNumber(arg.$slice));
        if (!Number.isInteger(n))
          badValue(`The value for $slice must be an integer value but was given type: ${typeName(arg.$slice)}`);
        const kept = n >= 0 ? arr.slice(0, n) : arr.slice(Math.max(arr.length + n, 0));
        arr.length = 0;
        arr.push(...kept);
      }
      return put(container, key, arr);
    }
    case "$pop": {
      if (arg !== 1 && arg !== -1 && arg !== 1n && arg !== -1n)
        failedToParse(`Expected a number in: ${fieldName}: ${renderValue(arg)}`);
      if (!exists) return;
      if (!Array.isArray(cur))
        throw new MongoError(
          14,
          "TypeMismatch",
          `Path '${fieldName}' contains an element of non-array type '${typeName(cur)}'`,
        );
      if (cur.length) {
        if (Number(arg) === 1) cur.pop();
        else cur.shift();
      }
      return;
    }
    case "$pull":
    case "$pullAll": {
      if (op === "$pullAll" && !Array.isArray(arg))
        badValue(`$pullAll requires an array argument but was given a ${typeName(arg)}`);
      if (!exists) return;
      if (!Array.isArray(cur)) badValue(`Cannot apply ${op} to a non-array value`);
      const test =
        op === "$pull"
          ? pullMatcher(arg)
          : (e: any) => (arg as any[]).some((v) => valuesEqual(e, v) || (e === null && v === null));
      return put(
        container,
        key,
        cur.filter((e: any) => !test(e)),
      );
    }
    case "$bit": {
      if (!isPlainObject(arg) || Object.keys(arg).length === 0)
        badValue(
          `The $bit modifier is not compatible with a ${typeName(arg)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`,
        );
      let value: number | bigint = exists ? cur : 0;
      if (exists && !(typeof cur === "bigint" || (typeof cur === "number" && isInt32(cur))))
        badValue(
          `Cannot apply $bit to a value of non-integral type.${docId(original)} has the field ${key} of non-integer type ${typeName(cur)}`,
        );
      for (const [bop, operand] of Object.entries(arg)) {
        if (!["and", "or", "xor"].includes(bop))
          badValue(
            `The $bit modifier only supports 'and', 'or', and 'xor', not '${bop}' which is an unknown operator: {${bop}: ${renderValue(operand)}}`,
          );
        if (!(typeof operand === "bigint" || (typeof operand === "number" && isInt32(operand))))
          badValue(
            `The $bit modifier field must be an Integer(32/64 bit); a '${typeName(operand)}' is not supported here: {${bop}: ${renderValue(operand)}}`,
          );
        if (typeof value === "bigint" || typeof operand === "bigint") {
          const a = BigInt(value);
          const b = BigInt(operand as any);
          value = BigInt.asIntN(64, bop === "and" ? a & b : bop === "or" ? a | b : a ^ b);
        } else {
          const b = operand as number;
          value = bop === "and" ? value & b : bop === "or" ? value | b : value ^ b;
        }
      }
      return put(container, key, value);
    }
  }
}

/** Applies an operator update to `doc` (a private copy), as MongoDB would. */
export function applyOperators(doc: Doc, u: Doc, filter: Doc, arrayFilters: Doc[] | undefined, isInsert: boolean): Doc {
  const entries = entriesOf(u);
  const filters = compileArrayFilters(arrayFilters);
  const original = doc;
  const concrete: Concrete[] = [];
  const targets = new Map<string, string[]>();
  for (const e of entries) if (e.op === "$rename:to") targets.set(e.arg, e.parts);
  for (const e of entries) {
    if (e.op === "$rename:to") continue;
    if (e.op === "$setOnInsert" && !isInsert) continue;
    const paths = e.parts.some(isPositional) ? expand(doc, e.parts, filter, filters, isInsert) : [e.parts];
    for (const parts of paths)
      concrete.push({ op: e.op, parts, arg: e.arg, to: e.op === "$rename" ? targets.get(e.path) : undefined });
  }
  for (const [id, f] of filters) {
    if (!f.used) failedToParse(`The array filter for identifier '${id}' was not used in the update ${renderValue(u)}`);
  }
  concrete.sort((a, b) => comparePaths(a.parts, b.parts));
  for (const c of concrete) apply(doc, c, original);
  return doc;
}
