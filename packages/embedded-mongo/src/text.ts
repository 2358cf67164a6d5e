/**
 * Text indexes and `$text` queries, following MongoDB's version 3 text
 * index with `default_language: "none"` (no stemming, no stop words):
 *  - terms are maximal runs of letters, digits and combining marks; every
 *    other character (spaces, punctuation, `+`, `-`, `_`, quotes) separates
 *    terms;
 *  - terms are compared case- and diacritic-insensitively (Unicode lower
 *    case, NFD, combining marks removed): "Ɛsi" = "ɛsi", "Adjéi" = "adjei";
 *  - `$search`: plain words are OR-ed; `"a phrase"` must appear (folded) as a
 *    substring of an indexed field, every phrase must match (AND); `-word`
 *    excludes documents containing the term. A document must also contain
 *    at least one positive term (phrase words count), as in MongoDB;
 *  - `{$meta: "textScore"}` is MongoDB's score: per field and term,
 *    weight * freq * (0.5 * count / tokens + 0.5), freq = Σ 1/2^i over the
 *    term's occurrences; summed over the query's distinct positive terms.
 * Other languages (stemming, stop words) are refused when the index is
 * created, never answered differently from MongoDB.
 */
import { type Ids, addId, idsIn, removeId } from "./ids.ts";
import { type Doc, MongoError, isPlainObject, notSupported, pathValues } from "./values.ts";

const TERM = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, controls included
const NON_ASCII = /[^\x00-\x7f]/;
/** TERM within ASCII, once lower-cased: ASCII has no marks, and its letters and digits are these. */
const ASCII_TERM = /[a-z0-9]+/g;

/**
 * Case- and diacritic-folded text. Most names, schools and numbers are ASCII, where NFD, the marks and NFC change
 * nothing: lower case is the whole fold.
 */
export function fold(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.toLowerCase().normalize("NFD").replace(MARKS, "").normalize("NFC");
}

/** Folded terms of a text, in order (repeats kept). */
export function tokenize(text: string): string[] {
  if (!NON_ASCII.test(text)) return text.toLowerCase().match(ASCII_TERM) ?? [];
  return fold(text).match(TERM) ?? [];
}

export interface TextSpec {
  fields: { name: string; path: string[]; weight: number }[];
}

/** Validates a text index key + options; returns the fields and weights. */
export function textSpecFrom(key: Doc, options: Doc): TextSpec {
  const fields: TextSpec["fields"] = [];
  const weights: Doc = isPlainObject(options.weights) ? options.weights : {};
  for (const [name, kind] of Object.entries(key)) {
    if (kind !== "text") {
      throw new MongoError(
        67,
        "CannotCreateIndex",
        `compound text indexes (text with '${name}': ${String(kind)}) are not supported by the embedded MongoDB server`,
      );
    }
    if (name === "$**")
      throw new MongoError(
        67,
        "CannotCreateIndex",
        "wildcard text indexes ($**) are not supported by the embedded MongoDB server",
      );
    const w = weights[name] === undefined ? 1 : Number(weights[name]);
    if (!Number.isInteger(w) || w < 1 || w > 99999)
      throw new MongoError(
        67,
        "CannotCreateIndex",
        `text index weight for '${name}' must be an integer from 1 to 99999`,
      );
    fields.push({ name, path: name.split("."), weight: w });
  }
  for (const name of Object.keys(weights)) {
    if (!(name in key))
      throw new MongoError(67, "CannotCreateIndex", `text index weights name a field that is not indexed: ${name}`);
  }
  const lang = options.default_language ?? "english";
  if (lang !== "none") {
    throw new MongoError(
      67,
      "CannotCreateIndex",
      `text index default_language '${lang}' is not supported by the embedded MongoDB server (it does not stem or drop stop words); create the index with default_language: "none"`,
    );
  }
  if (options.textIndexVersion !== undefined && Number(options.textIndexVersion) !== 3) {
    throw new MongoError(
      67,
      "CannotCreateIndex",
      "only textIndexVersion 3 is supported by the embedded MongoDB server",
    );
  }
  return { fields };
}

/** The string values of a field (arrays of strings included), as MongoDB's text index reads them. */
function fieldStrings(doc: Doc, path: string[]): string[] {
  return pathValues(doc, path, true).filter((v): v is string => typeof v === "string");
}

/** Per-term score contributions of a document, and its folded field texts (for phrases). */
export function scoreDocument(spec: TextSpec, doc: Doc): { terms: Map<string, number>; text: string } {
  const terms = new Map<string, number>();
  const texts: string[] = [];
  for (const f of spec.fields) {
    for (const s of fieldStrings(doc, f.path)) {
      const folded = fold(s);
      texts.push(folded);
      const tokens = folded.match(TERM) ?? [];
      if (tokens.length === 0) continue;
      const stats = new Map<string, { count: number; freq: number; exp: number }>();
      for (const t of tokens) {
        const st = stats.get(t) ?? { count: 0, freq: 0, exp: 0 };
        st.exp = st.exp ? st.exp * 2 : 1;
        st.count++;
        st.freq += 1 / st.exp;
        stats.set(t, st);
      }
      for (const [t, st] of stats) {
        const coeff = (0.5 * st.count) / tokens.length + 0.5;
        terms.set(t, (terms.get(t) ?? 0) + f.weight * st.freq * coeff);
      }
    }
  }
  // "\u0000" separates fields: a phrase never matches across two fields
  return { terms, text: texts.join("\u0000") };
}

