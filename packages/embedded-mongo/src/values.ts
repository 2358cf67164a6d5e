/**
 * Value helpers for the embedded MongoDB-compatible server: BSON-aware
 * comparison (MongoDB sort order), canonical index keys, deep cloning and
 * dotted-path resolution. No dependencies besides `bson`.
 */
import { deserialize } from "bson";

export type Doc = Record<string, any>;

/** An error carrying a MongoDB error code/codeName; turned into `{ok:0,...}` replies. */
export class MongoError extends Error {
  code: number;
  codeName: string;
  extra?: Doc;
  constructor(code: number, codeName: string, message: string, extra?: Doc) {
    super(message);
    this.code = code;
    this.codeName = codeName;
    this.extra = extra;
  }
}

/** What the engine does not implement: MongoDB's code for an unsupported command or option, naming the feature. */
export const notSupported = (feature: string) =>
  new MongoError(115, "CommandNotSupported", `${feature} is not supported by the embedded MongoDB server`);

function bsonType(v: any): string | undefined {
  return v !== null && typeof v === "object" ? v._bsontype : undefined;
}

/** MongoDB canonical type order rank (lower sorts first). */
export function typeRank(v: any): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case "number":
    case "bigint":
      return 3;
    case "string":
      return 4;
    case "boolean":
      return 9;
  }
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  if (Array.isArray(v)) return 6;
  switch (bsonType(v)) {
    case "MinKey":
      return 1;
    case "MaxKey":
      return 13;
    case "Int32":
    case "Double":
    case "Long":
    case "Decimal128":
      return 3;
    case "BSONSymbol":
      return 4;
    case "Binary":
      return 7;
    case "ObjectId":
      return 8;
    case "Timestamp":
      return 11;
    case "BSONRegExp":
      return 12;
    case "Code":
      return 14;
  }
  return 5; // plain object / DBRef
}

function toNum(v: any): number | bigint {
  if (typeof v === "number" || typeof v === "bigint") return v;
  const t = bsonType(v);
  if (t === "Long") return BigInt(v.toString());
  if (t === "Decimal128") {
    throw notSupported("Decimal128 ordering");
  }
  return Number(v.valueOf());
}

function cmpPrim(a: any, b: any): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * MongoDB compares strings by UTF-8 bytes, i.e. by code point. UTF-16 code
 * units order the same way unless a surrogate is involved at the first
 * difference; only then fall back to comparing the UTF-8 encodings.
 */
export function compareStrings(x: string, y: string): number {
  if (x === y) return 0;
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(i);
    if (a === b) continue;
    if ((a >= 0xd800 && a <= 0xdfff) || (b >= 0xd800 && b <= 0xdfff)) {
      return Buffer.compare(Buffer.from(x, "utf8"), Buffer.from(y, "utf8"));
    }
    return a < b ? -1 : 1;
  }
  return x.length < y.length ? -1 : x.length > y.length ? 1 : 0;
}

/** Total order over BSON values following MongoDB's comparison/sort order. */
export function compareValues(a: any, b: any): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3: {
      const x = toNum(a);
      const y = toNum(b);
      if (typeof x === "number" && Number.isNaN(x)) return typeof y === "number" && Number.isNaN(y) ? 0 : -1;
      if (typeof y === "number" && Number.isNaN(y)) return 1;
      return cmpPrim(x, y);
    }
    case 4: {
      const x = typeof a === "string" ? a : String(a.value ?? a);
      const y = typeof b === "string" ? b : String(b.value ?? b);
      return compareStrings(x, y);
    }
    case 5: {
      const ka = Object.keys(a);
      const kb = Object.keys(b);
      const n = Math.min(ka.length, kb.length);
      for (let i = 0; i < n; i++) {
        const va = a[ka[i]];
        const vb = b[kb[i]];
        const tr = typeRank(va) - typeRank(vb);
        if (tr !== 0) return tr < 0 ? -1 : 1;
        const kc = cmpPrim(ka[i], kb[i]);
        if (kc !== 0) return kc;
        const c = compareValues(va, vb);
        if (c !== 0) return c;
      }
      return cmpPrim(ka.length, kb.length);
    }
    case 6: {
      const n = Math.min(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(a[i], b[i]);
        if (c !== 0) return c;
      }
      return cmpPrim(a.length, b.length);
    }
    case 7: {
      const ba: Uint8Array = a.buffer;
      const bb: Uint8Array = b.buffer;
      if (a.position !== b.position) return cmpPrim(a.position, b.position);
      if (a.sub_type !== b.sub_type) return cmpPrim(a.sub_type, b.sub_type);
      return Buffer.compare(
        Buffer.from(ba.buffer, ba.byteOffset, a.position),
        Buffer.from(bb.buffer, bb.byteOffset, b.position),
      );
    }
    case 8:
      return cmpPrim(a.toHexString(), b.toHexString());
    case 9:
      return cmpPrim(a ? 1 : 0, b ? 1 : 0);
    case 10:
      return cmpPrim(a.getTime(), b.getTime());
    case 11: {
      const c = cmpPrim(a.high >>> 0, b.high >>> 0);
      return c !== 0 ? c : cmpPrim(a.low >>> 0, b.low >>> 0);
    }
    case 12: {
      const sa = a instanceof RegExp ? a.source : a.pattern;
      const sb = b instanceof RegExp ? b.source : b.pattern;
      const c = cmpPrim(sa, sb);
      if (c !== 0) return c;
      return cmpPrim(a instanceof RegExp ? a.flags : a.options, b instanceof RegExp ? b.flags : b.options);
    }
  }
  return cmpPrim(String(a), String(b));
}

