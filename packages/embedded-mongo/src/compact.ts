import { Binary, UUID } from "bson";
import { type Doc, setOwn } from "./values.ts";

/**
 * Stored documents, laid out compactly. Two things make decoded documents large in V8:
 *  - an object that gets more than about a dozen properties through keyed stores (`obj[name] = value`, as the BSON
 *    decoder and the update operators build documents) becomes a dictionary: about 2.8 KB for a 28-field
 *    registration, slower to read and to collect. A stored document is rebuilt through an object literal compiled
 *    once per key list (a "shape"), which V8 lays out as a fast object with in-object fields and a layout shared by
 *    every document of that shape: about 0.25 KB for the same fields;
 *  - every decoded string is a new copy, though many fields hold a few values over and over (programmes, forms,
 *    subjects, enum values, dates as text) or an id that many documents refer to (an attendance entry's lesson, a
 *    mark's assignment). Each field of a shape keeps a table of the short strings it has seen and hands out the
 *    first copy (strings are immutable: sharing one is invisible to readers). A table entry costs about what one
 *    copy of a short string does, so a field keeps its table only while it pays: when the table reaches MIN_TRACKED
 *    values, and each time it doubles after, the new documents stored since the last check must have found their
 *    value in it MIN_HITS_PER_VALUE times for each value added since; else the field stops being tracked. Only new
 *    documents (an insert, a start loading the data) count: a replaced document finds its own unchanged values,
 *    which saves nothing. A field of unique values (the documents' own ids, names, phone numbers) is dropped at the
 *    first check, as is one whose repeats come only after MIN_TRACKED different values; one where a few values
 *    repeat often beside many unique ones keeps its table, unique ones included.
 * Documents with fewer than MIN_SHAPE_KEYS keys, and nested objects with fewer than MIN_NESTED_SHAPE_KEYS (a small
 * map keyed by ids would use up the shapes), are kept as they are, as are objects with `__proto__` as a key, without
 * Object.prototype or with more than MAX_SHAPE_KEYS keys; after MAX_SHAPES distinct key lists new shapes are not
 * compiled (the document is then kept as decoded: correct, only larger). Other values are not copied (dates, ids,
 * binaries stay the same objects). docs/decisions/0115-strings-shared-by-field.md
 */
const MIN_SHAPE_KEYS = 3;
const MIN_NESTED_SHAPE_KEYS = 12;
const MAX_SHAPE_KEYS = 200;
const MAX_SHAPES = 2000;
const MAX_SHARED_LENGTH = 48;
const MIN_TRACKED = 2048;
const MIN_HITS_PER_VALUE = 2;

export interface Shape {
  make: (values: any[]) => Doc;
  /** per field: its short strings seen so far, or null once sharing them stopped paying */
  strings: (Map<string, string> | null)[];
  /** per field: how many strings of new documents were found in its table since its last check */
  hits: number[];
}

const shapes = new Map<string, Shape>();
let codeGeneration = true;

function shapeOf(keys: string[]): Shape | null {
  const signature = keys.join("\u0000");
  let shape = shapes.get(signature);
  if (shape) return shape;
  if (shapes.size >= MAX_SHAPES || !codeGeneration) return null;
  let make: (values: any[]) => Doc;
  try {
    // Keys are written as JSON string literals: no key can break out of the literal.
    make = new Function("v", `return {${keys.map((k, i) => `${JSON.stringify(k)}: v[${i}]`).join(", ")}};`) as (
      values: any[],
    ) => Doc;
  } catch {
    // A process started with --disallow-code-generation-from-strings: documents are kept as decoded.
    codeGeneration = false;
    return null;
  }
  shape = { make, strings: keys.map(() => new Map<string, string>()), hits: keys.map(() => 0) };
  shapes.set(signature, shape);
  return shape;
}

