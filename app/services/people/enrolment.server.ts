import { getSettings, schoolContacts } from "#app/models/settings.server.ts";
import { choosePhoneLanguage } from "#app/models/phone-preference.server.ts";
import type { z } from "zod";
import { refuse, type RefusalStatus, type Refused, type Result } from "#app/domain/result.ts";
import { duplicateRegistrationMessage, undisclosedDuplicateMessage } from "#app/domain/registration.ts";
import { REGISTRATION_CLOSED_MESSAGE, type RegistrationSchema } from "#app/forms/registration.schema.ts";
import {
  Registration,
  duplicateRuleIndexed,
  findDuplicateRegistration,
  registrationDetails,
  type RegistrationDoc,
} from "#app/models/registration.server.ts";
import { enrolmentChoices, enrolmentOpening } from "#app/services/content/vacations.server.ts";
import type { Vacation } from "#app/domain/vacations.ts";
import { enrolAgainOffers } from "#app/domain/vacations.ts";
import { amountDueAtEnrolment } from "#app/services/money/payments.server.ts";
import { checkEnrolment } from "#app/utils/rate-limits.server.ts";
import { User } from "#app/models/user.server.ts";
import { queueEnrolmentMessages } from "#app/services/messaging/notifications.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("enrolment");

/** A form naming a vacation that takes no enrolments (any more). */
export const VACATION_NOT_ENROLLING = "This vacation is not taking enrolments now: choose one that is";

/** Said to the office when no vacation exists yet to enrol in. */
export const NO_VACATION_MESSAGE = "No vacation is set up yet: open one under Admin → Vacations first.";

export type EnrolmentOptions = {
  adminRegistration: boolean;
  userId: string | null;
  enteredById?: string | null;
  /** The client's address: enrolments other than the office's are limited per address and per WhatsApp number. */
  address?: string;
};

/** The form's values once its schema accepted them. */
export type EnrolmentValues = z.output<typeof RegistrationSchema>;

/** A refused enrolment; `duplicateReference` is the earlier registration it repeats, for its owner and the office. */
export type EnrolmentRefused = Refused<"vacation"> & { duplicateReference?: string };

/**
 * The vacations an enrolment may be for now: those taking enrolments; the office may also enrol a late ward in the
 * one teaching while no window is open. Refused when there is none (403 for the public, 409 when no vacation exists).
 */
export async function enrolmentVacations(adminRegistration: boolean): Promise<Result<{ choices: Vacation[] }>> {
  const choices = await enrolmentChoices(adminRegistration);
  if (!adminRegistration && !choices.length) return refuse(403, REGISTRATION_CLOSED_MESSAGE);
  if (!choices.length) return refuse(409, NO_VACATION_MESSAGE);
  return { ok: true, choices };
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

/**
 * docs/product.md#integrations process-registration, shared by /registration, /registration/<ward> and
 * /admin/register-student (their form's parse and reply: app/routes/public/+shared/enrolment-form.server.ts).
 *
 * - The enrolment is for the vacation the form names among `choices` (enrolmentVacations), the running one when it
 *   names none; a vacation not taking enrolments is refused by its field.
 * - Duplicates are within one vacation: the same ward enrols again next vacation.
 * - subjectCount is always computed from the chosen subjects.
 * - Duplicates (same ward name and WhatsApp number in the programme) are refused with 409. Only the registration's
 *   owner (the account that submitted it) and the admin desk get duplicateReference (the existing confirmation);
 *   anyone else learns that the ward is registered and what to do, never the reference.
 */
export async function enrol(
  v: EnrolmentValues,
  choices: readonly Vacation[],
  options: EnrolmentOptions,
): Promise<({ ok: true } & { reference: string; id: string }) | EnrolmentRefused> {
  // The one the form named (a page opened before a window closed may name one that no longer takes enrolments), else
  // the running one.
  const vacation = v.vacation ? choices.find((c) => c.name === v.vacation) : choices[0];
  if (!vacation) return refuse(400, VACATION_NOT_ENROLLING, "vacation");
  const details = registrationDetails(v);
  const key = {
    vacation: vacation.name,
    programme: v.programme,
    wardWhatsappNormalized: details.wardWhatsappNormalized,
    wardNameKey: details.wardNameKey,
  };
  const duplicate = async (existing: { reference: string; userId?: string | null }): Promise<EnrolmentRefused> => {
    const owner = options.adminRegistration || (options.userId != null && existing.userId === String(options.userId));
    const message = owner
      ? duplicateRegistrationMessage(v.wardName, v.programme)
      : undisclosedDuplicateMessage(schoolContacts(await getSettings().catch(() => null)));
    return { ...refuse(409, message), ...(owner ? { duplicateReference: existing.reference } : {}) };
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
    if (busy) return refuse(busy.status as RefusalStatus, busy.message);
  }

  // Once the unique index over the same key is built, the insert itself refuses a duplicate, and the registration it
  // repeats is read only then: one command fewer for every enrolment that is not a duplicate.
  if (!duplicateRuleIndexed()) {
    const existing = await findDuplicateRegistration(key);
    if (existing) return duplicate(existing);
  }
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
      log.error({ err: error }, "enrol: the parent's language was not kept"),
    );
    // The parent's SMS; if this fails, the registration stands and the sender's repair queues it.
    await queueEnrolmentMessages(doc).catch((error: unknown) =>
      log.error({ err: error }, "enrol: the enrolment message was not queued"),
    );
    return { ok: true, reference: doc.reference, id: doc._id };
  } catch (error) {
    if ((error as { code?: number }).code === 11000) {
      // The ward is registered already (or a submission at the same moment won): the unique index decided.
      const existing = await findDuplicateRegistration(key);
      if (existing) return duplicate(existing);
    }
    throw error;
  }
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
