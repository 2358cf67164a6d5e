/**
 * An in-memory collection: its documents in natural order, its indexes (indexes.ts) kept up to date by every write,
 * and its checkpoint image. Stored documents are never mutated in place: updates build a new object and swap it in,
 * so references handed to readers (cursors, replies being serialized) stay valid snapshots. Which documents a query
 * reads is the planner's choice (planner.ts).
 */
import { serialize } from "bson";
import { type Doc, decodeBson, encodeKey, setOwn } from "./values.ts";
import { type Shape, compactDoc, docShape, fromShape } from "./compact.ts";
import { OrderedView, simpleValue } from "./sorted.ts";
import { idsHas, idsIn, readIdsMap, writeIdsMap } from "./ids.ts";
import { Index, type IndexKeys, type IndexSpec, dupKeyError } from "./indexes.ts";

export { Index, dupKeyError, type IndexSpec };

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
    const id = encodeKey(inserted._id);
    const taken = this.docs.has(id);
    // Only a new document's strings count for the fields' tables (compact.ts); one whose _id is taken does not.
    const doc = compactDoc(inserted, !taken);
    if (taken) {
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
    const newDoc = compactDoc(replacement, false);
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

  /** A usable ordered view (single-field index, no multikey/Decimal128 values) on `field`. */
  orderedViewFor(field: string): OrderedView | null {
    if (field === "_id") return this.idView.usable ? this.idView : null;
    for (const ix of this.indexes) if (ix.view && ix.view.usable && ix.fields[0].name === field) return ix.view;
    return null;
  }
}
