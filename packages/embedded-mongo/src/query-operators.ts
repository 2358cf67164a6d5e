/**
 * MongoDB's value-comparing query operators, replacing mingo's where mingo differs from MongoDB: equality and ranges
 * across numeric types (int, double, Int64 as bigint) and within BSON type brackets (BinData by length, subtype, then
 * bytes), `$in`/`$nin`, `$all` on a scalar field, `$type` by BSON type, the `$bits*` operators on integers and BinData,
 * and `$elemMatch` made only of operators or of DBRef fields (`$ref`, `$id`, `$db`). Registered in the shared mingo
 * context (mingo-options.ts), so `find`, `count`, `$match`, `$pull` conditions and partial indexes all use them.
 */
import { Long } from "bson";
import { Query } from "mingo/query";
import { type Doc, MongoError, compareValues, isPlainObject, typeRank } from "./values.ts";

type Predicate = (doc: any) => boolean;
type QueryOperator = (selector: string, value: any, options: any) => Predicate;

const MISSING = undefined;

function isDbRef(v: any): boolean {
  return v !== null && typeof v === "object" && v._bsontype === "DBRef";
}

/** A DBRef's field as a query names it: `$ref`, `$id`, `$db`, or one of its extra fields. */
function dbRefField(v: any, key: string): any {
  if (key === "$ref") return v.collection;
  if (key === "$id") return v.oid;
  if (key === "$db") return v.db;
  return v.fields?.[key];
}

/**
 * Every value a dotted path reaches in a document, as MongoDB matches them: arrays along the path are traversed
 * (their documents' fields, or an element by numeric index), a terminal array contributes itself and each of its
 * elements, and a path that ends nowhere contributes `undefined` (which `null` matches).
 */
export function candidates(doc: any, path: string[]): any[] {
  const out: any[] = [];
  const walk = (v: any, i: number) => {
    if (i === path.length) {
      out.push(v);
      if (Array.isArray(v)) for (const e of v) out.push(e);
      return;
    }
    const key = path[i];
    if (Array.isArray(v)) {
      if (/^\d+$/.test(key)) {
        const idx = Number(key);
        if (idx < v.length) walk(v[idx], i + 1);
      }
      for (const e of v) if (isPlainObject(e) || isDbRef(e)) walk(e, i);
      return;
    }
    if (isDbRef(v)) return walk(dbRefField(v, key), i + 1);
    if (isPlainObject(v)) return walk(Object.prototype.hasOwnProperty.call(v, key) ? v[key] : MISSING, i + 1);
    out.push(MISSING);
  };
  walk(doc, 0);
  return out;
}

const sameBracket = (a: any, b: any) => typeRank(a) === typeRank(b);
const isNullish = (v: any) => v === null || v === undefined;

/** MongoDB equality of a stored value and a query value (numbers of any type by value; documents field by field). */
export function valuesEqual(a: any, b: any): boolean {
  if (a === undefined) return false;
  return sameBracket(a, b) && compareValues(a, b) === 0;
}

function isRegex(v: any): v is RegExp | { pattern: string; options: string } {
  return v instanceof RegExp || (v !== null && typeof v === "object" && v._bsontype === "BSONRegExp");
}

function regexTest(re: any, v: any): boolean {
  if (typeof v !== "string") return false;
  const r = re instanceof RegExp ? re : new RegExp(re.pattern, re.options.replace(/[^imsu]/g, ""));
  r.lastIndex = 0;
  return r.test(v);
}

const eqMatch = (values: any[], v: any) =>
  isNullish(v) ? values.some(isNullish) : values.some((c) => valuesEqual(c, v));

function field(selector: string, test: (values: any[]) => boolean): Predicate {
  const path = selector.split(".");
  return (doc) => test(candidates(doc, path));
}

const $eq: QueryOperator = (selector, value) => field(selector, (vs) => eqMatch(vs, value));
const $ne: QueryOperator = (selector, value) => field(selector, (vs) => !eqMatch(vs, value));

function range(test: (c: number) => boolean, orEqualNull: boolean): QueryOperator {
  return (selector, value) =>
    field(selector, (vs) => {
      if (isNullish(value)) return orEqualNull && vs.some(isNullish);
      return vs.some((c) => c !== undefined && sameBracket(c, value) && test(compareValues(c, value)));
    });
}

function inList(name: string, list: any): any[] {
  if (!Array.isArray(list)) throw new MongoError(2, "BadValue", `${name} needs an array`);
  for (const v of list) {
    if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith("$")))
      throw new MongoError(2, "BadValue", `cannot nest $ under ${name}`);
  }
  return list;
}

function inMatch(values: any[], list: any[]): boolean {
  return list.some((v) => (isRegex(v) ? values.some((c) => regexTest(v, c)) : eqMatch(values, v)));
}

const $in: QueryOperator = (selector, value) => {
  const list = inList("$in", value);
  return field(selector, (vs) => inMatch(vs, list));
};
const $nin: QueryOperator = (selector, value) => {
  const list = inList("$nin", value);
  return field(selector, (vs) => !inMatch(vs, list));
};

