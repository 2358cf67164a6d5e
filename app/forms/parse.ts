import { parse } from "@conform-to/react";
import { parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { UNREADABLE_TEXT } from "#app/domain/messages.ts";
import { boundedEcho } from "#app/forms/bounds.ts";

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

/** A service's refusals by field ({ date: "…" }) as Conform's field errors ({ date: ["…"] }). */
export function fieldErrorsOf(errors: Partial<Record<string, string>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [String(v)]]));
}

/** A checkbox: ticked is true, absent (unticked) false. */
export const checkbox = z
  .boolean()
  .optional()
  .transform((v) => v === true);

/**
 * A text field the form cannot go without, trimmed: `required` when it is absent or empty, `tooLong` past `max`
 * characters; with `least`, shorter than `least.length` characters is refused with `least.message` (empty too).
 */
export const requiredText = (
  required: string,
  max: number,
  tooLong: string,
  least: { length: number; message: string } = { length: 1, message: required },
) => z.string({ error: required }).trim().min(least.length, least.message).max(max, tooLong);

/** The longest search a list takes; a longer one is cut here. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * A list's search box (`?q=`): cleaned like every text field, trimmed, cut at MAX_SEARCH_LENGTH; missing or malformed
 * is no search (""). Lists read it from the address, so it never fails the page.
 */
export const searchField = () =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) =>
      cleanText(v ?? "")
        .trim()
        .slice(0, MAX_SEARCH_LENGTH),
    );

function cleanPayload<T extends FormData | URLSearchParams>(payload: T): T {
  const out = (payload instanceof URLSearchParams ? new URLSearchParams() : new FormData()) as T;
  for (const [key, value] of payload.entries()) {
    (out as FormData).append(cleanText(key), typeof value === "string" ? cleanText(value) : value);
  }
  return out;
}

/**
 * The fields holding U+FFFD: what a decoder puts where the bytes sent were not UTF-8 (a broken client, a mangled
 * copy). Such text is refused rather than stored with the characters lost.
 */
function unreadableFields(payload: FormData | URLSearchParams): string[] {
  const names = new Set<string>();
  for (const [key, value] of payload.entries())
    if (typeof value === "string" && value.includes("\uFFFD")) names.add(cleanText(key));
  return [...names];
}

type Submission = import("@conform-to/react").Submission<unknown, string[]>;

/** The submission's reply copies back at most MAX_ECHO_BYTES of what was sent (app/forms/bounds.ts). */
function withBoundedReply(submission: Submission): Submission {
  const reply = submission.reply.bind(submission);
  submission.reply = ((options?: Parameters<Submission["reply"]>[0]) => {
    const result = reply(options);
    return result.initialValue ? { ...result, initialValue: boundedEcho(result.initialValue) } : result;
  }) as Submission["reply"];
  return submission;
}

/**
 * Conform's parseWithZod with every submitted text cleaned first (cleanText): the one place all form text passes
 * through on the server and in the browser, so no schema has to remember it and nothing stores a control character.
 * A field whose bytes were not UTF-8 fails with UNREADABLE_TEXT beside the schema's own errors. Its reply echoes a
 * bounded amount of what was sent.
 */
export const parseWithZod: typeof conformParseWithZod = ((payload: FormData | URLSearchParams, options: never) => {
  const bounded = (s: Submission | Promise<Submission>) =>
    s instanceof Promise ? s.then(withBoundedReply) : withBoundedReply(s);
  return bounded(parseCleaned(payload, options));
}) as typeof conformParseWithZod;

function parseCleaned(payload: FormData | URLSearchParams, options: never): Submission | Promise<Submission> {
  const cleaned = cleanPayload(payload);
  const submission = conformParseWithZod(cleaned, options) as unknown as Submission | Promise<Submission>;
  const unreadable = unreadableFields(payload);
  if (unreadable.length === 0) return submission;
  const refuse = (parsed: Submission) =>
    parse(cleaned, {
      resolve: () => ({
        error: {
          ...(parsed.status === "error" ? parsed.error : {}),
          ...Object.fromEntries(unreadable.map((name) => [name, [UNREADABLE_TEXT]])),
        },
      }),
    });
  return submission instanceof Promise ? submission.then(refuse) : refuse(submission);
}
