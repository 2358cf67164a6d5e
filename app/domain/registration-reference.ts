/**
 * A registration's reference: read out over the phone and typed on a phone keyboard, so made of characters no one
 * confuses (no 0/o, no 1/l/i) and shown in groups of four in capitals ("K7KG 2TPW PQXM"). Stored in lower case without
 * spaces; a reference typed any way (capitals, spaces, dashes) is compared through `normaliseReference`. References
 * made before this alphabet (lower-case letters and digits) stay valid and are shown the same way.
 */
export const REFERENCE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const REFERENCE_LENGTH = 12;

/** The stored form of a reference as anyone typed it. */
export const normaliseReference = (reference: string) => String(reference).toLowerCase().replace(/[\s-]/g, "");

/** A reference as people read it: capitals, in groups of four. */
export function readableReference(reference: string): string {
  return (
    normaliseReference(reference)
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}
