import { z } from "zod";
import { ALL_SUBJECTS, PROGRAMMES } from "#app/domain/programmes.ts";
import { isCalendarDate } from "#app/domain/dates.ts";
import {
  ANSWER_REQUIRED,
  ANSWER_TOO_LONG,
  EVALUATION_LIMITS as LIMIT,
  NOT_AN_OPTION,
  QUESTION_TYPES,
  RATING_OUT_OF_RANGE,
  type Slot,
} from "#app/domain/evaluations.ts";
import { checkbox, requiredText, searchField } from "#app/forms/parse.ts";

/** A datetime-local value ("2026-12-01T08:00"), read as Accra time, which is UTC all year. */
function dateTime(label: string) {
  return z
    .string({ error: `Enter the ${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${label} as a date and time`)
    .refine((v) => isCalendarDate(v.slice(0, 10)), `Enter the ${label} as a date and time`)
    .transform((v) => new Date(`${v}:00Z`))
    .refine(
      (d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2020 && d.getUTCFullYear() <= 2100,
      `Enter the ${label} as a date and time`,
    );
}

/** The date-time input's value for a stored date. */
export function toDateTimeInput(value: Date | string | null | undefined): string {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16);
}

export const CLOSES_BEFORE_OPENS = "The closing time must be after the opening time";

/** The form's details: title, introduction, audience, when it is open, anonymous or named. */
export const EvaluationDetailsSchema = z
  .object({
    title: requiredText("Title is required", LIMIT.title, `Title must be at most ${LIMIT.title} characters`, {
      length: 3,
      message: "Title must be at least 3 characters",
    }),
    intro: z.string().trim().max(LIMIT.intro, `Keep the introduction to ${LIMIT.intro} characters or fewer`).optional(),
    programmes: z
      .array(z.enum(PROGRAMMES, { error: "Choose programmes from the list" }))
      .max(PROGRAMMES.length)
      .optional()
      .default([]),
    subject: z
      .enum(ALL_SUBJECTS as unknown as [string, ...string[]], { error: "Choose a subject from the list" })
      .optional(),
    opensAt: dateTime("opening time"),
    closesAt: dateTime("closing time"),
    anonymous: checkbox,
  })
  // Checked even when other fields have errors, as long as both times are valid: every message at once.
  .refine((v) => v.closesAt > v.opensAt, {
    path: ["closesAt"],
    message: CLOSES_BEFORE_OPENS,
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === "opensAt" || i.path?.[0] === "closesAt"),
  });

export const TOO_FEW_OPTIONS = "Give at least two options, one per line";
export const DUPLICATE_OPTIONS = "Each option must be different";

/** A question's fields as submitted (also what the browser's constraints are read from). */
export const QuestionFieldsSchema = z.object({
  type: z.enum(QUESTION_TYPES, { error: "Choose a question type" }),
  prompt: requiredText(
    "Question is required",
    LIMIT.prompt,
    `Keep the question to ${LIMIT.prompt} characters or fewer`,
    { length: 3, message: "Question must be at least 3 characters" },
  ),
  required: checkbox,
  perSubject: checkbox,
  options: z
    .string()
    .max(LIMIT.options * (LIMIT.option + 2), "Too many options")
    .optional(),
  lowLabel: z.string().trim().max(LIMIT.endLabel, `At most ${LIMIT.endLabel} characters`).optional(),
  highLabel: z.string().trim().max(LIMIT.endLabel, `At most ${LIMIT.endLabel} characters`).optional(),
});

/** One question: its type, wording, required or not, per subject or not; choices need options, ratings may label their ends. */
export const QuestionSchema = QuestionFieldsSchema.transform((v, ctx) => {
  const options = (v.options ?? "")
    .split(/\r?\n/)
    .map((o) => o.trim())
    .filter(Boolean);
  if (v.type === "single" || v.type === "multiple") {
    if (options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: TOO_FEW_OPTIONS });
    else if (options.length > LIMIT.options)
      ctx.addIssue({ code: "custom", path: ["options"], message: `At most ${LIMIT.options} options` });
    else if (options.some((o) => o.length > LIMIT.option))
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: `Keep each option to ${LIMIT.option} characters or fewer`,
      });
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: DUPLICATE_OPTIONS });
  }
  const choice = v.type === "single" || v.type === "multiple";
  return {
    type: v.type,
    prompt: v.prompt,
    required: v.required,
    perSubject: v.perSubject,
    options: choice ? options : [],
    lowLabel: v.type === "rating" ? (v.lowLabel ?? "") : "",
    highLabel: v.type === "rating" ? (v.highLabel ?? "") : "",
  };
});

export const EVALUATION_DELETE_WORD = "DELETE";
export const EVALUATION_DELETE_HINT = `This form has answers: type ${EVALUATION_DELETE_WORD} to delete it with them`;

/** Deleting a form with answers needs the word typed; without answers a click is enough. */
export function evaluationDeleteSchema(hasResponses: boolean) {
  return z.object({
    confirm: hasResponses
      ? z
          .string({ error: EVALUATION_DELETE_HINT })
          .max(20, EVALUATION_DELETE_HINT)
          .refine((v) => v.trim() === EVALUATION_DELETE_WORD, EVALUATION_DELETE_HINT)
      : z.string().max(20).optional(),
  });
}

/**
 * The parent's answers to one form for one ward, built from the questions they are asked (answerSlots): a rating
 * 1–5, one of the options, some of the options, or text up to 2,000 characters; required ones must be answered.
 * The same schema runs in the browser and in the action.
 */
export function answerSchema(slots: Slot[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const slot of slots) {
    let field: z.ZodType;
    if (slot.type === "rating") {
      const rating = z
        .string({ error: ANSWER_REQUIRED })
        .refine((v) => /^[1-5]$/.test(v.trim()), RATING_OUT_OF_RANGE)
        .transform((v) => Number(v.trim()));
      field = slot.required ? rating : rating.optional();
    } else if (slot.type === "single") {
      const option = z.string({ error: ANSWER_REQUIRED }).refine((v) => slot.options.includes(v), NOT_AN_OPTION);
      field = slot.required ? option : option.optional();
    } else if (slot.type === "multiple") {
      // Checked on the whole list, so the error shows on the question rather than on one checkbox.
      const list = z.array(z.string(), { error: ANSWER_REQUIRED });
      const options = (slot.required ? list.min(1, ANSWER_REQUIRED) : list).refine(
        (values) => values.length <= slot.options.length && values.every((v) => slot.options.includes(v)),
        NOT_AN_OPTION,
      );
      field = slot.required ? options : options.optional();
    } else {
      const text = z.string({ error: ANSWER_REQUIRED }).trim().max(LIMIT.answer, ANSWER_TOO_LONG);
      field = slot.required ? text.min(1, ANSWER_REQUIRED) : text.optional();
    }
    shape[slot.key] = field;
  }
  return z.object(shape);
}

export const EvaluationResultsFiltersSchema = z.object({
  programme: z.enum(PROGRAMMES).optional().catch(undefined),
  subject: z
    .enum(ALL_SUBJECTS as unknown as [string, ...string[]])
    .optional()
    .catch(undefined),
  q: searchField(),
});
