import { z } from "zod";
import { isPlausiblePhone } from "#app/domain/phone.ts";
import { PROGRAMME_LABELS, PROGRAMMES, WARD_FORMS, isProgramme, subjectsFor } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import {
  REFERRAL_STATUSES,
  REGISTRATION_MAX_LENGTHS as MAX_LENGTHS,
  REGISTRATION_MIN_LENGTHS as MIN_LENGTHS,
  UPDATE_MODES,
  YES_NO,
} from "#app/domain/registration.ts";

/**
 * The registration form (docs/product.md#data fields, #validation rules and messages), shared by
 * /registration and /admin/register-student, by Conform on the client and by
 * processRegistration on the server.
 */


export const UPDATE_MODE_OPTIONS = [
  { value: "whatsapp", label: "WhatsApp" },
  { value: "sms", label: "SMS" },
  { value: "email", label: "Email" },
  { value: "call", label: "Phone call" },
] as const;
export const REFERRAL_STATUS_OPTIONS = [
  { value: "teacher", label: "Teacher" },
  { value: "parent", label: "Parent" },
  { value: "student", label: "Student" },
  { value: "friend", label: "Friend" },
  { value: "other", label: "Other" },
] as const;
export const YES_NO_OPTIONS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

/** docs/product.md#validation messages, character for character. */
export const REGISTRATION_MESSAGES = {
  parentName: "Parent/Guardian name is required",
  whatsappNumber: "WhatsApp number is required",
  wardName: "Ward name is required",
  currentSchool: "Current school is required",
  wardForm: "Form is required",
  specificClass: "Specific class is required",
  programme: "Please select a programme",
  subjects: "Please select at least one subject",
  subjectCount: "Subject count must be a valid number",
  wardWhatsapp: "Ward's WhatsApp number is required",
  updateMode: "Please select at least one update mode",
  referralName: `Name of person who introduced ${SCHOOL_NAME} is required`,
  referralStatus: "Please select referral status",
  joinStudentGroups: "Please select an option",
  joinParentGroup: "Please select an option",
} as const;

/** Our own messages where the spec is silent. */
export const REFERRAL_OTHER_REQUIRED = "Please specify who introduced you";
export const INVALID_PHONE = "Enter a valid phone number, e.g. 024 123 4567";
export const SUBJECT_NOT_IN_PROGRAMME = "Choose subjects from the selected programme only";
export const ONE_VALUE_ONLY = "Enter one value only";
export const MISSING_REQUIRED_FIELDS_TITLE = "Missing Required Fields";
export const REGISTRATION_CLOSED_TITLE = "Registration is closed";
export const REGISTRATION_CLOSED_MESSAGE =
  "Registration for this vacation is closed at the moment. Please call us or check back later.";
export const REGISTRATION_FAILED_TITLE = "Registration Failed";

export const REGISTRATION_FIELD_LABELS = {
  parentName: "Parent/Guardian Name",
  whatsappNumber: "WhatsApp Number",
  alternativeNumber: "Alternative Number",
  wardName: "Ward's Name",
  currentSchool: "Current School",
  wardForm: "Form",
  specificClass: "Specific Class",
  programme: "Programme",
  subjects: "Subjects",
  subjectCount: "Subject Count",
  wardWhatsapp: "Ward's WhatsApp Number",
  updateMode: "Preferred Update Mode",
  referralName: `Name of Person Who Introduced ${SCHOOL_NAME}`,
  referralStatus: "Referral Status",
  referralOther: "Please specify",
  joinStudentGroups: "Join Student Class Pages",
  joinParentGroup: "Join Parent Group",
  feedback: "Feedback",
} as const;
export type RegistrationField = keyof typeof REGISTRATION_FIELD_LABELS;

/** docs/product.md#validation: the fields the 'Missing Required Fields' check looks at, in form order. */
export const REQUIRED_REGISTRATION_FIELDS = [
  "parentName",
  "whatsappNumber",
  "wardName",
  "currentSchool",
  "wardForm",
  "specificClass",
  "programme",
  "subjects",
  "wardWhatsapp",
  "updateMode",
  "referralName",
  "referralStatus",
] as const satisfies readonly RegistrationField[];

export function missingFieldsMessage(labels: readonly string[]) {
  return `Please fill in: ${labels.join(", ")}`;
}

function isEmpty(value: unknown) {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

/** The required fields left empty in a parsed payload (object of submitted values). */
export function missingRequiredFields(payload: Record<string, unknown> | null | undefined): RegistrationField[] {
  return REQUIRED_REGISTRATION_FIELDS.filter((name) => isEmpty(payload?.[name]));
}

/** Reverses the summary message into the fields it names (so the summary can link to them). */
export function fieldsInMissingMessage(message: string): RegistrationField[] {
  const prefix = "Please fill in: ";
  if (!message.startsWith(prefix)) return [];
  const labels = message.slice(prefix.length).split(", ");
  return REQUIRED_REGISTRATION_FIELDS.filter((f) => labels.includes(REGISTRATION_FIELD_LABELS[f]));
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A required single-line text: the spec message when missing, ours when malformed. */
function text(message: string, min: number, max: number, label: string) {
  return z
    .string({ error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : message) })
    .trim()
    .min(min, message)
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
  return z
    .string({ error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : message) })
    .trim()
    .min(1, message)
    .max(MAX_LENGTHS.phone, tooLong(label, MAX_LENGTHS.phone))
    // Not `abort`: an explicitly aborted issue would also skip the form-level checks below.
    .refine(isPlausiblePhone, { message: INVALID_PHONE, when: (payload) => payload.issues.length === 0 });
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: (issue) => (Array.isArray(issue.input) ? ONE_VALUE_ONLY : message) });
}

const L = REGISTRATION_FIELD_LABELS;
const M = REGISTRATION_MESSAGES;

export const RegistrationSchema = z
  .object({
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
    subjectCount: z.number({ error: M.subjectCount }).int(M.subjectCount).gt(0, M.subjectCount).max(MAX_LENGTHS.subjects, M.subjectCount),
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

export type RegistrationInput = z.output<typeof RegistrationSchema>;

/** "General Science" etc., for the programme select. */
export const PROGRAMME_SELECT_OPTIONS = PROGRAMMES.map((value) => ({ value, label: PROGRAMME_LABELS[value] }));
