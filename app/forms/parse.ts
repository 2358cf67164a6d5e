import { parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";

/**
 * Characters no text field keeps: C0 controls except tab, line feed and carriage return (NUL included), DEL, C1
 * controls, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make
 * "\u202Eevil\u202Cgnp.exe" display as "exe.png" in admin lists and CSV files. Zero-width marks (U+200E/F) stay:
 * Arabic and Hebrew names may need them and they cannot reorder text on their own.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** The text without the characters above. */
export function cleanText(value: string): string {
  return value.replace(UNSAFE_TEXT, "");
}

function cleanPayload<T extends FormData | URLSearchParams>(payload: T): T {
  const out = (payload instanceof URLSearchParams ? new URLSearchParams() : new FormData()) as T;
  for (const [key, value] of payload.entries()) {
    (out as FormData).append(cleanText(key), typeof value === "string" ? cleanText(value) : value);
  }
  return out;
}

/**
 * Conform's parseWithZod with every submitted text cleaned first (cleanText): the one place all form text passes
 * through on the server and in the browser, so no schema has to remember it and nothing stores a control character.
 */
export const parseWithZod: typeof conformParseWithZod = ((payload: FormData | URLSearchParams, options: never) =>
  conformParseWithZod(cleanPayload(payload), options)) as typeof conformParseWithZod;
