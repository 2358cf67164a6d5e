import { z } from "zod";
import { isPlausiblePhone } from "#app/domain/phone.ts";
import { VACATION_NAME_MAX } from "#app/domain/vacations.ts";
import { PROGRAMMES, WARD_FORMS, isProgramme, subjectsFor } from "#app/domain/programmes.ts";
import {
  REFERRAL_STATUSES,
  REGISTRATION_MAX_LENGTHS as MAX_LENGTHS,
  REGISTRATION_MIN_LENGTHS as MIN_LENGTHS,
  UPDATE_MODES,
  YES_NO,
} from "#app/domain/registration.ts";

import {
  INVALID_PHONE,
  ONE_VALUE_ONLY,
  REFERRAL_OTHER_REQUIRED,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_MESSAGES,
  SUBJECT_NOT_IN_PROGRAMME,
  isEmpty,
  missingFieldsMessage,
  missingRequiredFields,
} from "#app/forms/registration.fields.ts";

// The labels, options and messages live beside the schema (registration.fields.ts); importers of either get both.
export * from "#app/forms/registration.fields.ts";

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
const tooShort = (label: string, min: number) => `${label} must be at least ${min} characters`;

/** A required single-line text: the spec message when missing, ours when too short, too long or malformed. */
function text(message: string, min: number, max: number, label: string) {
  return z
    .string({ error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : message) })
    .trim()
    .min(1, message)
    .min(min, tooShort(label, min))
    .max(max, tooLong(label, max));
}

function optionalText(max: number, label: string) {
  return z
    .string({ error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : `${label} is not valid`) })
    .trim()
    .max(max, tooLong(label, max))
    .optional();
}

function phone(message: string, label: string) {
  // An empty field gets only the spec message; anything that is not a valid mobile number (domain/phone.ts)
  // gets INVALID_PHONE.
  return (
    z
      .string({ error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : message) })
      .trim()
      .min(1, message)
      .max(MAX_LENGTHS.phone, tooLong(label, MAX_LENGTHS.phone))
      // Not `abort`: an explicitly aborted issue would also skip the form-level checks below.
      .refine(isPlausiblePhone, { message: INVALID_PHONE, when: (payload) => payload.issues.length === 0 })
  );
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : message) });
}

const L = REGISTRATION_FIELD_LABELS;
const M = REGISTRATION_MESSAGES;

/**
 * The registration form (docs/product.md#data fields, #validation rules and messages), shared by
 * /registration and /admin/register-student, by Conform on the client and by
 * processRegistration on the server. The browser loads it only to validate (registration-form.tsx).
 */
export const RegistrationSchema = z
  .object({
    /** Which vacation: one of those taking enrolments (the server checks it; none given means the running one). */
    vacation: optionalText(VACATION_NAME_MAX, L.vacation),
    parentName: text(M.parentName, MIN_LENGTHS.parentName, MAX_LENGTHS.parentName, L.parentName),
    whatsappNumber: phone(M.whatsappNumber, L.whatsappNumber),
    alternativeNumber: optionalText(MAX_LENGTHS.phone, L.alternativeNumber).refine(
      (v) => v === undefined || isPlausiblePhone(v),
      INVALID_PHONE,
    ),
    wardName: text(M.wardName, MIN_LENGTHS.wardName, MAX_LENGTHS.wardName, L.wardName),
    currentSchool: text(M.currentSchool, MIN_LENGTHS.currentSchool, MAX_LENGTHS.currentSchool, L.currentSchool),
    wardForm: choice(WARD_FORMS, M.wardForm),
    specificClass: text(M.specificClass, MIN_LENGTHS.specificClass, MAX_LENGTHS.specificClass, L.specificClass),
    programme: choice(PROGRAMMES, M.programme),
    subjects: z
      .array(
        z.string({ error: M.subjects }).trim().min(1, M.subjects).max(MAX_LENGTHS.subject, SUBJECT_NOT_IN_PROGRAMME),
        { error: M.subjects },
      )
      .min(1, M.subjects)
      .max(MAX_LENGTHS.subjects, SUBJECT_NOT_IN_PROGRAMME),
    /** Filled from the chosen subjects (read-only in the form; the server recomputes it). */
    subjectCount: z
      .number({ error: M.subjectCount })
      .int(M.subjectCount)
      .gt(0, M.subjectCount)
      .max(MAX_LENGTHS.subjects, M.subjectCount),
    wardWhatsapp: phone(M.wardWhatsapp, L.wardWhatsapp),
    updateMode: z
      .array(z.enum(UPDATE_MODES, { error: M.updateMode }), { error: M.updateMode })
      .min(1, M.updateMode)
      .max(UPDATE_MODES.length, M.updateMode),
    referralName: text(M.referralName, MIN_LENGTHS.referralName, MAX_LENGTHS.referralName, L.referralName),
    referralStatus: choice(REFERRAL_STATUSES, M.referralStatus),
    referralOther: optionalText(MAX_LENGTHS.referralOther, L.referralOther),
    joinStudentGroups: choice(YES_NO, M.joinStudentGroups).default("yes"),
    joinParentGroup: choice(YES_NO, M.joinParentGroup).default("yes"),
    /** The parent's number's language (app/domain/wording.ts): kept per number, not on the registration. */
    smsLanguage: choice(["en", "tw"], M.smsLanguage).default("en"),
    feedback: optionalText(MAX_LENGTHS.feedback, L.feedback),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when fields failed, so the summary and cross-field messages show together.
      const v = (value ?? {}) as Record<string, unknown>;
      const missing = missingRequiredFields(v);
      if (missing.length) {
        ctx.addIssue({ code: "custom", path: [], message: missingFieldsMessage(missing.map((f) => L[f])) });
      }
      if (v.referralStatus === "other" && isEmpty(v.referralOther)) {
        ctx.addIssue({ code: "custom", path: ["referralOther"], message: REFERRAL_OTHER_REQUIRED });
      }
      if (isProgramme(v.programme) && Array.isArray(v.subjects)) {
        const allowed = subjectsFor(v.programme);
        if (v.subjects.some((s) => typeof s !== "string" || !allowed.includes(s))) {
          ctx.addIssue({ code: "custom", path: ["subjects"], message: SUBJECT_NOT_IN_PROGRAMME });
        }
      }
    },
    { when: () => true },
  );
