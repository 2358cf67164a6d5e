/**
 * In-memory collection with MongoDB-style indexes (unique, compound, sparse,
 * partial, TTL options). Stored documents are never mutated in place: updates
 * build a new object and swap it in, so references handed to readers (cursors,
 * replies being serialized) stay valid snapshots.
 */
import { Query } from "mingo/query";
import { serialize } from "bson";
import {
  type Doc,
  MongoError,
  compactDoc,
  compareValues,
  decodeBson,
  docShape,
  fromShape,
  typeRank,
  encodeKey,
  isPlainObject,
  pathValues,
  renderValue,
  setOwn,
  type Shape,
} from "./values.js";
import { mingoOptions } from "./mingo-options.js";
import { NOT_SIMPLE, OrderedView, simpleValue } from "./sorted.js";
import { TextIndex, textSpecFrom } from "./text.js";
import { type Ids, addId, firstId, idsCount, idsHas, idsIn, readIdsMap, removeId, writeIdsMap } from "./ids.js";

export type { Ids };

const SEP = "\u0000";

export interface IndexSpec {
  v: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [k: string]: any;
}

export class Index {
  spec: IndexSpec;
  fields: { name: string; path: string[] }[];
  unique: boolean;
  sparse: boolean;
  partial: Query | null;
  /**
   * full key tuple -> ids. Kept from the start for single-field and unique indexes; a non-unique compound index builds
   * them on the first lookup that has an equality on every one of its fields (`Collection.withFullKeys`). Until then
   * it answers by its leading field: most such indexes are "field + date", whose full keys (one per document) no
   * query asks for, while "programme + subject" is looked up by both on the first portal visit.
   */
  entries = new Map<string, Ids>();
  /** whether `entries` holds the full keys */
  fullKeys: boolean;
  /** leading field key -> ids (compound indexes only; single-field indexes use `entries`) */
  lead: Map<string, Ids> | null;
  /** whether equality lookups on the leading field may use this index */
  usableForLookup: boolean;
  /** documents ordered by the field (single-field, non-sparse, non-partial indexes only) */
  view: OrderedView | null;
  /** postings of a text index (then `entries` stay empty) */
  text: TextIndex | null;
  /** documents with an array (or Decimal128) on the leading field: grouping by the field from the index needs none */
  multikeyDocs = 0;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.text = Object.values(spec.key).includes("text") ? new TextIndex(textSpecFrom(spec.key, spec)) : null;
    this.fields = Object.keys(spec.key).map((name) => ({ name, path: name.split(".") }));
    this.unique = !!spec.unique;
    this.sparse = !!spec.sparse;
    this.partial = spec.partialFilterExpression ? new Query(spec.partialFilterExpression, mingoOptions()) : null;
    this.lead = this.fields.length > 1 ? new Map() : null;
    this.fullKeys = this.fields.length === 1 || this.unique;
    // A hidden index (collMod / createIndexes `hidden: true`) is maintained and enforces uniqueness, but the planner never uses it.
    this.usableForLookup =
      !spec.hidden && !this.text && !this.partial && !this.fields[0].path.some((p) => /^\d+$/.test(p));
    this.view =
      !this.text && this.fields.length === 1 && !this.partial && !this.sparse && this.usableForLookup
        ? new OrderedView(this.fields[0].path)
        : null;
  }

  get leadingField(): string {
    return this.fields[0].name;
  }

  /** Index keys for a document, or null when the document is not indexed (sparse/partial). */
  keysFor(doc: Doc): { keys: string[]; values: any[][]; leads: string[]; multi: boolean } | null {
    if (this.text) return null;
    if (this.partial && !this.partial.test(doc)) return null;
    const perField: any[][] = [];
    let allMissing = true;
    let oneEach = true;
    for (const f of this.fields) {
      const vals = pathValues(doc, f.path, true);
      if (vals.length === 0) perField.push([null]);
      else {
        allMissing = false;
        perField.push(vals);
        if (vals.length > 1) oneEach = false;
      }
    }
    if (this.sparse && allMissing) return null;
    const multi = simpleValue(doc, this.fields[0].path) === NOT_SIMPLE;
    if (!this.fullKeys) {
      // Only the leading field's keys are kept (see `entries`).
      return { keys: [], values: [], leads: Array.from(new Set(perField[0].map(encodeKey))), multi };
    }
    if (oneEach) {
      // The common case (no array on any indexed path): one key, no combinations to build or de-duplicate.
      const tuple = perField.map(first);
      const encoded = tuple.map(encodeKey);
      return { keys: [encoded.join(SEP)], values: [tuple], leads: this.lead ? [encoded[0]] : [], multi };
    }
    let tuples: any[][] = [[]];
    for (const vals of perField) {
      const next: any[][] = [];
      for (const t of tuples) for (const v of vals) next.push([...t, v]);
      tuples = next;
    }
    const seen = new Set<string>();
    const keys: string[] = [];
    const values: any[][] = [];
    for (const t of tuples) {
      const k = t.map(encodeKey).join(SEP);
      if (seen.has(k)) continue;
      seen.add(k);
      keys.push(k);
      values.push(t);
    }
    const leads = this.lead ? Array.from(new Set(perField[0].map(encodeKey))) : [];
    return { keys, values, leads, multi };
  }

  add(id: string, k: { keys: string[]; leads: string[]; multi: boolean }) {
    if (k.multi) this.multikeyDocs++;
    if (this.fullKeys) for (const key of k.keys) addId(this.entries, key, id);
    if (this.lead) for (const key of k.leads) addId(this.lead, key, id);
  }

  remove(id: string, k: { keys: string[]; leads: string[]; multi: boolean }) {
    if (k.multi) this.multikeyDocs--;
    if (this.fullKeys) for (const key of k.keys) removeId(this.entries, key, id);
    if (this.lead) for (const key of k.leads) removeId(this.lead, key, id);
  }

  /** ids whose leading field equals the encoded value */
  lookupLead(encoded: string): Ids | undefined {
    return (this.lead ?? this.entries).get(encoded);
  }
}

