import { timingSafeEqual } from "node:crypto";

/**
 * Whether the secret a caller gave (in a callback URL) is the one expected, compared in constant time. No expected
 * secret matches nothing: a callback whose secret is not set does not exist.
 */
export function secretMatches(expected: string | null | undefined, given: string | null | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