const $all: QueryOperator = (selector, value, options) => {
  if (!Array.isArray(value)) throw new MongoError(2, "BadValue", "$all needs an array");
  if (value.length === 0) return () => false;
  const tests = value.map((v): ((values: any[]) => boolean) => {
    if (isPlainObject(v) && "$elemMatch" in v) {
      const match = elemMatcher(v.$elemMatch, options);
      return (vs) => vs.some((c) => Array.isArray(c) && c.some(match));
    }
    if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith("$")))
      throw new MongoError(2, "BadValue", "no $ expressions in $all");
    if (isRegex(v)) return (vs) => vs.some((c) => regexTest(v, c));
    return (vs) => eqMatch(vs, v);
  });
  return field(selector, (vs) => tests.every((t) => t(vs)));
};

const TYPE_ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
const TYPE_CODES = new Set(Object.values(TYPE_ALIASES));

/**
 * The BSON type code of a stored value. The wire hands int32 and double both over as JS numbers and they are sent
 * back as the serializer types them: an integer in int32 range as int, anything else as double. `$type` answers the
 * same way, so it agrees with what a client reads back.
 */
export function bsonTypeCode(v: any): number | undefined {
  switch (typeof v) {
    case "number":
      return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 16 : 1;
    case "bigint":
      return 18;
    case "string":
      return 2;
    case "boolean":
      return 8;
    case "undefined":
      return undefined;
  }
  if (v === null) return 10;
  if (Array.isArray(v)) return 4;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  switch (v._bsontype) {
    case "ObjectId":
      return 7;
    case "Binary":
      return 5;
    case "Timestamp":
      return 17;
    case "Long":
      return 18;
    case "Int32":
      return 16;
    case "Double":
      return 1;
    case "Decimal128":
      return 19;
    case "MinKey":
      return -1;
    case "MaxKey":
      return 127;
    case "BSONRegExp":
      return 11;
    case "BSONSymbol":
      return 14;
    case "Code":
      return v.scope ? 15 : 13;
    case "DBPointer":
      return 12;
  }
  return 3;
}

function typeCode(t: any): number | "number" {
  if (t === "number") return "number";
  if (typeof t === "string") {
    if (!(t in TYPE_ALIASES)) throw new MongoError(2, "BadValue", `Unknown type name alias: ${t}`);
    return TYPE_ALIASES[t];
  }
  const n = typeof t === "bigint" ? Number(t) : typeof t === "number" ? t : NaN;
  if (!Number.isInteger(n) || !TYPE_CODES.has(n))
    throw new MongoError(2, "BadValue", `Invalid numerical type code: ${String(t)}`);
  return n;
}

const NUMERIC = new Set([1, 16, 18, 19]);

const $type: QueryOperator = (selector, value) => {
  const wanted = (Array.isArray(value) ? value : [value]).map(typeCode);
  if (wanted.length === 0) throw new MongoError(9, "FailedToParse", "$type must match at least one type");
  const path = selector.split(".");
  return (doc) => {
    const vs = candidates(doc, path);
    return vs.some((c) => {
      const code = bsonTypeCode(c);
      if (code === undefined) return false;
      return wanted.some((w) => (w === "number" ? NUMERIC.has(code) : w === code));
    });
  };
};

/** A `$bits*` operand as a set of bit positions (a bitmask number, an array of positions, or BinData). */
function bitPositions(name: string, mask: any): number[] {
  if (Array.isArray(mask)) {
    return mask.map((p) => {
      const n = Number(p);
      if (!Number.isInteger(n) || n < 0)
        throw new MongoError(2, "BadValue", `bit positions must be >= 0 but got: ${String(p)}`);
      return n;
    });
  }
  if (mask !== null && typeof mask === "object" && mask._bsontype === "Binary") {
    const bytes: Uint8Array = mask.buffer.subarray(0, mask.position);
    const out: number[] = [];
    bytes.forEach((b, i) => {
      for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) out.push(i * 8 + bit);
    });
    return out;
  }
  const n = typeof mask === "bigint" ? mask : typeof mask === "number" && Number.isInteger(mask) ? BigInt(mask) : null;
  if (n === null)
    throw new MongoError(2, "BadValue", `${name} takes an Array, a number, or a BinData but received: ${String(mask)}`);
  if (n < 0n) throw new MongoError(2, "BadValue", `${name} bitmask must be a non-negative integer`);
  const out: number[] = [];
  for (let i = 0; i < 64; i++) if ((n >> BigInt(i)) & 1n) out.push(i);
  return out;
}

/** Bit `p` of a stored value, or null when the value is not an integer or BinData (no match). */
function bitReader(v: any): ((p: number) => boolean) | null {
  if (v !== null && typeof v === "object" && v._bsontype === "Binary") {
    const bytes: Uint8Array = v.buffer.subarray(0, v.position);
    return (p) => p < bytes.length * 8 && (bytes[p >> 3] & (1 << (p & 7))) !== 0;
  }
  let n: bigint | null = null;
  if (typeof v === "bigint") n = v;
  else if (typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= 2 ** 63) n = BigInt(v);
  if (n === null) return null;
  const twos = BigInt.asUintN(64, n);
  return (p) => (p >= 64 ? n! < 0n : ((twos >> BigInt(p)) & 1n) === 1n);
}