function sharedString(shape: Shape, field: number, s: string, counted: boolean): string {
  const seen = shape.strings[field];
  if (seen === null || s.length > MAX_SHARED_LENGTH) return s;
  const known = seen.get(s);
  if (known !== undefined) {
    if (counted) shape.hits[field]++;
    return known;
  }
  const size = seen.size;
  if (size >= MIN_TRACKED && (size & (size - 1)) === 0) {
    // A check: every value was added since the start at the first, half of them at each later one.
    const added = size === MIN_TRACKED ? size : size / 2;
    if (shape.hits[field] < added * MIN_HITS_PER_VALUE) {
      shape.strings[field] = null;
      return s;
    }
    shape.hits[field] = 0;
  }
  seen.set(s, s);
  return s;
}

/**
 * `v` laid out compactly; strings (also inside arrays) shared through `shape`'s table for `field` when given, found
 * strings counted for the table when `counted` (a new document).
 */
function compactValue(v: any, shape: Shape | null, field: number, counted: boolean): any {
  if (typeof v === "string") return shape ? sharedString(shape, field, v, counted) : v;
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    let out: any[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const c = compactValue(v[i], shape, field, counted);
      if (c !== v[i] || (shape && typeof c === "string")) (out ??= v.slice())[i] = c;
    }
    return out ?? v;
  }
  if (v._bsontype === "Binary") return ownBytes(v);
  return Object.getPrototypeOf(v) === Object.prototype && !v._bsontype
    ? compactObject(v, MIN_NESTED_SHAPE_KEYS, counted)
    : v;
}

/**
 * A binary value with bytes of its own. The BSON decoder hands out binaries as views into the buffer they were
 * decoded from (a wire message, a chunk of a data file): stored as they are, one small binary would keep that whole
 * buffer in memory for as long as the document lives.
 */
function ownBytes(v: Binary): Binary {
  const view = v.buffer;
  if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) return v;
  const bytes = Buffer.allocUnsafeSlow(v.position);
  bytes.set(view.subarray(0, v.position));
  return v instanceof UUID ? new UUID(bytes) : new Binary(bytes, v.sub_type);
}

/**
 * The shape `compactDoc` lays out a plain object with these keys by, or null when it keeps such an object as it is.
 * A checkpoint image (image.ts) keeps a document that has one as its values alone; `fromShape` rebuilds it.
 */
export function docShape(keys: string[], minKeys = MIN_SHAPE_KEYS): Shape | null {
  const worth = keys.length >= minKeys && keys.length <= MAX_SHAPE_KEYS && !keys.includes("__proto__");
  return worth ? shapeOf(keys) : null;
}

/** `compactDoc` of the plain object with `shape`'s keys and these values, without building it first (takes `values` over). */
export function fromShape(shape: Shape, values: any[]): Doc {
  // A document restored from an image is a new one in this process: its strings count.
  for (let i = 0; i < values.length; i++) values[i] = compactValue(values[i], shape, i, true);
  return shape.make(values);
}

/**
 * The same document, laid out compactly (see above); `doc` itself is not changed. `counted`: a new document (an
 * insert, a document loaded at a start), whose found strings count for their fields' tables; false for a replacement.
 */
export function compactDoc(doc: Doc, counted = true): Doc {
  return compactObject(doc, MIN_SHAPE_KEYS, counted);
}

function compactObject(doc: Doc, minKeys: number, counted: boolean): Doc {
  const keys = Object.keys(doc);
  const shape = Object.getPrototypeOf(doc) === Object.prototype ? docShape(keys, minKeys) : null;
  const values: any[] = new Array(keys.length);
  let changed = false;
  for (let i = 0; i < keys.length; i++) {
    const v = doc[keys[i]];
    values[i] = compactValue(v, shape, i, counted);
    if (values[i] !== v) changed = true;
  }
  if (shape) return shape.make(values);
  if (!changed) return doc;
  const copy: Doc = Object.getPrototypeOf(doc) === null ? Object.create(null) : {};
  for (let i = 0; i < keys.length; i++) setOwn(copy, keys[i], values[i]);
  return copy;
}
