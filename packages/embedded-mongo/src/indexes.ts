/**
 * A secondary index of a collection (unique, compound, sparse, partial, hidden, text, TTL options): the keys of each
 * document and the ids under each key, kept up to date by the collection's writes (collection.ts); the planner
 * (planner.ts) reads them.
 */
import { Query } from "mingo/query";
import { type Doc, MongoError, encodeKey, pathValues, renderValue } from "./values.ts";
import { mingoOptions } from "./mingo-options.ts";
import { NOT_SIMPLE, OrderedView, simpleValue } from "./sorted.ts";
import { TextIndex, textSpecFrom } from "./text.ts";
import { type Ids, addId, removeId } from "./ids.ts";

/** Between the encoded values of a compound index key. */
export const KEY_SEP = "\u0000";

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
   * them on the first lookup that has an equality on every one of its fields (`withFullKeys`). Until then
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
      return { keys: [encoded.join(KEY_SEP)], values: [tuple], leads: this.lead ? [encoded[0]] : [], multi };
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
      const k = t.map(encodeKey).join(KEY_SEP);
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

  /** This index with its full keys in `entries`, built now (one pass over `docs`) if it has none yet. */
  withFullKeys(docs: Map<string, Doc>): Index {
    if (this.fullKeys) return this;
    this.fullKeys = true;
    for (const [id, doc] of docs) {
      const k = this.keysFor(doc);
      if (k) for (const key of k.keys) addId(this.entries, key, id);
    }
    return this;
  }

  /** ids whose leading field equals the encoded value */
  lookupLead(encoded: string): Ids | undefined {
    return (this.lead ?? this.entries).get(encoded);
  }
}

/** The keys of one document in one index (`Index.keysFor`). */
export type IndexKeys = { keys: string[]; values: any[][]; leads: string[]; multi: boolean };

function first<T>(values: T[]): T {
  return values[0];
}

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