/**
 * A collection in a checkpoint image (image.ts), as the parts `Collection.writeImage` hands out in this order: this
 * header; the documents in natural order with their sequences, in parts of at most IMAGE_DOCS (`ImageDocs`); then
 * for each index its maps (`entries` when it has its full keys, `lead` for a compound index, `text` for a text index),
 * each in parts (ids.ts). Parts are small so that reading them back makes garbage that dies young: the image's
 * values never reach the old generation, only what the collection keeps does.
 */
export interface CollectionImage {
  db: string;
  name: string;
  /** BSON, as the journal holds it (also each index's spec) */
  options: Uint8Array;
  version: number;
  nextSeq: number;
  size: number;
  idNonOrderable: number;
  indexes: { spec: Uint8Array; fullKeys: boolean; multikeyDocs: number; nonOrderable: number }[];
}

/**
 * Documents in an image. A document is kept as a structured-clone value when it survives one unchanged (plain objects,
 * arrays, strings, numbers, bigints, booleans, null, dates): as its values alone when `compactDoc` gives it a shape
 * (`kinds[i]` is the shape's number: shapes are numbered in the order parts introduce them in `shapes`), else as the
 * object (`kinds[i]` = -1). A document that does not survive a clone is kept as its BSON (`kinds[i]` = -2, `docs[i]`
 * its bytes).
 */
interface ImageDocs {
  shapes: string[][];
  kinds: Int32Array;
  docs: (Doc | any[] | Uint8Array)[];
  seqs: Float64Array;
}

/** Documents per part of an image. Its bytes (BSON, typed arrays) are views valid only until the next part is read. */
const IMAGE_DOCS = 1024;

