import { PROGRAMME_LABELS, PROGRAMMES } from "#app/domain/programmes.ts";
import { isPlausiblePhone, normalizePhone } from "#app/domain/phone.ts";

/**
 * The admin's registration search (docs/decisions/0081-registration-search.md): what a parent reads out on the phone
 * finds the registration, from an index at any size.
 * - A name's or the school's start: each word of the names and the school is stored with its prefixes (`searchKeys`,
 *   2 to 16 letters), looked up by equality ("Kwam", "Achimota Sch").
 * - A phone number, however written: a whole number matches the stored normalised numbers; 7 or 8 digits (the part
 *   people quote, "555 0722") match the numbers' last 7 digits, stored as a `tel:` key; 4 digits ("0003", the end a
 *   parent reads out) the last 4, as a `tel4:` key.
 * - The reference, exactly.
 * - Programme and subject labels, by a word's start ("PHYS", "science", "General Science"): matched against the
 *   catalogue here, then looked up on the programme and subjects indexes.
 * Every word must match (something); case and accents do not count.
 */
const MIN_PREFIX = 2;
const MAX_PREFIX = 16;
const TEL_DIGITS = 7;
const SHORT_TEL_DIGITS = 4;

/** Lower-case words without accents or punctuation: "Kwésí O'Brien-Ofori" → kwesi, obrien, ofori. */
export function searchWords(text: string | null | undefined): string[] {
  return String(text ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

type Searchable = {
  parentName: string;
  wardName: string;
  currentSchool?: string | null;
  whatsappNumberNormalized?: string | null;
  wardWhatsappNormalized?: string | null;
};

/** The keys stored with a registration for the search (set wherever its names or numbers are written). */
export function registrationSearchKeys(r: Searchable): string[] {
  const keys = new Set<string>();
  for (const word of searchWords(`${r.wardName} ${r.parentName} ${r.currentSchool ?? ""}`))
    for (let n = MIN_PREFIX; n <= Math.min(word.length, MAX_PREFIX); n++) keys.add(word.slice(0, n));
  for (const phone of [r.whatsappNumberNormalized, r.wardWhatsappNormalized]) {
    const digits = String(phone ?? "").replace(/\D/g, "");
    if (digits.length >= TEL_DIGITS) keys.add(`tel:${digits.slice(-TEL_DIGITS)}`);
    if (digits.length >= TEL_DIGITS) keys.add(`tel4:${digits.slice(-SHORT_TEL_DIGITS)}`);
  }
  return [...keys];
}

type Condition = Record<string, unknown>;

/**
 * The filter for what the admin typed (already cut to a search box's length, app/forms/parse.ts), or null when nothing
 * in it is searchable (only punctuation, single letters). `subjectNames` are the school's subjects (the catalogue and
 * any the admin added).
 */
export function registrationSearchFilter(q: string, subjectNames: readonly string[]): Condition | null {
  const text = q.trim();
  if (!text) return null;
  if (/^\+?[\d\s().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (isPlausiblePhone(text)) {
      const phone = normalizePhone(text);
      return { $or: [{ whatsappNumberNormalized: phone }, { wardWhatsappNormalized: phone }] };
    }
    if (digits.length >= TEL_DIGITS && digits.length <= TEL_DIGITS + 1)
      return { searchKeys: `tel:${digits.slice(-TEL_DIGITS)}` };
    if (digits.length === SHORT_TEL_DIGITS) return { searchKeys: `tel4:${digits}` };
  }
  // Longest first: a database planner that takes the first word's index lookup takes the likeliest to be selective.
  const words = [...new Set(searchWords(text).filter((w) => w.length >= MIN_PREFIX))].sort(
    (a, b) => b.length - a.length,
  );
  if (words.length === 0) return null;
  const subjectWords = subjectNames.map((name) => ({ name, words: searchWords(name) }));
  const conditions = words.map((word): Condition => {
    const branches: Condition[] = [{ searchKeys: word.slice(0, MAX_PREFIX) }];
    const subjects = subjectWords.filter((s) => s.words.some((w) => w.startsWith(word))).map((s) => s.name);
    if (subjects.length) branches.push({ subjects: { $in: subjects } });
    const programmes = PROGRAMMES.filter((p) => searchWords(PROGRAMME_LABELS[p]).some((w) => w.startsWith(word)));
    if (programmes.length) branches.push({ programme: { $in: programmes } });
    // A reference is one word of letters and digits, stored in lower case.
    if (words.length === 1 && /^[a-z0-9]{8,40}$/.test(word)) branches.push({ reference: word });
    return branches.length === 1 ? branches[0] : { $or: branches };
  });
  return conditions.length === 1 ? conditions[0] : { $and: conditions };
}