/**
 * Canonical string for equality semantics (used as index keys and as the key of each stored document). Numbers of
 * different BSON types with the same value map to the same key, as in MongoDB. The encoding never contains a raw NUL
 * character (used as a tuple separator).
 *
 * A string is its own key (unless it holds a NUL or starts with \u0001 or \u0002, then it is escaped behind \u0002);
 * every other value is encoded behind \u0001. Most keys are strings (ids, references, phone numbers, enum values),
 * and a key that is the document's own string costs no copy, and its hash is computed once: at 100k documents a
 * prefixed copy per document and index was a large share of the indexes' memory and of the time spent loading them.
 */
export function encodeKey(v: any): string {
  if (typeof v === "string") return plainString(v) ? v : "\u0002" + JSON.stringify(v);
  if (v !== null && typeof v === "object" && v._bsontype === "BSONSymbol") return encodeKey(String(v.value));
  return "\u0001" + encodeValue(v);
}

function plainString(s: string): boolean {
  const first = s.charCodeAt(0);
  return first !== 1 && first !== 2 && !s.includes("\u0000");
}

/** The type-tagged encoding (strings quoted), also for the parts of arrays and documents. */
function encodeValue(v: any): string {
  if (v === undefined || v === null) return "N";
  switch (typeof v) {
    case "number":
      if (Number.isNaN(v)) return "nNaN";
      if (Number.isSafeInteger(v)) return "n" + v;
      if (Number.isInteger(v)) return "n" + BigInt(v).toString();
      return "n" + String(v);
    case "bigint":
      return "n" + v.toString();
    case "string":
      return "s" + JSON.stringify(v);
    case "boolean":
      return v ? "b1" : "b0";
  }
  if (v instanceof Date) return "d" + v.getTime();
  if (v instanceof RegExp) return "r" + JSON.stringify(v.source + "/" + v.flags);
  if (Array.isArray(v)) return "[" + v.map(encodeValue).join(",") + "]";
  switch (bsonType(v)) {
    case "ObjectId":
      return "o" + v.toHexString();
    case "Int32":
    case "Double":
      return encodeValue(v.valueOf());
    case "Long":
      return "n" + v.toString();
    case "Decimal128":
      return "D" + JSON.stringify(v.toString());
    case "Binary":
      return "x" + v.sub_type + ":" + Buffer.from(v.buffer.buffer, v.buffer.byteOffset, v.position).toString("base64");
    case "Timestamp":
      return "t" + v.toString();
    case "MinKey":
      return "m";
    case "MaxKey":
      return "M";
    case "BSONRegExp":
      return "r" + JSON.stringify(v.pattern + "/" + v.options);
    case "BSONSymbol":
      return "s" + JSON.stringify(String(v.value));
    case "Code":
      return "c" + JSON.stringify(String(v.code));
  }
  let out = "{";
  let first = true;
  for (const k of Object.keys(v)) {
    if (!first) out += ",";
    first = false;
    out += JSON.stringify(k) + ":" + encodeValue(v[k]);
  }
  return out + "}";
}

/**
 * Deep clone of a stored document. BSON value objects (ObjectId, Binary,
 * Long, ...) are immutable in practice and shared; Dates, arrays and plain
 * objects are copied.
 */
export function deepClone<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(deepClone) as any;
  if (v instanceof Date) return new Date(v.getTime()) as any;
  if ((v as any)._bsontype || v instanceof RegExp) return v;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) setOwn(out, k, deepClone((v as any)[k]));
  return out as T;
}

