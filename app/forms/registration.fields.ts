import { PROGRAMME_LABELS, PROGRAMMES } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";

/**
 * The registration form's labels, options and messages, and its required-fields rule: everything about the form
 * but the schema itself (registration.schema.ts), so that the form renders without Zod or the phone number metadata,
 * which the browser loads only to validate (app/components/registration-form.tsx).
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
  smsLanguage: "Choose English or Twi",
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

export { REGISTRATION_FIELD_LABELS } from "#app/domain/registration.ts";
import { REGISTRATION_FIELD_LABELS } from "#app/domain/registration.ts";
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

export function isEmpty(value: unknown) {
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

/** "General Science" etc., for the programme select. */
export const PROGRAMME_SELECT_OPTIONS = PROGRAMMES.map((value) => ({ value, label: PROGRAMME_LABELS[value] }));