/** Whether `v` comes back from a structured clone (v8.serialize) exactly as it is (BSON types do not: they lose their class). */
function cloneSafe(v: any): boolean {
  if (v === null || typeof v !== "object") return typeof v !== "function" && typeof v !== "symbol";
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !cloneSafe(v[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto === Date.prototype) return true;
  if (proto !== Object.prototype) return false;
  for (const k of Object.keys(v)) if (k === "__proto__" || !cloneSafe(v[k])) return false;
  return true;
}

/** An equality lookup's plan: the id sets it selects, how many ids, and the index (null: `_id`). */
export type EqualityPick = { ids: Ids[]; size: number; ix: Index | null };

function first<T>(values: T[]): T {
  return values[0];
}

export interface ScanInfo {
  indexName: string;
  keyPattern: Doc;
  field: string;
  bounds: "equality" | "range" | "distinct" | "or";
  /** For an index union ($or): the scan of each branch. */
  branches?: ScanInfo[];
}

interface RangeBounds {
  lo?: { value: any; inclusive: boolean };
  hi?: { value: any; inclusive: boolean };
}
export type { RangeBounds };

type IndexKeys = { keys: string[]; values: any[][]; leads: string[]; multi: boolean };

export function dupKeyError(
  ns: string,
  indexName: string,
  keyPattern: Doc,
  fields: string[],
  values: any[],
): MongoError {
  const keyValue: Doc = {};
  fields.forEach((f, i) => (keyValue[f] = values[i] === undefined ? null : values[i]));
  const rendered = fields.map((f, i) => `${f}: ${renderValue(values[i])}`).join(", ");
  return new MongoError(
    11000,
    "DuplicateKey",
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${rendered} }`,
    { keyPattern: { ...keyPattern }, keyValue },
  );
}

export class Collection {
  readonly db: string;
  readonly name: string;
  options: Doc;
  /** encodeKey(_id) -> document (insertion ordered = natural order) */
  docs = new Map<string, Doc>();
  indexes: Index[] = [];
  /** bumped by every write and index change (cache key for derived answers) */
  version = 0;
  /** insertion sequence of each stored document (kept by replace): natural order, used to break sort ties */
  private seqs = new WeakMap<Doc, number>();
  private nextSeq = 0;
  readonly seqOf = (d: Doc): number => this.seqs.get(d) ?? 0;
  /** documents ordered by _id (the implicit _id_ index); built on first sorted use */
  private idView = new OrderedView(["_id"]);

  constructor(db: string, name: string, options: Doc = {}) {
    this.db = db;
    this.name = name;
    this.options = options;
  }

  /** Hands this collection to `emit` as the parts of a checkpoint image (see CollectionImage). */
  writeImage(emit: (part: unknown) => void) {
    const header: CollectionImage = {
      db: this.db,
      name: this.name,
      options: serialize(this.options),
      version: this.version,
      nextSeq: this.nextSeq,
      size: this.docs.size,
      idNonOrderable: this.idView.nonOrderable,
      indexes: this.indexes.map((ix) => ({
        spec: serialize(ix.spec),
        fullKeys: ix.fullKeys,
        multikeyDocs: ix.multikeyDocs,
        nonOrderable: ix.view?.nonOrderable ?? 0,
      })),
    };
    emit(header);
    const ordOf = new Map<string, number>();
    const shapeNumbers = new Map<string, number>();
    let part: ImageDocs | null = null;
    let i = 0;
    for (const [id, doc] of this.docs) {
      part ??= {
        shapes: [],
        kinds: new Int32Array(Math.min(IMAGE_DOCS, this.docs.size - i)),
        docs: [],
        seqs: new Float64Array(Math.min(IMAGE_DOCS, this.docs.size - i)),
      };
      const j = part.docs.length;
      ordOf.set(id, i++);
      part.seqs[j] = this.seqOf(doc);
      if (!cloneSafe(doc)) {
        part.kinds[j] = -2;
        part.docs.push(serialize(doc));
      } else {
        const keys = Object.keys(doc);
        if (docShape(keys)) {
          const signature = keys.join("\u0000");
          let n = shapeNumbers.get(signature);
          if (n === undefined) {
            shapeNumbers.set(signature, (n = shapeNumbers.size));
            part.shapes.push(keys);
          }
          part.kinds[j] = n;
          part.docs.push(keys.map((k) => doc[k]));
        } else {
          part.kinds[j] = -1;
          part.docs.push(doc);
        }
      }
      if (part.docs.length === part.kinds.length) {
        emit(part);
        part = null;
      }
    }
    for (const ix of this.indexes) {
      if (ix.fullKeys) writeIdsMap(ix.entries, ordOf, emit);
      if (ix.lead) writeIdsMap(ix.lead, ordOf, emit);
      if (ix.text) writeIdsMap(ix.text.postings, ordOf, emit);
    }
  }

  /**
   * The collection `writeImage` wrote, read part by part from `next`: the same documents (laid out as `insert` lays
   * them out) in the same order with the same sequences, the same index keys in the same order. Index keys that are a
   * document's string value are stored as the document's own string, as building the index stores them.
   */
  static readImage(next: () => any): Collection {
    const img = next() as CollectionImage;
    // A part's bytes are valid only until the next part is read: decode them now.
    const c = new Collection(img.db, img.name, decodeBson(img.options));
    const specs = img.indexes.map((x) => decodeBson(x.spec) as IndexSpec);
    const ids: string[] = new Array(img.size);
    const docs: Doc[] = new Array(img.size);
    const shapeKeys: string[][] = [];
    const shapes: (Shape | null)[] = [];
    let i = 0;
    while (i < img.size) {
      const part = next() as ImageDocs;
      for (const keys of part.shapes) {
        shapeKeys.push(keys);
        shapes.push(docShape(keys));
      }
      for (let j = 0; j < part.docs.length; j++, i++) {
        const kind = part.kinds[j];
        let doc: Doc;
        if (kind >= 0) {
          const values = part.docs[j] as any[];
          const shape = shapes[kind];
          if (shape) doc = fromShape(shape, values);
          else {
            // no shape in this process (too many, or code generation refused): as compactDoc keeps such a document
            const keys = shapeKeys[kind];
            const o: Doc = {};
            for (let k = 0; k < keys.length; k++) setOwn(o, keys[k], values[k]);
            doc = compactDoc(o);
          }
        } else doc = compactDoc(kind === -1 ? (part.docs[j] as Doc) : decodeBson(part.docs[j] as Uint8Array));
        const id = encodeKey(doc._id);
        ids[i] = id;
        docs[i] = doc;
        c.docs.set(id, doc);
        c.seqs.set(doc, part.seqs[j]);
      }
    }
    c.nextSeq = img.nextSeq;
    c.version = img.version;
    c.idView.nonOrderable = img.idNonOrderable;
    for (const [n, x] of img.indexes.entries()) {
      const ix = new Index(specs[n]);
      const path = ix.fields[0].path;
      const own = (key: string, ord: number): string => {
        const v = simpleValue(docs[ord], path);
        return typeof v === "string" && v === key ? v : key;
      };
      ix.fullKeys = x.fullKeys;
      if (ix.fullKeys) ix.entries = readIdsMap(next, ids, ix.fields.length === 1 ? own : undefined);
      if (ix.lead) ix.lead = readIdsMap(next, ids, own);
      if (ix.text) ix.text.postings = readIdsMap(next, ids);
      ix.multikeyDocs = x.multikeyDocs;
      if (ix.view) ix.view.nonOrderable = x.nonOrderable;
      c.indexes.push(ix);
    }
    return c;
  }

  get ns() {
    return `${this.db}.${this.name}`;
  }

  indexSpecs(): IndexSpec[] {
    return [{ v: 2, key: { _id: 1 }, name: "_id_" }, ...this.indexes.map((i) => i.spec)];
  }

  /** Throws E11000 if `doc` (with id `id`) would violate a unique index; returns per-index keys. */
  private checkUnique(id: string, doc: Doc): (IndexKeys | null)[] {
    const all = this.indexes.map((ix) => ix.keysFor(doc));
    this.indexes.forEach((ix, n) => {
      const k = all[n];
      if (!ix.unique || !k) return;
      k.keys.forEach((key, j) => {
        for (const other of idsIn(ix.entries.get(key))) {
          if (other !== id)
            throw dupKeyError(
              this.ns,
              ix.spec.name,
              ix.spec.key,
              ix.fields.map((f) => f.name),
              k.values[j],
            );
        }
      });
    });
    return all;
  }

  insert(inserted: Doc, checkUnique = true) {
    const doc = compactDoc(inserted);
    const id = encodeKey(doc._id);
    if (this.docs.has(id)) {
      if (checkUnique) throw dupKeyError(this.ns, "_id_", { _id: 1 }, ["_id"], [doc._id]);
      this.removeById(id);
    }
    const keys = checkUnique ? this.checkUnique(id, doc) : this.indexes.map((ix) => ix.keysFor(doc));
    const seq = ++this.nextSeq;
    this.seqs.set(doc, seq);
    this.indexes.forEach((ix, n) => {
      if (keys[n]) ix.add(id, keys[n]!);
      ix.view?.add(id, doc, seq);
      ix.text?.add(id, doc);
    });
    this.idView.add(id, doc, seq);
    this.docs.set(id, doc);
    this.version++;
  }

  /** Replace the document with the same _id (the _id must not change). */
  replace(oldDoc: Doc, replacement: Doc, checkUnique = true) {
    const newDoc = compactDoc(replacement);
    const id = encodeKey(oldDoc._id);
    const newKeys = checkUnique ? this.checkUnique(id, newDoc) : this.indexes.map((ix) => ix.keysFor(newDoc));
    const seq = this.seqs.get(oldDoc) ?? ++this.nextSeq;
    this.seqs.set(newDoc, seq);
    this.indexes.forEach((ix, n) => {
      const old = ix.keysFor(oldDoc);
      if (old) ix.remove(id, old);
      if (newKeys[n]) ix.add(id, newKeys[n]!);
      ix.view?.replace(id, oldDoc, newDoc, seq);
      ix.text?.replace(id, oldDoc, newDoc);
    });
    this.docs.set(id, newDoc);
    this.version++;
  }

  /** Insert or replace by _id without unique checks (journal replay). */
  put(doc: Doc) {
    const id = encodeKey(doc._id);
    const old = this.docs.get(id);
    if (old) this.replace(old, doc, false);
    else this.insert(doc, false);
  }

  removeById(id: string): Doc | undefined {
    const doc = this.docs.get(id);
    if (!doc) return undefined;
    for (const ix of this.indexes) {
      const k = ix.keysFor(doc);
      if (k) ix.remove(id, k);
      ix.view?.remove(id, doc);
      ix.text?.remove(id, doc);
    }
    this.idView.remove(id, doc);
    this.docs.delete(id);
    this.version++;
    return doc;
  }

  /** Build and attach an index; throws E11000 (leaving nothing attached) on duplicates when unique. */
  addIndex(spec: IndexSpec, checkUnique = true): Index {
    const ix = new Index(spec);
    for (const [id, doc] of this.docs) {
      const k = ix.keysFor(doc);
      if (!k) continue;
      if (ix.unique && checkUnique) {
        k.keys.forEach((key, j) => {
          const s = ix.entries.get(key);
          if (s !== undefined && !idsHas(s, id)) {
            throw dupKeyError(
              this.ns,
              spec.name,
              spec.key,
              ix.fields.map((f) => f.name),
              k.values[j],
            );
          }
        });
      }
      ix.add(id, k);
      ix.view?.add(id, doc, this.seqOf(doc));
    }
    if (ix.text) for (const [id, doc] of this.docs) ix.text.add(id, doc);
    this.indexes.push(ix);
    this.version++;
    return ix;
  }

  /** `ix` with its full keys in `entries`, built now (one pass over the documents) if it has none yet. */
  private withFullKeys(ix: Index): Index {
    if (ix.fullKeys) return ix;
    ix.fullKeys = true;
    for (const [id, doc] of this.docs) {
      const k = ix.keysFor(doc);
      if (k) for (const key of k.keys) addId(ix.entries, key, id);
    }
    return ix;
  }

  /** Rebuilds the index `name` from a changed spec (collMod), keeping its place in the list. */
  replaceIndex(name: string, spec: IndexSpec) {
    const at = this.indexes.findIndex((i) => i.spec.name === name);
    this.dropIndex(name);
    const ix = this.addIndex(spec, false);
    this.indexes.splice(this.indexes.indexOf(ix), 1);
    this.indexes.splice(at, 0, ix);
  }

  dropIndex(name: string) {
    this.indexes = this.indexes.filter((i) => i.spec.name !== name);
    this.version++;
  }

  /** The collection's text index, if any (MongoDB allows one). */
  get textIndex(): Index | undefined {
    return this.indexes.find((i) => i.text);
  }

  /**
   * Candidate documents for a filter: uses the _id map or an index on the
   * leading field when the filter has a top-level equality/$in on it;
   * otherwise all documents. Callers still test each candidate.
   */
  candidates(filter: Doc | undefined | null): Iterable<Doc> {
    return this.narrowCandidates(filter) ?? this.docs.values();
  }

  /** The index the last narrowCandidates call used (null: none, a collection scan). */
  lastScan: ScanInfo | null = null;

  /** Candidates from a range on a field with a usable ordered view (binary search), or null. */
  private rangeCandidates(filter: Doc): Doc[] | null {
    const ranges = rangeConditions(filter);
    let best: Doc[] | null = null;
    for (const [field, b] of ranges) {
      const view = this.orderedViewFor(field);
      if (!view) continue;
      const ids = view.range(b, this.docs, this.seqOf);
      if (best && ids.length >= best.length) continue;
      best = ids.map((id) => this.docs.get(id)!);
      const ix = field === "_id" ? null : this.indexes.find((i) => i.view === view)!;
      this.lastScan = {
        indexName: ix ? ix.spec.name : "_id_",
        keyPattern: ix ? ix.spec.key : { _id: 1 },
        field,
        bounds: "range",
      };
    }
    return best;
  }

  /**
   * Number of documents matching a filter that is one equality/$in on an
   * indexed field, counted from the index without touching documents; null
   * when the filter has another shape.
   */
  countFromIndex(filter: Doc): number | null {
    const keys = Object.keys(filter);
    if (keys.length > 1 && !keys.some((k) => k.startsWith("$"))) return this.countFromCompound(filter, keys);
    if (keys.length !== 1 || keys[0].startsWith("$")) return null;
    const eq = equalityConditions(filter);
    const vals = eq.get(keys[0]);
    if (!vals || vals.some((v) => isPlainObject(v))) return null;
    const field = keys[0];
    const encoded = Array.from(new Set(vals.map(encodeKey)));
    if (field === "_id") {
      this.lastScan = { indexName: "_id_", keyPattern: { _id: 1 }, field, bounds: "equality" };
      return encoded.filter((k) => this.docs.has(k)).length;
    }
    const ix = this.indexes.find((i) => i.usableForLookup && i.leadingField === field);
    if (!ix) return null;
    this.lastScan = { indexName: ix.spec.name, keyPattern: ix.spec.key, field, bounds: "equality" };
    if (encoded.length === 1 || ix.multikeyDocs === 0) {
      let n = 0;
      for (const k of encoded) n += idsCount(ix.lookupLead(k));
      return n;
    }
    const ids = new Set<string>();
    for (const k of encoded) for (const id of idsIn(ix.lookupLead(k))) ids.add(id);
    return ids.size;
  }

  /** A count of equality conditions on exactly the fields of a compound index, from its exact keys. */
  private countFromCompound(filter: Doc, keys: string[]): number | null {
    const eq = equalityConditions(filter);
    if (eq.size !== keys.length || [...eq.values()].some((vals) => vals.some((v) => isPlainObject(v)))) return null;
    for (const ix of this.indexes) {
      if (!ix.usableForLookup || ix.fields.length !== keys.length || !ix.fields.every((f) => eq.has(f.name))) continue;
      const exact = fullKeys(ix, eq);
      if (!exact) continue;
      this.withFullKeys(ix);
      this.lastScan = { indexName: ix.spec.name, keyPattern: ix.spec.key, field: ix.leadingField, bounds: "equality" };
      const unique = Array.from(new Set(exact));
      // One key: its set is the answer. Several: a document with an array in any field can be under more than one.
      if (unique.length === 1) return idsCount(ix.entries.get(unique[0]));
      const ids = new Set<string>();
      for (const k of unique) for (const id of idsIn(ix.entries.get(k))) ids.add(id);
      return ids.size;
    }
    return null;
  }

  /**
   * Documents per value of `field` (as `$group: {_id: "$field"}` groups them,
   * missing = null), read from an index whose leading field it is, or null
   * when no such index can answer (none, sparse, partial, or multikey).
   */
  groupCountsFromIndex(field: string): { value: any; count: number }[] | null {
    const ix = this.indexes.find(
      (i) => i.usableForLookup && !i.sparse && i.leadingField === field && i.multikeyDocs === 0,
    );
    if (!ix) return null;
    this.lastScan = { indexName: ix.spec.name, keyPattern: ix.spec.key, field, bounds: "distinct" };
    const out: { value: any; count: number }[] = [];
    for (const ids of (ix.lead ?? ix.entries).values()) {
      const v = simpleValue(this.docs.get(firstId(ids))!, ix.fields[0].path);
      out.push({ value: v === NOT_SIMPLE ? null : v, count: idsCount(ids) });
    }
    return out;
  }

  /** A usable ordered view (single-field index, no multikey/Decimal128 values) on `field`. */
  orderedViewFor(field: string): OrderedView | null {
    if (field === "_id") return this.idView.usable ? this.idView : null;
    for (const ix of this.indexes) if (ix.view && ix.view.usable && ix.fields[0].name === field) return ix.view;
    return null;
  }

  /**
   * Candidates from an `$or` (top level or inside a top-level `$and`) whose every branch an index narrows: the union
   * of the branches' candidates, in natural order (so the answer is the scan's), or null when a branch would scan.
   */
  private orCandidates(filter: Doc): Doc[] | null {
    const ors: unknown[][] = [];
    if (Array.isArray(filter.$or)) ors.push(filter.$or);
    if (Array.isArray(filter.$and))
      for (const sub of filter.$and) if (isPlainObject(sub) && Array.isArray(sub.$or)) ors.push(sub.$or);
    let best: Doc[] | null = null;
    let bestScan: ScanInfo | null = null;
    for (const branches of ors) {
      const union = new Set<Doc>();
      const scans: ScanInfo[] = [];
      let narrowed = branches.length > 0;
      for (const b of branches) {
        const c = isPlainObject(b) ? this.narrowCandidates(b) : null;
        if (!c) {
          narrowed = false;
          break;
        }
        scans.push(this.lastScan!);
        for (const d of c) union.add(d);
      }
      if (!narrowed || (best && union.size >= best.length)) continue;
      best = [...union].sort((x, y) => this.seqOf(x) - this.seqOf(y));
      bestScan = {
        indexName: scans.map((x) => x.indexName).join(" | "),
        keyPattern: {},
        field: "",
        bounds: "or",
        branches: scans,
      };
    }
    this.lastScan = bestScan;
    return best;
  }

  /**
   * The equality lookup narrowCandidates would make (`_id` values, or the best index's id sets: smallest total), and
   * how many candidates it selects, without fetching a document; null when the filter has no such condition.
   */
  equalityPick(filter: Doc): EqualityPick | null {
    const eq = equalityConditions(filter);
    if (eq.size === 0) return null;
    const idVals = eq.get("_id");
    if (idVals) {
      const ids = Array.from(new Set(idVals.map(encodeKey)));
      return { ids, size: ids.length, ix: null };
    }
    let best: EqualityPick | null = null;
    for (const ix of this.indexes) {
      if (!ix.usableForLookup) continue;
      const vals = eq.get(ix.leadingField);
      if (!vals) continue;
      const sets: Ids[] = [];
      let size = 0;
      const seen = new Set<string>();
      // Equality on every field of a compound index: exact keys (each combination of the values), not the leading field.
      const keys = ix.fields.length > 1 ? fullKeys(ix, eq) : null;
      if (keys) this.withFullKeys(ix);
      for (const k of keys ?? vals.map(encodeKey)) {
        if (seen.has(k)) continue;
        seen.add(k);
        const s = keys ? ix.entries.get(k) : ix.lookupLead(k);
        if (s !== undefined) {
          sets.push(s);
          size += idsCount(s);
        }
      }
      if (!best || size < best.size) best = { ids: sets, size, ix };
    }
    return best;
  }

  /** Candidates from the _id map or an index (equality/$in), or null when the filter needs a full scan. */
  narrowCandidates(filter: Doc | undefined | null, picked?: EqualityPick | null): Doc[] | null {
    this.lastScan = null;
    if (!filter) return null;
    const pick = picked === undefined ? this.equalityPick(filter) : picked;
    if (!pick) return this.rangeCandidates(filter) ?? this.orCandidates(filter);
    const ix = pick.ix;
    this.lastScan = ix
      ? { indexName: ix.spec.name, keyPattern: ix.spec.key, field: ix.leadingField, bounds: "equality" }
      : { indexName: "_id_", keyPattern: { _id: 1 }, field: "_id", bounds: "equality" };
    const out: Doc[] = [];
    if (pick.ids.length === 1) {
      for (const id of idsIn(pick.ids[0])) {
        const d = this.docs.get(id);
        if (d) out.push(d);
      }
      return out;
    }
    const ids = new Set<string>();
    for (const s of pick.ids) for (const id of idsIn(s)) ids.add(id);
    for (const id of ids) {
      const d = this.docs.get(id);
      if (d) out.push(d);
    }
    return out;
  }
}

/** Range bounds on one field from `{$gt/$gte/$lt/$lte}` (top level or inside a top-level $and). */
function rangeConditions(filter: Doc, out = new Map<string, RangeBounds>()): Map<string, RangeBounds> {
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === "$and" && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) rangeConditions(sub, out);
      continue;
    }
    if (key.startsWith("$") || !isPlainObject(v)) continue;
    const ops = Object.keys(v);
    if (!ops.some((o) => o === "$gt" || o === "$gte" || o === "$lt" || o === "$lte")) continue;
    const b: RangeBounds = out.get(key) ?? {};
    for (const o of ops) {
      const bound = v[o];
      if (!rangeable(bound)) continue;
      if (o === "$gt" || o === "$gte") {
        if (!b.lo || compareValues(bound, b.lo.value) > 0) b.lo = { value: bound, inclusive: o === "$gte" };
      } else if (o === "$lt" || o === "$lte") {
        if (!b.hi || compareValues(bound, b.hi.value) < 0) b.hi = { value: bound, inclusive: o === "$lte" };
      }
    }
    if (b.lo && b.hi && typeRank(b.lo.value) !== typeRank(b.hi.value)) continue;
    if (b.lo || b.hi) out.set(key, b);
  }
  return out;
}

/** Bounds usable on an ordered view: numbers, strings, dates, ObjectIds, booleans (not null, arrays, objects, regexes, MinKey/MaxKey, Decimal128). */
function rangeable(v: any): boolean {
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp || isPlainObject(v)) return false;
  if (typeof v === "number") return !Number.isNaN(v);
  if (typeof v === "object" && v._bsontype && !["ObjectId", "Int32", "Double", "Long"].includes(v._bsontype))
    return false;
  return true;
}

/** Indexable equality value: scalars and plain sub-documents (not null, arrays, regexes). */
function indexable(v: any): boolean {
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp) return false;
  if (typeof v === "object" && v._bsontype === "BSONRegExp") return false;
  if (isPlainObject(v)) return !Object.keys(v).some((k) => k.startsWith("$"));
  return true;
}

/**
 * The index keys (field values joined as the index stores them) for equality on every field of a compound index,
 * or null when a field has none or the combinations would be too many (then the leading field is used).
 */
function fullKeys(ix: Index, eq: Map<string, any[]>): string[] | null {
  let keys = [""];
  for (const [i, f] of ix.fields.entries()) {
    const vals = eq.get(f.name);
    if (!vals || keys.length * vals.length > 256) return null;
    const encoded = Array.from(new Set(vals.map(encodeKey)));
    keys = keys.flatMap((k) => encoded.map((e) => (i === 0 ? e : k + SEP + e)));
  }
  return keys;
}

/** field -> values for top-level equality / $eq / $in conditions (also inside top-level $and). */
export function equalityConditions(filter: Doc, out = new Map<string, any[]>()): Map<string, any[]> {
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === "$and" && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) equalityConditions(sub, out);
      continue;
    }
    if (key.startsWith("$")) continue;
    let vals: any[] | null = null;
    if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith("$"))) {
      if ("$eq" in v && indexable(v.$eq)) vals = [v.$eq];
      else if (Array.isArray(v.$in) && v.$in.every(indexable)) vals = v.$in;
    } else if (indexable(v)) vals = [v];
    if (vals && !out.has(key)) out.set(key, vals);
  }
  return out;
}
