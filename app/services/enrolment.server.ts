import { getSettings, schoolContacts } from "#app/models/settings.server.ts";
import { choosePhoneLanguage } from "#app/models/phone-preference.server.ts";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "#app/forms/parse.ts";
import { subjectsFor } from "#app/domain/programmes.ts";
import { duplicateRegistrationMessage, undisclosedDuplicateMessage } from "#app/domain/registration.ts";
import {
  REGISTRATION_CLOSED_MESSAGE,
  REGISTRATION_FAILED_TITLE,
  REGISTRATION_FIELD_LABELS,
  RegistrationSchema,
} from "#app/forms/registration.schema.ts";
import {
  Registration,
  findDuplicateRegistration,
  registrationDetails,
  type RegistrationDoc,
} from "#app/models/registration.server.ts";
import { enrolmentChoices, enrolmentOpening } from "#app/services/vacations.server.ts";
import { enrolAgainOffers } from "#app/domain/vacations.ts";
import { amountDueAtEnrolment } from "#app/services/payments.server.ts";
import { IDEMPOTENCY_FIELD, isIdempotencyKey, runOnce } from "#app/models/idempotency.server.ts";
import { SUBMISSION_IN_PROGRESS } from "#app/domain/messages.ts";
import { checkEnrolment } from "#app/utils/rate-limits.server.ts";
import { User } from "#app/models/user.server.ts";
import { queueEnrolmentMessages } from "#app/services/notifications.server.ts";
import { logFor } from "#app/models/log.server.ts";

const log = logFor("enrolment");

/** A form naming a vacation that takes no enrolments (any more). */
export const VACATION_NOT_ENROLLING = "This vacation is not taking enrolments now: choose one that is";

/** Said to the office when no vacation exists yet to enrol in. */
export const NO_VACATION_MESSAGE = "No vacation is set up yet: open one under Admin → Vacations first.";

type RegistrationOptions = {
  adminRegistration: boolean;
  userId: string | null;
  enteredById?: string | null;
  /** The client's address: enrolments other than the office's are limited per address and per WhatsApp number. */
  address?: string;
};

export type ProcessRegistrationResult =
  | { status: "ok"; reference: string; id: string }
  | { status: "error"; result: SubmissionResult<string[]>; httpStatus: number; duplicateReference?: string };

/** A refused registration as the form's reply: the errors by the fields, and the earlier registration it repeats. */
export function refusedRegistration(outcome: Extract<ProcessRegistrationResult, { status: "error" }>) {
  return data(
    { result: outcome.result, duplicateReference: outcome.duplicateReference ?? null },
    { status: outcome.httpStatus },
  );
}

/** The stored registration as the enrolment form's values. */
export function registrationFormValues(reg: RegistrationDoc): Record<string, string | string[]> {
  return {
    parentName: reg.parentName,
    whatsappNumber: reg.whatsappNumber,
    alternativeNumber: reg.alternativeNumber ?? "",
    wardName: reg.wardName,
    wardWhatsapp: reg.wardWhatsapp,
    currentSchool: reg.currentSchool,
    wardForm: reg.wardForm,
    specificClass: reg.specificClass,
    programme: reg.programme,
    subjects: [...(reg.subjects ?? [])],
    updateMode: [...(reg.updateMode ?? [])],
    referralName: reg.referralName,
    referralStatus: reg.referralStatus,
    referralOther: reg.referralOther ?? "",
    joinStudentGroups: reg.joinStudentGroups,
    joinParentGroup: reg.joinParentGroup,
    feedback: reg.feedback ?? "",
  } as Record<string, string | string[]>;
}

/** The submit button that asks to re-render the form with the chosen programme's subjects (no-JS path). */
export const SHOW_SUBJECTS_INTENT = "show-subjects";

/**
 * The registration fields' HTML constraints (required, lengths, patterns) from the schema, for the routes that render
 * the form: the browser renders them from the loader's data and loads the schema itself only to validate
 * (app/components/registration-form.tsx).
 */
