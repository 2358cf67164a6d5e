import { z } from "zod";
import { checkbox } from "#app/forms/parse.ts";
import { VACATION_NAME_MAX, VACATION_NAME_MIN, isSchoolDay } from "#app/domain/vacations.ts";

const day = (label: string) =>
  z.string({ error: `Enter the day ${label}` }).refine(isSchoolDay, `Enter the day ${label} as a date`);

/** A vacation's dates (Admin → Vacations); their order and overlaps are checked on the server (app/domain/vacations.ts). */
export const VacationDatesSchema = z.object({
  registrationOpens: day("registration opens"),
  registrationCloses: day("registration closes"),
  lessonsStart: day("lessons start"),
  lessonsEnd: day("lessons end"),
  newSchoolYear: checkbox,
});

/** "Open a new vacation": its name and dates, and what it takes over from the vacation before it. */
export const OpenVacationSchema = VacationDatesSchema.extend({
  name: z
    .string({ error: "Enter the vacation's name, e.g. 2027 Easter vacation" })
    .trim()
    .min(VACATION_NAME_MIN, `The name must be at least ${VACATION_NAME_MIN} characters`)
    .max(VACATION_NAME_MAX, `The name must be at most ${VACATION_NAME_MAX} characters`)
    .regex(/^[\p{L}\p{N} '&/()-]+$/u, "Use letters, digits, spaces and ' & / ( ) - in the name"),
  copyFees: checkbox,
  /** The copied fees' payment deadline (empty: the day lessons start); never the last vacation's past date. */
  feesDeadline: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isSchoolDay(v), "Enter the fees deadline as a date"),
  renewClassPages: checkbox,
  keepTimetables: checkbox,
  /** Asked only when another vacation's registration window is open on the same days: families will choose. */
  bothOpen: checkbox,
});

export const VACATION_FIELD_LABELS = {
  name: "Name",
  registrationOpens: "Registration opens",
  registrationCloses: "Registration closes",
  lessonsStart: "Lessons start",
  lessonsEnd: "Lessons end",
  newSchoolYear: "This vacation starts a new school year (returning wards move up one form)",
  copyFees: "Copy the fees of the last vacation",
  feesDeadline: "Pay the fees by",
  renewClassPages: "Renew the class pages (the same WhatsApp pages serve this vacation)",
  keepTimetables: "Keep the uploaded timetables until new ones replace them",
  bothOpen: "Take enrolments for both vacations: families choose one on the form",
} as const;