/** `obj[key] = value`, where a key named `__proto__` is an ordinary field (as in BSON), not the prototype. */
export function setOwn(obj: Doc, key: string, value: any) {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

export function isPlainObject(v: any): v is Doc {
  if (v === null || typeof v !== "object" || Array.isArray(v) || v instanceof Date || v instanceof RegExp) return false;
  if (v._bsontype) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * All values reachable through a dotted path, expanding arrays along the way
 * (MongoDB multikey semantics). When `expandLeaf` the elements of a terminal
 * array are returned instead of the array itself. Missing => [].
 */
export function pathValues(doc: any, path: string[], expandLeaf = true): any[] {
  const out: any[] = [];
  collectPath(doc, path, 0, expandLeaf, out);
  return out;
}

// A module-level function rather than a closure per call: pathValues runs for every index key of every document.
function collectPath(v: any, path: string[], i: number, expandLeaf: boolean, out: any[]) {
  if (i === path.length) {
    if (expandLeaf && Array.isArray(v)) {
      if (v.length === 0) out.push(v);
      else for (const e of v) out.push(e);
    } else out.push(v);
    return;
  }
  if (Array.isArray(v)) {
    const idx = /^\d+$/.test(path[i]) ? Number(path[i]) : -1;
    if (idx >= 0 && idx < v.length) collectPath(v[idx], path, i + 1, expandLeaf, out);
    for (const e of v) if (isPlainObject(e)) collectPath(e, path, i, expandLeaf, out);
    return;
  }
  if (isPlainObject(v) && Object.prototype.hasOwnProperty.call(v, path[i])) {
    const next = v[path[i]];
    if (next !== undefined) collectPath(next, path, i + 1, expandLeaf, out);
  }
}

/** Key used for sorting a document on a path (min element asc, max desc). */
export function sortKey(doc: Doc, path: string[], dir: number): any {
  const vals = pathValues(doc, path, true);
  if (vals.length === 0) return null;
  let best = vals[0];
  if (Array.isArray(best) && best.length === 0) best = undefined; // empty array sorts with null/missing
  for (let i = 1; i < vals.length; i++) {
    let v = vals[i];
    if (Array.isArray(v) && v.length === 0) v = undefined;
    const c = compareValues(v, best);
    if (dir > 0 ? c < 0 : c > 0) best = v;
  }
  return best;
}

export function makeSorter(sort: Doc | undefined | null): ((a: Doc, b: Doc) => number) | null {
  if (!sort) return null;
  const keys = Object.keys(sort);
  if (keys.length === 0) return null;
  const spec = keys.map((k) => {
    const d = sort[k];
    if (isPlainObject(d)) {
      if (d.$meta) throw notSupported("$meta sort");
    }
    const n = Number(typeof d === "bigint" ? Number(d) : d);
    if (n !== 1 && n !== -1)
      throw new MongoError(
        15975,
        "Location15975",
        `$sort key ordering must be 1 (for ascending) or -1 (for descending)`,
      );
    return { path: k.split("."), dir: n };
  });
  return (a, b) => {
    for (const s of spec) {
      const c = compareValues(sortKey(a, s.path, s.dir), sortKey(b, s.path, s.dir));
      if (c !== 0) return c * s.dir;
    }
    return 0;
  };
}

/** Sort with precomputed keys (stable; ties keep input order). */
export function sortDocs(docs: Doc[], sort: Doc | undefined | null): Doc[] {
  const keys = sort ? Object.keys(sort) : [];
  if (keys.length === 0) return docs;
  makeSorter(sort); // validates the spec
  const spec = keys.map((k) => ({ path: k.split("."), dir: Number(sort![k]) }));
  const decorated = docs.map((d, i) => ({ d, i, k: spec.map((s) => sortKey(d, s.path, s.dir)) }));
  decorated.sort((x, y) => {
    for (let j = 0; j < spec.length; j++) {
      const c = compareValues(x.k[j], y.k[j]);
      if (c !== 0) return c * spec[j].dir;
    }
    return x.i - y.i;
  });
  return decorated.map((x) => x.d);
}

/** Human-readable value for E11000 messages, shaped like the server's. */
export function renderValue(v: any): string {
  if (v === undefined || v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return "[ " + v.map(renderValue).join(", ") + " ]";
  const t = bsonType(v);
  if (t === "ObjectId") return `ObjectId('${v.toHexString()}')`;
  if (t) return String(v);
  return (
    "{ " +
    Object.keys(v)
      .map((k) => `${k}: ${renderValue(v[k])}`)
      .join(", ") +
    " }"
  );
}

/** Set a dotted path on a plain object, creating intermediate objects. */
export function setPath(doc: Doc, path: string, value: any) {
  const parts = path.split(".");
  let cur: any = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!isPlainObject(cur[parts[i]])) cur[parts[i]] = {};
    cur = cur[parts[i]];
  }
  cur[parts[parts.length - 1]] = value;
}

const DECODE_OPTS = { promoteLongs: false, promoteBuffers: false, promoteValues: false, bsonRegExp: false } as const;

/**
 * A BSON document as the engine holds values: int32 as a JS number, Int64 as a bigint, a double as a JS number —
 * except an integral double in int32 range, kept as a bson `Double`, because a JS number there would go back on the
 * wire (and to disk) as an int32 and `$type: "double"` would no longer find it.
 */
export function decodeBson(buf: Uint8Array): Doc {
  return numbersIn(deserialize(buf, DECODE_OPTS));
}

function numberOf(v: any): any {
  switch (v._bsontype) {
    case undefined:
      return Array.isArray(v) || isPlainObject(v) ? numbersIn(v) : v;
    case "Int32":
      return v.value;
    case "Double":
      return Number.isInteger(v.value) && v.value >= -2147483648 && v.value <= 2147483647 ? v : v.value;
    case "Long":
      return v.toBigInt();
  }
  return v;
}

function numbersIn(o: any): any {
  if (Array.isArray(o)) {
    for (let i = 0; i < o.length; i++) {
      const v = o[i];
      if (v !== null && typeof v === "object") o[i] = numberOf(v);
    }
    return o;
  }
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === null || typeof v !== "object") continue;
    const n = numberOf(v);
    if (n !== v) setOwn(o, k, n);
  }
  return o;
}
