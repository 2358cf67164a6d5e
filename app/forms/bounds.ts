import { CLASS_SIZE_MAX } from "#app/domain/classes.ts";

/**
 * What no form of the portal ever sends, refused before any schema runs (app/utils/form-body.server.ts for forms,
 * app/utils/uploads.server.ts for uploads): Conform turns `phone[9999999]=1` into a ten-million-element array and its
 * reply copies it back, and ten thousand fields keep a worker busy for seconds. docs/security.md#bounded-forms.
 */

/** The largest form is the register of the largest class the settings allow: a field per student, and a margin. */
export const MAX_FORM_FIELDS = CLASS_SIZE_MAX + 100;
/** No list in a form has more than a hundred entries (subjects, photos, options). */
export const MAX_FIELD_INDEX = 100;
/** The longest field name the portal writes is `mark:<id>`; a name is never a paragraph. */
export const MAX_FIELD_NAME_LENGTH = 128;
/** A refused form's answer copies back at most this much of what was sent (bytes of its JSON). */
export const MAX_ECHO_BYTES = 16 * 1024;

export const UNBOUNDED_FORM =
  "The form could not be read: it has fields no form of this portal sends. Reload the page and submit it again.";

/** The names of a form's fields pass the bounds above. */
export function fieldNamesWithinBounds(names: Iterable<string>): boolean {
  let count = 0;
  for (const name of names) {
    if (++count > MAX_FORM_FIELDS || name.length > MAX_FIELD_NAME_LENGTH) return false;
    for (const [, index] of name.matchAll(/\[(\d+)\]/g))
      if (index!.length > 3 || Number(index) > MAX_FIELD_INDEX) return false;
  }
  return true;
}

/**
 * A value to copy back into a refused form, at most `budget` bytes of JSON: entries are kept in order while they fit,
 * and what does not fit is left out (its field comes back empty rather than the answer growing with the input).
 */
export function boundedEcho<T>(value: T, budget = MAX_ECHO_BYTES): T {
  const encoder = new TextEncoder();
  const bytes = (text: string) => encoder.encode(text).length;
  let left = budget;
  const keep = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") {
      const size = bytes(JSON.stringify(v) ?? "") + 1;
      if (size > left) return undefined;
      left -= size;
      return v;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        const kept = keep(item);
        if (kept === undefined) break;
        out.push(kept);
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      left -= bytes(key) + 3;
      if (left <= 0) break;
      const kept = keep(item);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  };
  return keep(value) as T;
}