export const registrationConstraint = getZodConstraint(RegistrationSchema);

const KNOWN_FIELDS = new Set(Object.keys(REGISTRATION_FIELD_LABELS));

/** Only the form's own fields go back to the browser (never echo unknown or hostile keys). */
function keepKnown(initialValue: SubmissionResult<string[]>["initialValue"]) {
  if (!initialValue) return initialValue;
  return Object.fromEntries(Object.entries(initialValue).filter(([k]) => KNOWN_FIELDS.has(k)));
}

function formError(message: string, httpStatus: number, payload?: Record<string, unknown>): ProcessRegistrationResult {
  return {
    status: "error",
    httpStatus,
    result: { status: "error", initialValue: keepKnown((payload ?? {}) as never) ?? {}, error: { "": [message] } },
  };
}

function asStrings(values: FormDataEntryValue[]) {
  return values.filter((v): v is string => typeof v === "string");
}

/**
 * docs/product.md#integrations process-registration, shared by /registration and /admin/register-student.
 *
 * - intent=show-subjects (the no-JS 'Show subjects' button): returns status "error"
 *   with httpStatus 200 and a result that re-renders the form with every value kept,
 *   the subjects narrowed to the chosen programme, and no error shown.
 * - The enrolment is for the vacation the form names among those taking enrolments, the running one when it names
 *   none (app/services/vacations.server.ts); a vacation not taking enrolments is refused by its field. When none is, or
 *   settings.registrationEnabled is off, public posts are refused (403); admin registrations (adminRegistration:
 *   true) are still accepted, for the vacation teaching when no window is open, so the office can enrol a late ward
 *   by hand while the public form is closed. With no vacation at all, nobody can enrol (409).
 * - Duplicates are within one vacation: the same ward enrols again next vacation.
 * - subjectCount is always computed here from the chosen subjects.
 * - Duplicates (same ward name and WhatsApp number in the programme) return 409. Only the registration's owner
 *   (the account that submitted it) and the admin desk get duplicateReference (the existing confirmation); anyone
 *   else learns that the ward is registered and what to do, never the reference.
 */
