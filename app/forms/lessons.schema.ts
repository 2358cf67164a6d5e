import { z } from "zod";
import { CLASSES_MAX } from "#app/domain/classes.ts";
import { PROGRAMMES, WARD_FORMS } from "#app/domain/programmes.ts";
import {
  isLessonTime,
  JOIN_LINK_MAX,
  LESSON_NOTES_MAX,
  LESSON_WEEKDAYS,
  MATERIAL_LINK_MAX,
  MATERIAL_MAX_BYTES,
  materialLinkError,
} from "#app/domain/lessons.ts";
import { isSchoolDay } from "#app/domain/vacations.ts";
import { checkbox } from "#app/forms/parse.ts";

const time = (label: string) =>
  z
    .string({ error: `Enter the time the lesson ${label}` })
    .refine(isLessonTime, `Enter the time the lesson ${label} as hours and minutes, e.g. 14:30`);
const date = z.string({ error: "Enter the lesson's day" }).refine(isSchoolDay, "Enter the lesson's day as a date");

const audience = {
  vacation: z.string({ error: "Choose a vacation" }).max(60),
  programme: z.enum(PROGRAMMES, { error: "Choose a programme" }),
  subject: z.string({ error: "Choose a subject" }).trim().max(100),
  /** None ticked: every form of the programme. */
  forms: z
    .array(z.enum(WARD_FORMS, { error: "Choose Form 1, Form 2 or Form 3" }))
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  /** Which class of the subject (docs/decisions/0112-classes-of-a-workable-size.md); empty: the first. */
  classNo: z.coerce
    .number({ error: `Enter a class number from 1 to ${CLASSES_MAX}` })
    .int(`Enter a class number from 1 to ${CLASSES_MAX}`)
    .min(1, `Enter a class number from 1 to ${CLASSES_MAX}`)
    .max(CLASSES_MAX, `Enter a class number from 1 to ${CLASSES_MAX}`)
    .optional()
    .default(1),
  start: time("starts"),
  end: time("ends"),
};

/** Admin → Lessons, "Add a weekly class": its lessons fall on one weekday of every week of the vacation. */
export const WeeklyClassSchema = z.object({
  ...audience,
  weekday: z.coerce
    .number({ error: "Choose a day of the week" })
    .int()
    .refine((d) => LESSON_WEEKDAYS.some((w) => w.value === d), "Choose a day from Monday to Saturday"),
});

/** Admin → Lessons, "Add one lesson". */
export const OneLessonSchema = z.object({ ...audience, date });

/** A lesson's page: move it, telling its students by SMS when ticked. */
export const MoveLessonSchema = z.object({ date, start: time("starts"), end: time("ends"), tell: checkbox });

/** A lesson's page: cancel it, telling its students by SMS when ticked. */
export const CancelLessonSchema = z.object({ tell: checkbox });

/**
 * Admin → Lessons, "A day without lessons": the day's lessons are cancelled (its students told by SMS when ticked) or
 * moved to another day at the same times.
 */
export const DayOffSchema = z
  .object({
    vacation: audience.vacation,
    date,
    what: z.enum(["cancel", "move"], { error: "Choose whether its lessons are cancelled or moved" }),
    moveTo: date.optional(),
    tell: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.what !== "move") return;
    if (!v.moveTo) ctx.addIssue({ code: "custom", path: ["moveTo"], message: "Enter the day its lessons move to" });
    else if (v.moveTo === v.date)
      ctx.addIssue({ code: "custom", path: ["moveTo"], message: "Choose another day than the day without lessons" });
  });

/** A lesson's notes and materials (the file, when any, is checked from its bytes by the upload parser). */
export const LessonMaterialsSchema = z.object({
  notes: z
    .string()
    .trim()
    .max(LESSON_NOTES_MAX, `The notes are at most ${LESSON_NOTES_MAX} characters`)
    .optional()
    .transform((v) => v ?? ""),
  materialLink: z
    .string()
    .trim()
    .max(MATERIAL_LINK_MAX, `The link is at most ${MATERIAL_LINK_MAX} characters`)
    .optional()
    .superRefine((v, ctx) => {
      const error = v ? materialLinkError(v) : null;
      if (error) ctx.addIssue({ code: "custom", message: error });
    })
    .transform((v) => v || null),
  removeFile: checkbox,
});

/** The same plus the file, for the browser's instant check of its size (the server checks the bytes). */
export const LessonMaterialsFormSchema = LessonMaterialsSchema.extend({
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File)
    .optional()
    .refine((f) => !f || f.size <= MATERIAL_MAX_BYTES, "The file is larger than 10 MB"),
});

/** The facilitator's "Start class": the lesson and the call link (empty: the subject's class page). */
export const StartLessonSchema = z.object({
  lessonId: z.string({ error: "Choose a lesson" }).max(80),
  joinLink: z.string().trim().max(JOIN_LINK_MAX, `The link is at most ${JOIN_LINK_MAX} characters`).optional(),
});

export const LESSON_FIELD_LABELS = {
  vacation: "Vacation",
  programme: "Programme",
  subject: "Subject",
  forms: "Forms (none ticked: every form)",
  classNo: "Class number (1 where there is only one)",
  weekday: "Day of the week",
  date: "Day",
  start: "Starts",
  end: "Ends",
  tell: "Tell its students by SMS",
  joinLink: "Call link (empty: the subject's class page)",
  dayOff: "Day without lessons",
  what: "Its lessons",
  moveTo: "Move them to",
  tellDayOff: "Tell the students of cancelled lessons by SMS",
  notes: "Notes for the students",
  materialLink: "A link (a video, a document, a page)",
  file: "A file (PDF, JPEG or PNG, at most 10 MB)",
  removeFile: "Remove the file",
} as const;
