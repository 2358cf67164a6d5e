export const COUNTRY_DIAL_CODE = "+233";

/**
 * Spec §5: keep digits only; a leading 0 becomes +233 followed by the rest;
 * a leading 233 gets a +; otherwise +233 is prefixed. Empty input stays empty.
 */
export function normalizePhone(input: string | null | undefined): string {
  const digits = (input ?? "").replace(/\D/g, "");
  if (!digits) return "";
  if (digits.startsWith("0")) return `${COUNTRY_DIAL_CODE}${digits.slice(1)}`;
  if (digits.startsWith("233")) return `+${digits}`;
  return `${COUNTRY_DIAL_CODE}${digits}`;
}

/**
 * A usable login phone: after normalising, +233 and 9 to 12 more digits
 * (Ghana mobiles have 9; a little slack for other lengths).
 */
export function isPlausiblePhone(input: string | null | undefined): boolean {
  return /^\+233\d{9,12}$/.test(normalizePhone(input));
}

/** wa.me takes the number without "+". */
export function waMeNumber(input: string): string {
  return normalizePhone(input).replace(/^\+/, "");
}