function bits(name: string, test: (bit: (p: number) => boolean, positions: number[]) => boolean): QueryOperator {
  return (selector, value) => {
    const positions = bitPositions(name, value);
    return field(selector, (vs) =>
      vs.some((c) => {
        const bit = c === undefined || Array.isArray(c) ? null : bitReader(c);
        return bit !== null && test(bit, positions);
      }),
    );
  };
}

const $bitsAllSet = bits("$bitsAllSet", (bit, ps) => ps.every(bit));
const $bitsAnySet = bits("$bitsAnySet", (bit, ps) => ps.some(bit));
const $bitsAllClear = bits("$bitsAllClear", (bit, ps) => ps.every((p) => !bit(p)));
const $bitsAnyClear = bits("$bitsAnyClear", (bit, ps) => ps.some((p) => !bit(p)));

const DBREF_KEYS: Record<string, string> = { $ref: "\u0001ref", $id: "\u0001id", $db: "\u0001db" };
const LOGICAL = new Set(["$and", "$or", "$nor", "$expr", "$where", "$text", "$comment"]);

/** A DBRef as a plain document whose `$ref`/`$id`/`$db` fields a translated query can name. */
function dbRefDoc(v: any): Doc {
  const out: Doc = { [DBREF_KEYS.$ref]: v.collection, [DBREF_KEYS.$id]: v.oid };
  if (v.db !== undefined) out[DBREF_KEYS.$db] = v.db;
  return Object.assign(out, v.fields ?? {});
}

/** `$elemMatch`'s test of one array element: a query on a document element, or operators on any element. */
export function elemMatcher(criteria: any, options: any): (element: any) => boolean {
  if (!isPlainObject(criteria)) throw new MongoError(2, "BadValue", "$elemMatch needs an Object");
  const keys = Object.keys(criteria);
  const operatorsOnly =
    keys.length > 0 && keys.every((k) => k.startsWith("$") && !(k in DBREF_KEYS) && !LOGICAL.has(k));
  if (operatorsOnly) {
    const q = new Query({ v: criteria }, options);
    return (e) => q.test({ v: e });
  }
  const dbRef = keys.some((k) => k in DBREF_KEYS);
  const translated: Doc = {};
  for (const k of keys) translated[DBREF_KEYS[k] ?? k] = criteria[k];
  const q = new Query(translated, options);
  return (e) => (isDbRef(e) ? dbRef && q.test(dbRefDoc(e)) : isPlainObject(e) && q.test(e));
}

const $elemMatch: QueryOperator = (selector, value, options) => {
  const match = elemMatcher(value, options);
  const path = selector.split(".");
  return (doc) => {
    // Only arrays at the end of the path, never their elements.
    const vs = candidates(doc, path);
    return vs.some((c) => Array.isArray(c) && c.some(match));
  };
};

export const QUERY_OPERATORS: Record<string, QueryOperator> = {
  $eq,
  $ne,
  $gt: range((c) => c > 0, false),
  $gte: range((c) => c >= 0, true),
  $lt: range((c) => c < 0, false),
  $lte: range((c) => c <= 0, true),
  $in,
  $nin,
  $all,
  $type,
  $bitsAllSet,
  $bitsAnySet,
  $bitsAllClear,
  $bitsAnyClear,
  $elemMatch,
};

/**
 * A filter as mingo can compile it: Int64 values (decoded as bigint) become bson Longs, which the operators above
 * compare by value; mingo's own code cannot handle a bigint anywhere in a filter.
 */
export function prepareFilter<T>(v: T): T {
  if (typeof v === "bigint") return Long.fromBigInt(v) as any;
  if (Array.isArray(v)) return (v.some(needsPrepare) ? v.map(prepareFilter) : v) as any;
  if (isPlainObject(v)) {
    if (!needsPrepare(v)) return v;
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = prepareFilter((v as Doc)[k]);
    return out as T;
  }
  return v;
}

function needsPrepare(v: any): boolean {
  if (typeof v === "bigint") return true;
  if (Array.isArray(v)) return v.some(needsPrepare);
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) if (needsPrepare(v[k])) return true;
  }
  return false;
}

/** `{field: {$elemMatch: …}}` in a find projection: the first element that matches, or no field. */
function $elemMatchProjection(obj: any, expr: any, selector: string, options: any): any {
  const arr = selector.split(".").reduce((v: any, k) => (isPlainObject(v) ? v[k] : undefined), obj);
  if (!Array.isArray(arr)) return undefined;
  const match = elemMatcher(expr, options);
  const i = arr.findIndex(match);
  return i < 0 ? undefined : [arr[i]];
}

export const PROJECTION_OPERATORS = { $elemMatch: $elemMatchProjection };
