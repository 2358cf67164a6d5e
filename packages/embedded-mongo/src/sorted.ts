/**
 * Sorted reads without sorting everything:
 *  - `OrderedView`: the documents of a collection ordered by one field
 *    (kept next to a single-field index), walked in either direction with
 *    early exit. Only usable while no document has an array (multikey) or a
 *    Decimal128 on that path, so the order is exactly `sortDocs`' order.
 *  - `selectSorted`: top-(skip+limit) selection with a bounded heap using the
 *    same MongoDB comparator as `sortDocs`.
 * Ties are broken by the document's insertion sequence (natural order), in
 * both directions and in every plan, so pages are deterministic whichever
 * plan answers them.
 */
import { type Doc, compareStrings, compareValues, isPlainObject, makeSorter, sortKey, typeRank } from "./values.ts";

export interface SortField {
  name: string;
  path: string[];
  dir: 1 | -1;
}

/** Parsed/validated sort spec; null when there is nothing to sort by. */
export function parseSort(sort: Doc | undefined | null): SortField[] | null {
  if (!sort || Object.keys(sort).length === 0) return null;
  makeSorter(sort); // validates ($meta, directions)
  return Object.keys(sort).map((name) => {
    const d = sort[name];
    return { name, path: name.split("."), dir: Number(typeof d === "bigint" ? Number(d) : d) as 1 | -1 };
  });
}

export const NOT_SIMPLE = Symbol("not simple");

function hasDecimal(v: any): boolean {
  if (v === null || typeof v !== "object") return false;
  if (v._bsontype === "Decimal128") return true;
  if (Array.isArray(v)) return v.some(hasDecimal);
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) if (hasDecimal(v[k])) return true;
  }
  return false;
}

/**
 * The value `sortKey` would use for `path` when the document reaches it
 * without crossing an array (null when missing/undefined), or NOT_SIMPLE when
 * an array is on the way or at the leaf, or the value holds a Decimal128.
 * Mirrors `pathValues`: only plain objects are descended into.
 */
export function simpleValue(doc: Doc, path: string[]): any {
  let v: any = doc;
  for (let i = 0; i < path.length; i++) {
    if (Array.isArray(v)) return NOT_SIMPLE;
    if (!isPlainObject(v) || !Object.prototype.hasOwnProperty.call(v, path[i])) return null;
    v = v[path[i]];
    if (v === undefined) return null;
  }
  if (Array.isArray(v) || hasDecimal(v)) return NOT_SIMPLE;
  return v;
}

/** A pending addition (merged into the sorted arrays on the next read). */
interface Entry {
  id: string;
  key: any;
  seq: number;
}

/**
 * The view's documents in order, as three arrays side by side: an object per document (id, key, sequence and a date's
 * time) took about 70 bytes and a boxed number; these take 24 bytes a document. `same[i]` (built on the first walk)
 * says whether document i has the same key as document i - 1.
 */
interface Sorted {
  ids: string[];
  keys: any[];
  seqs: Float64Array;
  same: Uint8Array | null;
}