export interface TextQuery {
  positive: string[];
  negative: string[];
  phrases: string[];
  negativePhrases: string[];
}

/** Parses `$search` like MongoDB: "quoted phrases", -negations, plain terms. */
export function parseSearch(search: string): TextQuery {
  const positive = new Set<string>();
  const negative = new Set<string>();
  const phrases: string[] = [];
  const negativePhrases: string[] = [];
  let i = 0;
  while (i < search.length) {
    const ch = search[i];
    if (ch === '"' || (ch === "-" && search[i + 1] === '"')) {
      const neg = ch === "-";
      const start = i + (neg ? 2 : 1);
      const end = search.indexOf('"', start);
      const body = search.slice(start, end < 0 ? search.length : end);
      i = end < 0 ? search.length : end + 1;
      if (!body.trim()) continue;
      if (neg) negativePhrases.push(fold(body));
      else {
        phrases.push(fold(body));
        for (const t of tokenize(body)) positive.add(t);
      }
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    let j = i;
    while (j < search.length && !/\s/.test(search[j]) && search[j] !== '"') j++;
    const word = search.slice(i, j);
    i = j;
    if (word.startsWith("-")) for (const t of tokenize(word.slice(1))) negative.add(t);
    else for (const t of tokenize(word)) positive.add(t);
  }
  return { positive: [...positive], negative: [...negative], phrases, negativePhrases };
}

/** The distinct folded terms of a document's indexed fields. */
export function documentTerms(spec: TextSpec, doc: Doc): Set<string> {
  const terms = new Set<string>();
  for (const f of spec.fields) for (const s of fieldStrings(doc, f.path)) for (const t of tokenize(s)) terms.add(t);
  return terms;
}

/**
 * A text index's postings: term -> the ids of the documents containing it. Scores are not stored: a document's score
 * for a query is computed from the document when it is asked for (`score`), as are phrases (`search`), so no per-term
 * score or folded copy of any document's text is kept in memory.
 */
export class TextIndex {
  readonly spec: TextSpec;
  /** term -> the ids of the documents containing it (ids.ts: a lone id, or the batched array) */
  postings = new Map<string, Ids>();

  constructor(spec: TextSpec) {
    this.spec = spec;
  }

  add(id: string, doc: Doc) {
    for (const t of documentTerms(this.spec, doc)) addId(this.postings, t, id);
  }

  remove(id: string, doc: Doc) {
    for (const t of documentTerms(this.spec, doc)) removeId(this.postings, t, id);
  }

  /** `oldDoc` replaced by `newDoc` under the same id: only the terms that changed are touched. */
  replace(id: string, oldDoc: Doc, newDoc: Doc) {
    const before = documentTerms(this.spec, oldDoc);
    const after = documentTerms(this.spec, newDoc);
    for (const t of before) if (!after.has(t)) removeId(this.postings, t, id);
    for (const t of after) if (!before.has(t)) addId(this.postings, t, id);
  }

  /** Ids matching the query (documents with no positive term never match), in no particular order. */
  search(q: TextQuery, docOf: (id: string) => Doc | undefined): Set<string> {
    const out = new Set<string>();
    for (const t of q.positive) for (const id of idsIn(this.postings.get(t))) out.add(id);
    if (out.size === 0) return out;
    for (const t of q.negative) for (const id of idsIn(this.postings.get(t))) out.delete(id);
    if (q.phrases.length || q.negativePhrases.length) {
      for (const id of out) {
        const doc = docOf(id);
        const text = doc ? scoreDocument(this.spec, doc).text : "";
        if (!q.phrases.every((ph) => text.includes(ph)) || q.negativePhrases.some((ph) => text.includes(ph)))
          out.delete(id);
      }
    }
    return out;
  }

  /** A matching document's score for the query (MongoDB's textScore: the sum over the query's positive terms). */
  score(q: TextQuery, doc: Doc): number {
    const { terms } = scoreDocument(this.spec, doc);
    let sum = 0;
    for (const t of q.positive) sum += terms.get(t) ?? 0;
    return sum;
  }
}

/** Validates a `$text` operand; returns the parsed query. */
export function parseTextOperator(op: any): TextQuery {
  if (!isPlainObject(op) || typeof op.$search !== "string")
    throw new MongoError(2, "BadValue", "$text requires a $search string");
  for (const k of Object.keys(op)) {
    if (k === "$search") continue;
    if (k === "$language") {
      if (op.$language !== "none")
        throw new MongoError(
          17262,
          "Location17262",
          `language '${op.$language}' is not supported by the embedded MongoDB server's text search (only "none")`,
        );
    } else if (k === "$caseSensitive" || k === "$diacriticSensitive") {
      if (op[k]) throw notSupported(`${k}: true`);
    } else throw new MongoError(2, "BadValue", `unknown $text option ${k}`);
  }
  return parseSearch(op.$search);
}
