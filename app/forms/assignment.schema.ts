import { TOO_MANY_PIXELS } from "#app/domain/files.ts";
import { z } from "zod";
import { checkbox, requiredText } from "#app/forms/parse.ts";
import {
  HANDIN_FILES_MAX,
  HANDIN_FILE_MAX_BYTES,
  HANDIN_TEXT_MAX,
  MARK_COMMENT_MAX,
  parseDueInput,
} from "#app/domain/work.ts";

/**
 * Facilitator assignment upload (docs/product.md#screens, docs/product.md#departures). Types: pdf, jpg,
 * jpeg, png, mp4, mov, avi — checked on the server from the file's bytes.
 * Size limit: 10 MB per file (videos included), chosen for parents' and
 * students' poor connections; the request-body cap for upload routes
 * (MAX_UPLOAD_BYTES, 12 MB) leaves room for the other fields.
 */
export const ASSIGNMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ASSIGNMENT_MAX_LABEL = "10 MB";
export const ASSIGNMENT_EXTENSIONS = ["pdf", "jpg", "jpeg", "png", "mp4", "mov", "avi"] as const;
export const ASSIGNMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.mp4,.mov,.avi";
export const ASSIGNMENT_INVALID_TYPE = "Please upload a PDF, JPG, PNG, MP4, MOV or AVI file";
export const ASSIGNMENT_TOO_LARGE = `Please upload files smaller than ${ASSIGNMENT_MAX_LABEL}`;
export const ASSIGNMENT_FILE_REQUIRED = "Please choose a file";
export const NO_ASSIGNMENTS = "No assignments uploaded yet. Upload your first test above.";

/** The text fields, as the server validates them (the file is checked separately, from its bytes). */
export const NO_SUBJECTS_YET = "The office has not given you a subject yet: ask it to add you to your subjects.";

export const AssignmentFieldsSchema = z.object({
  intent: z.literal("upload"),
  subject: z.string({ error: "Please choose a subject" }).trim().min(1, "Please choose a subject").max(100),
  title: requiredText("Title is required", 200, "Title must be at most 200 characters"),
  description: z.string().trim().max(2000, "Description must be at most 2000 characters").optional(),
  /** When work is due, in the school's time (a `datetime-local` value); empty: open all vacation. */
  due: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || parseDueInput(v) !== null, "Enter the date and time it is due")
    .transform((v) => (v ? parseDueInput(v) : null)),
  maxScore: z.coerce
    .number({ error: "Enter the maximum score" })
    .int("The maximum score is a whole number")
    .min(1, "The maximum score is at least 1")
    .max(1000, "The maximum score is at most 1000")
    .default(100),
  refuseLate: checkbox,
  /** One class of the subject (`<subject>|<programme>|<n>`, docs/decisions/0112-classes-of-a-workable-size.md); empty: every class. */
  forClass: z.string().trim().max(300).optional(),
});

function extensionOf(name: string) {
  return name.toLowerCase().split(".").pop() ?? "";
}

/** The same plus the file, for instant feedback in the browser (name and size only; the server checks the bytes). */
export const AssignmentUploadSchema = AssignmentFieldsSchema.extend({
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File)
    .optional()
    .refine((f) => !f || f.size <= ASSIGNMENT_MAX_BYTES, ASSIGNMENT_TOO_LARGE)
    .refine(
      (f) => !f || (ASSIGNMENT_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)),
      ASSIGNMENT_INVALID_TYPE,
    ),
});

/** The facilitator's change of an assignment's due time and late rule (its work page). */
export const WorkWindowSchema = AssignmentFieldsSchema.pick({ due: true, refuseLate: true });

/** A student's hand-in: typed text and/or files (checked on the server from their bytes, photos downscaled there). */
export const HandinSchema = z.object({
  text: z
    .string()
    .trim()
    .max(HANDIN_TEXT_MAX, `Your answer is at most ${HANDIN_TEXT_MAX} characters`)
    .optional()
    .transform((v) => v ?? ""),
});
export const HANDIN_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";
export const HANDIN_FILE_ERRORS = {
  "too-large": `Each file is at most ${HANDIN_FILE_MAX_BYTES / 1024 / 1024} MB`,
  "invalid-type": "Choose photos (JPEG or PNG) or a PDF",
  empty: "A file is empty",
  "too-many": `Choose at most ${HANDIN_FILES_MAX} files`,
  malformed: "The upload could not be read.",
  "too-many-pixels": TOO_MANY_PIXELS,
} as const;

/** The same plus the files, for the browser's instant check of their number and size. */
export const HandinFormSchema = HandinSchema.extend({
  files: z
    .array(z.custom<File>((v) => typeof File !== "undefined" && v instanceof File))
    .optional()
    .refine((f) => !f || f.length <= HANDIN_FILES_MAX, HANDIN_FILE_ERRORS["too-many"])
    .refine((f) => !f || f.every((x) => x.size <= HANDIN_FILE_MAX_BYTES), HANDIN_FILE_ERRORS["too-large"]),
});

/** A mark: a score from 0 (at most the assignment's maximum, checked by the server) with at most one decimal. */
export const MarkSchema = z.object({
  score: z.coerce
    .number({ error: "Enter a score" })
    .min(0, "Give a score from 0 to the maximum")
    .max(1000, "The score is at most 1000")
    .refine((n) => Math.round(n * 10) === n * 10, "Give the score with at most one decimal place"),
  /** When the work shown was handed in: a mark is for that version only. */
  seen: z
    .string({ error: "Open the work again before marking it" })
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), "Open the work again before marking it")
    .transform((v) => new Date(v)),
  comment: z
    .string()
    .trim()
    .max(MARK_COMMENT_MAX, `The comment is at most ${MARK_COMMENT_MAX} characters`)
    .optional()
    .transform((v) => v || null),
});

/** Item type by file type (docs/product.md#screens). */
export function assignmentKind(mime: string): "pdf" | "image" | "video" {
  if (mime === "application/pdf") return "pdf";
  if (mime.startsWith("image/")) return "image";
  return "video";
}
