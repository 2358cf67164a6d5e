import { z } from "zod";
import { requiredText } from "#app/forms/parse.ts";
import { CLASS_SIZE_MAX, CLASS_SIZE_MIN } from "#app/domain/classes.ts";

const sizeError = `Enter a number of students from ${CLASS_SIZE_MIN} to ${CLASS_SIZE_MAX}`;

/** Admin → Classes: the most students in one class of a subject (docs/decisions/0112-classes-of-a-workable-size.md). */
export const ClassSizeSchema = z.object({
  classSize: z.coerce
    .number({ error: sizeError })
    .int(sizeError)
    .min(CLASS_SIZE_MIN, sizeError)
    .max(CLASS_SIZE_MAX, sizeError),
});

/** Admin → Classes: one class's own facilitator and class page (empty: the subject's). */
export const ClassChangeSchema = z.object({
  classId: z.string({ error: "Choose a class" }).max(300),
  facilitatorId: z
    .string()
    .max(80)
    .optional()
    .transform((v) => v || null),
  classPage: z
    .string()
    .trim()
    .max(500, "A link has at most 500 characters")
    .optional()
    .transform((v) => v || null),
});

export const CLASS_FIELD_LABELS = {
  classSize: "Students per class",
  facilitatorId: "Facilitator",
  classPage: "Class page (empty: the subject's)",
} as const;

export const CLASS_REQUEST_NOTE_MAX = 500;

/** A facilitator's "Create New Class": what class they need, for the office to set up (Admin → Classes). */
export const ClassRequestSchema = z.object({
  subject: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || null),
  note: requiredText(
    "Say which class you need: the subject, the form, how many students",
    CLASS_REQUEST_NOTE_MAX,
    `At most ${CLASS_REQUEST_NOTE_MAX} characters`,
    { length: 5, message: "Say which class you need: the subject, the form, how many students" },
  ),
});
