/**
 * The ids under one index key or text term. Most keys of most indexes hold a single document (ids, references, phone
 * numbers, timestamps, rare names): a lone id is kept as the string itself. A key that many documents share (a
 * programme, a subject, a payment state, a common word) keeps its ids in a `ManyIds`.
 */
export type Ids = string | ManyIds;

/**
 * Ids in an array, with removals noted in `gone` and swept out once they are a quarter of it: a removal costs no scan
 * of the array, and the ids about a pointer each (a Set costs three to four times that). The ids stay in the order
 * they were added; an id removed and added again before a sweep keeps its place.
 *
 * Callers add an id only when it is not there (a document's keys are added once and removed before they change), as
 * the indexes and text postings do.
 */
export class ManyIds {
  private ids: string[];
  private gone: Set<string> | null = null;

  constructor(ids: string[]) {
    this.ids = ids;
  }

  get size(): number {
    return this.ids.length - (this.gone?.size ?? 0);
  }

  add(id: string) {
    if (this.gone?.delete(id)) return; // still in the array
    this.ids.push(id);
  }

  delete(id: string) {
    (this.gone ??= new Set()).add(id);
    if (this.gone.size * 4 > this.ids.length) {
      const gone = this.gone;
      this.ids = this.ids.filter((x) => !gone.has(x));
      this.gone = null;
    }
  }

  /** A linear scan: for small sets (a unique index's key shared only while a duplicate is being refused). */
  has(id: string): boolean {
    return !this.gone?.has(id) && this.ids.includes(id);
  }

  first(): string | undefined {
    for (const id of this) return id;
    return undefined;
  }

  *[Symbol.iterator](): Iterator<string> {
    const gone = this.gone;
    for (const id of this.ids) if (!gone?.has(id)) yield id;
  }
}

const NO_IDS: readonly string[] = [];

/** The ids as an iterable (none for undefined). */
export function idsIn(ids: Ids | undefined): Iterable<string> {
  if (ids === undefined) return NO_IDS;
  return typeof ids === "string" ? [ids] : ids;
}

export function idsCount(ids: Ids | undefined): number {
  if (ids === undefined) return 0;
  return typeof ids === "string" ? 1 : ids.size;
}

export function idsHas(ids: Ids, id: string): boolean {
  return typeof ids === "string" ? ids === id : ids.has(id);
}

export function firstId(ids: Ids): string {
  return typeof ids === "string" ? ids : ids.first()!;
}

/** Adds `id` under `key` (a lone id becomes a ManyIds when a second one joins it). */
export function addId(m: Map<string, Ids>, key: string, id: string) {
  const s = m.get(key);
  if (s === undefined) m.set(key, id);
  else if (typeof s !== "string") s.add(id);
  else if (s !== id) m.set(key, new ManyIds([s, id]));
}

/** Removes `id` from under `key` (a ManyIds left with one id becomes that id; an empty key is deleted). */
export function removeId(m: Map<string, Ids>, key: string, id: string) {
  const s = m.get(key);
  if (s === undefined) return;
  if (typeof s === "string") {
    if (s === id) m.delete(key);
    return;
  }
  s.delete(id);
  if (s.size === 1) m.set(key, s.first()!);
  else if (s.size === 0) m.delete(key);
}

/**
 * A map of ids as a checkpoint image keeps it (image.ts), in parts of at most IMAGE_KEYS keys: the keys in order and,
 * per key, how many ids and their ordinals (positions in the collection's natural order): the ids themselves are not
 * repeated in every index. `last` marks the map's last part.
 */
export interface IdsMapPart {
  keys: string[];
  counts: Uint32Array;
  ords: Uint32Array;
  last: boolean;
}

/** Keys per part: a part is garbage before the next minor collection when it is read back. */
const IMAGE_KEYS = 4096;

/** Hands `m` to `emit` in parts; `ordOf` gives each id's ordinal (an id it does not know means a broken index: throws). */
export function writeIdsMap(m: Map<string, Ids>, ordOf: Map<string, number>, emit: (part: IdsMapPart) => void) {
  let keys: string[] = [];
  let counts: number[] = [];
  let ords: number[] = [];
  const flush = (last: boolean) => {
    emit({ keys, counts: Uint32Array.from(counts), ords: Uint32Array.from(ords), last });
    keys = [];
    counts = [];
    ords = [];
  };
  for (const [key, v] of m) {
    if (keys.length === IMAGE_KEYS) flush(false);
    keys.push(key);
    let n = 0;
    for (const id of idsIn(v)) {
      const ord = ordOf.get(id);
      if (ord === undefined) throw new Error(`index key ${JSON.stringify(key)} names a document that is not stored`);
      ords.push(ord);
      n++;
    }
    counts.push(n);
  }
  flush(true);
}

/**
 * The map `writeIdsMap` wrote, read part by part from `next`: the same keys in the same order with the same ids in
 * the same order. `keyOf` may hand back an equal string to store instead of the image's copy (the document's own, so
 * that both share one), given the ordinal of the key's first id.
 */
export function readIdsMap(
  next: () => IdsMapPart,
  ids: string[],
  keyOf?: (key: string, firstOrd: number) => string,
): Map<string, Ids> {
  const m = new Map<string, Ids>();
  for (;;) {
    const { keys, counts, ords, last } = next();
    let p = 0;
    for (let i = 0; i < keys.length; i++) {
      const n = counts[i];
      if (n === 0) continue;
      const key = keyOf ? keyOf(keys[i], ords[p]) : keys[i];
      if (n === 1) m.set(key, ids[ords[p]]);
      else {
        const many: string[] = new Array(n);
        for (let j = 0; j < n; j++) many[j] = ids[ords[p + j]];
        m.set(key, new ManyIds(many));
      }
      p += n;
    }
    if (last) return m;
  }
}