export async function processRegistration(
  request: Request,
  formData: FormData,
  options: RegistrationOptions,
): Promise<ProcessRegistrationResult> {
  const body = new FormData();
  for (const [key, value] of formData.entries()) {
    // Files never belong in this form; Conform's own intent field is ours to set.
    if (typeof value !== "string" || key === "__intent__" || key === "subjectCount") continue;
    body.append(key, value);
  }
  const subjects = asStrings(formData.getAll("subjects"));
  const intent = formData.get("intent");

  let submission;
  try {
    body.set("subjectCount", String(subjects.length));
    submission = parseWithZod(body, { schema: RegistrationSchema });
  } catch {
    return formError("The form could not be read. Please check your answers and try again.", 400);
  }

  if (intent === SHOW_SUBJECTS_INTENT) {
    const payload = { ...(submission.payload as Record<string, unknown>) };
    const allowed = subjectsFor(typeof payload.programme === "string" ? payload.programme : null);
    const kept = subjects.filter((s) => allowed.includes(s));
    payload.subjects = kept.length ? kept : undefined;
    payload.subjectCount = String(kept.length);
    return {
      status: "error",
      httpStatus: 200,
      result: { initialValue: keepKnown(payload as never) ?? {}, error: {}, state: { validated: {} } },
    };
  }

  // The vacations this enrolment may be for: those taking enrolments; the office may enrol a late ward in the one
  // teaching while no window is open.
  const choices = await enrolmentChoices(options.adminRegistration);
  if (!options.adminRegistration && !choices.length)
    return formError(REGISTRATION_CLOSED_MESSAGE, 403, submission.payload as Record<string, unknown>);
  if (!choices.length) return formError(NO_VACATION_MESSAGE, 409, submission.payload as Record<string, unknown>);

  if (submission.status !== "success") {
    const reply = submission.reply();
    return { status: "error", httpStatus: 400, result: { ...reply, initialValue: keepKnown(reply.initialValue) } };
  }

  const v = submission.value;
  // The one the form named (a page opened before a window closed may name one that no longer takes enrolments), else
  // the running one.
  const vacation = v.vacation ? choices.find((c) => c.name === v.vacation) : choices[0];
  if (!vacation) {
    const reply = submission.reply({ fieldErrors: { vacation: [VACATION_NOT_ENROLLING] } });
    return { status: "error", httpStatus: 400, result: { ...reply, initialValue: keepKnown(reply.initialValue) } };
  }
  const details = registrationDetails(v);
  const key = {
    vacation: vacation.name,
    programme: v.programme,
    wardWhatsappNormalized: details.wardWhatsappNormalized,
    wardNameKey: details.wardNameKey,
  };
  const duplicate = async (existing: {
    reference: string;
    userId?: string | null;
  }): Promise<ProcessRegistrationResult> => {
    const owner = options.adminRegistration || (options.userId != null && existing.userId === String(options.userId));
    const message = owner
      ? duplicateRegistrationMessage(v.wardName, v.programme)
      : undisclosedDuplicateMessage(schoolContacts(await getSettings().catch(() => null)));
    const reply = submission.reply({ formErrors: [message] });
    return {
      status: "error",
      httpStatus: 409,
      duplicateReference: owner ? existing.reference : undefined,
      result: { ...reply, initialValue: keepKnown(reply.initialValue) },
    };
  };

  if (!options.adminRegistration) {
    // The signed-in owner of the parent number (proven by a code) is not held back by enrolments strangers sent for it.
    const owner = options.userId
      ? await User.exists({
          _id: String(options.userId),
          phone: details.whatsappNumberNormalized,
          phoneVerifiedAt: { $ne: null },
        })
      : null;
    const busy = await checkEnrolment(
      options.address ?? "unknown",
      details.whatsappNumberNormalized,
      owner ? `user:${options.userId}` : null,
    );
    if (busy) {
      const reply = submission.reply({ formErrors: [busy.message] });
      return {
        status: "error",
        httpStatus: busy.status,
        result: { ...reply, initialValue: keepKnown(reply.initialValue) },
      };
    }
  }

  const existing = await findDuplicateRegistration(key);
  if (existing) return duplicate(existing);

  try {
    // The fee in force now is what this ward owes; later schedule changes do not touch it.
    const fee = await amountDueAtEnrolment(vacation.name, v.programme, details.subjectCount);
    const doc = await Registration.create({
      ...fee,
      vacation: vacation.name,
      userId: options.userId ? String(options.userId) : null,
      adminRegistration: options.adminRegistration,
      enteredById: options.enteredById ? String(options.enteredById) : null,
      ...details,
      programme: v.programme,
      updateMode: [...new Set(v.updateMode)],
      referralName: v.referralName,
      referralStatus: v.referralStatus,
      referralOther: v.referralStatus === "other" ? v.referralOther || null : null,
      joinStudentGroups: v.joinStudentGroups,
      joinParentGroup: v.joinParentGroup,
      feedback: v.feedback || null,
      messagesPending: true,
    });
    // The language the form chose for the parent's number, before its first message is said in it.
    // Like the SMS below, a failure here leaves the registration standing: the parent is not told to enrol again.
    await choosePhoneLanguage(details.whatsappNumberNormalized, v.smsLanguage).catch((error: unknown) =>
      log.error({ err: error }, "processRegistration: the parent's language was not kept"),
    );
    // The parent's SMS; if this fails, the registration stands and the sender's repair queues it.
    await queueEnrolmentMessages(doc).catch((error: unknown) =>
      log.error({ err: error }, "processRegistration: the enrolment message was not queued"),
    );
    return { status: "ok", reference: doc.reference, id: doc._id };
  } catch (error) {
    if ((error as { code?: number }).code === 11000) {
      // Two submissions raced past the check: the unique index decided.
      const winner = await findDuplicateRegistration(key);
      if (winner) return duplicate(winner);
    }
    log.error({ err: error }, "processRegistration: save failed");
    const reply = submission.reply({ formErrors: [`${REGISTRATION_FAILED_TITLE}: Please try again.`] });
    return { status: "error", httpStatus: 503, result: { ...reply, initialValue: keepKnown(reply.initialValue) } };
  }
}

