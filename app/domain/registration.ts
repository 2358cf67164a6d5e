import { programmeLabel } from "#app/domain/programmes.ts";
import { phonesLine, SCHOOL_NAME, type SchoolContacts } from "#app/domain/school.ts";

/** Pure registration rules shared by the form (app/forms/registration.schema.ts, registration.fields.ts), the model and the pages. */

export const UPDATE_MODES = ["whatsapp", "sms", "email", "call"] as const;
export const REFERRAL_STATUSES = ["teacher", "parent", "student", "friend", "other"] as const;
export const YES_NO = ["yes", "no"] as const;

/** Field lengths, enforced by the form schema and again by the Mongoose model. */
export const REGISTRATION_MIN_LENGTHS = {
  parentName: 2,
  wardName: 2,
  currentSchool: 2,
  specificClass: 1,
  referralName: 2,
} as const;
export const REGISTRATION_MAX_LENGTHS = {
  parentName: 100,
  phone: 30,
  wardName: 100,
  currentSchool: 150,
  specificClass: 20,
  referralName: 100,
  referralOther: 100,
  feedback: 2000,
  subject: 100,
  subjects: 20,
} as const;

/** How long the browser that submitted a registration sees its claim code (app/utils/claim-code.server.ts). */
export const CLAIM_CODE_SHOWN_MINUTES = 30;

/** For anyone who is not the registration's owner: no link, no reference (nothing about the registration). */
export function undisclosedDuplicateMessage(contacts: SchoolContacts) {
  return `This ward may already be registered. Whoever registered the ward (a parent, or the ward with their own number) can sign in and open Link a registration to see it, or call the school on ${phonesLine(contacts)} (${contacts.hours}).`;
}

export function duplicateRegistrationMessage(wardName: string, programme: string) {
  return `${wardName} is already registered for ${programmeLabel(programme)} with this WhatsApp number. See the existing registration below instead of registering again.`;
}

/**
 * A phone number for a page anyone holding the link can open: keep the first
 * 3 and last 2 digits ("024 ••• ••67"). Anything too short is fully masked.
 */
export function maskPhone(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  if (!digits) return "";
  if (digits.length < 7) return "•".repeat(digits.length);
  return `${digits.slice(0, 3)} ••• ••${digits.slice(-2)}`;
}

/** The confirmation URL for a registration reference. */
export function confirmationPath(reference: string) {
  return `/registration/${encodeURIComponent(reference)}`;
}

/** A reference looks like our cuid2 references: lower-case letters and digits only. */
export function isReferenceShaped(value: string | null | undefined): boolean {
  return typeof value === "string" && /^[a-z0-9]{6,40}$/.test(value);
}

/** The enrolment form's field labels (docs/product.md#the-enrolment-form), also used by the audit trail. */
export const REGISTRATION_FIELD_LABELS = {
  vacation: "Vacation",
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
  smsLanguage: "Language of SMS and USSD",
  feedback: "Feedback",
} as const;