/** compareValues(a, b) === 0, with shortcuts for the common key types. */
function sameKey(a: any, b: any): boolean {
  const ta = typeof a;
  if (ta === "string" && typeof b === "string") return a === b;
  if (ta === "number" && typeof b === "number") return a === b || (a !== a && b !== b);
  if (a instanceof Date && b instanceof Date) {
    const x = a.getTime();
    const y = b.getTime();
    if (x === y) return true;
    if (!Number.isNaN(x) && !Number.isNaN(y)) return false;
  }
  return compareValues(a, b) === 0;
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Comparator of positions in `keys`/`seqs` for a full build: the order of (compareValues of the keys, sequence),
 * cheaper when every key is a valid Date, a JS number other than NaN, or a string.
 */
function buildComparator(keys: any[], seqs: Float64Array): (a: number, b: number) => number {
  let dates = true;
  let numbers = true;
  let strings = true;
  for (const k of keys) {
    if (!(k instanceof Date) || Number.isNaN(k.getTime())) dates = false;
    if (typeof k !== "number" || Number.isNaN(k)) numbers = false;
    if (typeof k !== "string") strings = false;
    if (!dates && !numbers && !strings) return (a, b) => compareValues(keys[a], keys[b]) || seqs[a] - seqs[b];
  }
  if (dates) {
    const t = Float64Array.from(keys, (k: Date) => k.getTime());
    return (a, b) => t[a] - t[b] || seqs[a] - seqs[b];
  }
  // numbers; or strings without surrogates, whose JS (UTF-16 code unit) order is code point = UTF-8 byte order
  if (numbers || !keys.some((k) => SURROGATE.test(k)))
    return (a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : seqs[a] - seqs[b]);
  return (a, b) => compareStrings(keys[a], keys[b]) || seqs[a] - seqs[b];
}

/** Rebuild from scratch instead of merging when more than this many changes are pending. */
const MAX_PENDING = 20_000;

export class OrderedView {
  readonly path: string[];
  /** documents whose value on `path` cannot be ordered here (arrays, Decimal128) */
  nonOrderable = 0;
  /** ascending by (key, seq); null = not built (or dropped) */
  private sorted: Sorted | null = null;
  private pendingAdd = new Map<string, Entry>();
  private pendingRemove = new Set<string>();

  constructor(path: string[]) {
    this.path = path;
  }

  get usable(): boolean {
    return this.nonOrderable === 0;
  }

  add(id: string, doc: Doc, seq: number) {
    const key = simpleValue(doc, this.path);
    if (key === NOT_SIMPLE) {
      this.nonOrderable++;
      return;
    }
    if (!this.sorted) return;
    this.pendingAdd.set(id, { id, key, seq });
    this.checkPending();
  }

  remove(id: string, doc: Doc) {
    if (simpleValue(doc, this.path) === NOT_SIMPLE) {
      this.nonOrderable--;
      return;
    }
    if (!this.sorted) return;
    this.pendingAdd.delete(id);
    this.pendingRemove.add(id);
    this.checkPending();
  }

  /** A document replaced by another with the same id and sequence. */
  replace(id: string, oldDoc: Doc, newDoc: Doc, seq: number) {
    const a = simpleValue(oldDoc, this.path);
    const b = simpleValue(newDoc, this.path);
    if (a !== NOT_SIMPLE && b !== NOT_SIMPLE && sameKey(a, b)) return; // same position
    this.remove(id, oldDoc);
    this.add(id, newDoc, seq);
  }

  private checkPending() {
    if (this.pendingAdd.size + this.pendingRemove.size > MAX_PENDING) this.invalidate();
  }

  invalidate() {
    this.sorted = null;
    this.pendingAdd.clear();
    this.pendingRemove.clear();
  }

  /** Up-to-date ascending arrays (builds them, or merges pending changes). */
  private entries(docs: Map<string, Doc>, seqOf: (d: Doc) => number): Sorted {
    if (!this.sorted) {
      const ids: string[] = [];
      const keys: any[] = [];
      const seqList: number[] = [];
      for (const [id, doc] of docs) {
        const key = simpleValue(doc, this.path);
        if (key === NOT_SIMPLE) continue;
        ids.push(id);
        keys.push(key);
        seqList.push(seqOf(doc));
      }
      const n = ids.length;
      const seqs = Float64Array.from(seqList);
      const order = new Uint32Array(n);
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort(buildComparator(keys, seqs));
      const sorted: Sorted = { ids: new Array(n), keys: new Array(n), seqs: new Float64Array(n), same: null };
      for (let i = 0; i < n; i++) {
        const j = order[i];
        sorted.ids[i] = ids[j];
        sorted.keys[i] = keys[j];
        sorted.seqs[i] = seqs[j];
      }
      this.sorted = sorted;
      return sorted;
    }
    if (this.pendingAdd.size === 0 && this.pendingRemove.size === 0) return this.sorted;
    const old = this.sorted;
    const adds = Array.from(this.pendingAdd.values()).sort((x, y) => compareValues(x.key, y.key) || x.seq - y.seq);
    const gone = this.pendingRemove;
    const max = old.ids.length + adds.length;
    const ids: string[] = [];
    const keys: any[] = [];
    const seqs = new Float64Array(max);
    let k = 0;
    const push = (id: string, key: any, seq: number) => {
      ids.push(id);
      keys.push(key);
      seqs[k++] = seq;
    };
    let j = 0;
    for (let i = 0; i < old.ids.length; i++) {
      if (gone.has(old.ids[i])) continue;
      while (j < adds.length && (compareValues(adds[j].key, old.keys[i]) || adds[j].seq - old.seqs[i]) < 0)
        push(adds[j].id, adds[j].key, adds[j++].seq);
      push(old.ids[i], old.keys[i], old.seqs[i]);
    }
    while (j < adds.length) push(adds[j].id, adds[j].key, adds[j++].seq);
    this.sorted = { ids, keys, seqs: k === max ? seqs : seqs.slice(0, k), same: null };
    this.pendingAdd.clear();
    this.pendingRemove.clear();
    return this.sorted;
  }

  /**
   * Ids whose key lies within the bounds, in key order: a binary search for
   * each end, restricted to the bounds' BSON type (MongoDB's type bracketing:
   * `{$gt: 5}` never matches a string).
   */
  range(
    b: { lo?: { value: any; inclusive: boolean }; hi?: { value: any; inclusive: boolean } },
    docs: Map<string, Doc>,
    seqOf: (d: Doc) => number,
  ): string[] {
    const { ids, keys } = this.entries(docs, seqOf);
    const rank = typeRank((b.lo ?? b.hi)!.value);
    // first position whose key is not "before" the predicate
    const search = (before: (key: any) => boolean) => {
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(keys[mid])) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const start = search((key) => {
      const r = typeRank(key);
      if (r !== rank) return r < rank;
      if (!b.lo) return false;
      const c = compareValues(key, b.lo.value);
      return b.lo.inclusive ? c < 0 : c <= 0;
    });
    const end = search((key) => {
      const r = typeRank(key);
      if (r !== rank) return r < rank;
      if (!b.hi) return true;
      const c = compareValues(key, b.hi.value);
      return b.hi.inclusive ? c <= 0 : c < 0;
    });
    return ids.slice(start, Math.max(start, end));
  }

  /** Number of ordered documents (after merging pending changes). */
  size(docs: Map<string, Doc>, seqOf: (d: Doc) => number): number {
    return this.entries(docs, seqOf).ids.length;
  }

  /**
   * Calls `fn(ids, from, to)` for consecutive slices `ids[from..to)` in sort
   * order for direction `dir`; ids inside a slice are in ascending sequence.
   * With `runs` every slice holds all the documents with equal keys;
   * without, slices may be single documents (same overall order). Stops when
   * `fn` returns false.
   */
  walk(
    dir: 1 | -1,
    docs: Map<string, Doc>,
    seqOf: (d: Doc) => number,
    runs: boolean,
    fn: (ids: string[], from: number, to: number) => boolean,
  ) {
    const sorted = this.entries(docs, seqOf);
    const { ids, keys } = sorted;
    const n = ids.length;
    if (!sorted.same) {
      // tie runs, computed once per version of the sorted arrays
      const same = new Uint8Array(n);
      for (let i = 1; i < n; i++) if (sameKey(keys[i - 1], keys[i])) same[i] = 1;
      sorted.same = same;
    }
    const same = sorted.same;
    if (dir === 1) {
      let i = 0;
      while (i < n) {
        let j = i + 1;
        if (runs) while (j < n && same[j]) j++;
        if (!fn(ids, i, j)) return;
        i = j;
      }
      return;
    }
    let i = n - 1;
    while (i >= 0) {
      let j = i;
      while (j > 0 && same[j]) j--;
      if (!fn(ids, j, i + 1)) return;
      i = j - 1;
    }
  }
}

interface Decorated {
  d: Doc;
  k: any[];
  s: number;
}

/**
 * The documents at positions [skip, skip+limit) of `docs` sorted by `spec`
 * (limit 0 = no limit), ties by `seqOf`. Uses a bounded max-heap of
 * skip+limit elements when that is smaller than the input; identical result
 * to a full stable sort by (keys, seq).
 */
export function selectSorted(
  docs: Iterable<Doc>,
  spec: SortField[],
  skip: number,
  limit: number,
  seqOf: (d: Doc) => number,
): Doc[] {
  const n = spec.length;
  const cmp = (x: Decorated, y: Decorated): number => {
    for (let j = 0; j < n; j++) {
      const c = compareValues(x.k[j], y.k[j]);
      if (c !== 0) return c * spec[j].dir;
    }
    return x.s - y.s;
  };
  const decorate = (d: Doc): Decorated => {
    const k = new Array(n);
    for (let j = 0; j < n; j++) {
      const v = simpleValue(d, spec[j].path);
      k[j] = v === NOT_SIMPLE ? sortKey(d, spec[j].path, spec[j].dir) : v;
    }
    return { d, k, s: seqOf(d) };
  };
  const want = limit > 0 ? skip + limit : Infinity;
  const input = Array.isArray(docs) ? docs : Array.from(docs);
  if (input.length <= skip) return [];
  if (input.length <= want) {
    const all: Decorated[] = input.map(decorate);
    all.sort(cmp);
    return all.slice(skip, skip + (limit > 0 ? limit : all.length)).map((x) => x.d);
  }
  // max-heap: heap[0] is the worst of the best `want` seen so far
  const heap: Decorated[] = [];
  const up = (i: number) => {
    const x = heap[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[p], x) >= 0) break;
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = x;
  };
  const down = (i: number) => {
    const len = heap.length;
    const x = heap[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= len) break;
      if (c + 1 < len && cmp(heap[c + 1], heap[c]) > 0) c++;
      if (cmp(heap[c], x) <= 0) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = x;
  };
  for (const d of input) {
    const x = decorate(d);
    if (heap.length < want) {
      heap.push(x);
      up(heap.length - 1);
    } else if (cmp(x, heap[0]) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  heap.sort(cmp);
  return heap.slice(skip).map((x) => x.d);
}