/**
 * processRegistration guarded by the form's idempotency key (app/models/idempotency.server.ts):
 * a repeated submission (a retry after a lost answer, a double tap, a second app
 * instance) gets the first success instead of a second registration. Forms without
 * a well-formed key are processed as before.
 */
export async function processRegistrationOnce(
  request: Request,
  formData: FormData,
  options: RegistrationOptions,
): Promise<ProcessRegistrationResult> {
  const key = formData.get(IDEMPOTENCY_FIELD);
  if (!isIdempotencyKey(key) || formData.get("intent") === SHOW_SUBJECTS_INTENT)
    return processRegistration(request, formData, options);
  const scope = options.adminRegistration
    ? `admin-registration:${options.enteredById ?? options.userId}`
    : "registration";
  const outcome = await runOnce(
    scope,
    key,
    () => processRegistration(request, formData, options),
    (r) => r.status === "ok",
  );
  if (outcome.status === "busy") return formError(SUBMISSION_IN_PROGRESS, 409, Object.fromEntries(formData.entries()));
  return outcome.value;
}

/** What a registration's copy for the next vacation leaves behind: its identity, its money, its state. */
const NOT_CARRIED = [
  "_id",
  "reference",
  "claimCode",
  "createdAt",
  "updatedAt",
  "__v",
  "vacation",
  "amountDue",
  "feeSeason",
  "amountPaid",
  "paymentStatus",
  "paymentsRev",
  "openCheckout",
  "withdrawnAt",
  "withdrawnReason",
  "classPagesOpenedAt",
  "messagesPending",
  // Enrolled from the parent's phone now, not entered by the office.
  "adminRegistration",
  "enteredById",
] as const;

/**
 * Enrols a ward again from the parent's phone (USSD option 7), as last time: the registration whose parent number is
 * `phone`, copied into the first vacation taking enrolments that the ward is not in, with the same programme and
 * subjects, the form moved up at a new school year, the fee of that vacation, and the enrolment SMS with the new reference. Null when there is nothing to
 * do: not this number's ward, no offer any more (already enrolled, registration closed), or a race lost to another
 * enrolment of the ward (the duplicate rule's index decides).
 */
export async function enrolAgainByPhone(registrationId: string, phone: string): Promise<{ reference: string } | null> {
  const opening = await enrolmentOpening();
  if (!opening.open) return null;
  const family = await Registration.find({ whatsappNumberNormalized: String(phone) })
    .sort({ createdAt: -1 })
    .limit(50)
    .lean<RegistrationDoc[]>();
  // The menu offers a ward its first vacation it is not in (the running one first), and so does this.
  const offer = enrolAgainOffers(family, opening.vacations).find((o) => o.registrationId === String(registrationId));
  const last = family.find((r) => String(r._id) === String(registrationId));
  if (!offer || !last) return null;
  const copy: Record<string, unknown> = { ...last };
  for (const key of NOT_CARRIED) delete copy[key];
  const fee = await amountDueAtEnrolment(offer.vacation, last.programme, last.subjectCount);
  try {
    const doc = await Registration.create({
      ...copy,
      ...fee,
      wardForm: offer.form,
      vacation: offer.vacation,
      adminRegistration: false,
      messagesPending: true,
    });
    await queueEnrolmentMessages(doc).catch((error: unknown) =>
      log.error({ err: error }, "enrolAgainByPhone: the enrolment message was not queued"),
    );
    return { reference: doc.reference };
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return null;
    throw error;
  }
}
