/**
 * The portal's SMS, each in the recipient's language and the school's wording (app/domain/wording.ts). A ward's name
 * stays as written (Ɛsi, Kɔfi) only where that costs the parent no extra part (withFittingNames); amounts are in GHS.
 */
import { smsCedis, smsLength, toGsm7, withFittingNames } from "#app/domain/sms.ts";
import { performanceLabel } from "#app/domain/performance.ts";
import { sayEnglish, type Say } from "#app/domain/wording.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export type EnrolmentSmsValues = {
  wardName: string;
  programme: string;
  reference: string;
  claimCode: string;
  link: string;
};

export function enrolmentSms(v: EnrolmentSmsValues, say: Say = sayEnglish): string {
  const { wardName, ...values } = v;
  return withFittingNames(([ward]) => say("sms.enrolment", { ...values, ward }), [wardName]);
}

export type PaymentConfirmedSmsValues = {
  wardName: string;
  amount: number;
  receipt: string;
  balance: number;
  link: string;
};

export function paymentConfirmedSms(v: PaymentConfirmedSmsValues, say: Say = sayEnglish): string {
  return withFittingNames(
    ([ward]) =>
      say("sms.payment-confirmed", {
        ward,
        amount: smsCedis(v.amount),
        receipt: v.receipt,
        balance: smsCedis(v.balance),
        link: v.link,
      }),
    [v.wardName],
  );
}

/** A one-time code: short, in GSM-7, and says not to pass it on (the usual trick is a caller asking for it). */
export function oneTimeCodeSms(v: { code: string; minutes: number; purpose: string }, say: Say = sayEnglish): string {
  return say("sms.code", v);
}

/** To an admin whose account has had too many wrong two-factor codes: someone may hold the password. Admins read English. */
export function secondFactorLockedSms(): string {
  return `${SCHOOL_NAME}: wrong sign-in codes were entered many times for your admin account, so its sign-in is paused for an hour. If that was not you, someone knows your password: change it.`;
}

/** An announcement by SMS: the school, the title, the message as written. */
export function announcementSms(v: { title: string; message: string }, say: Say = sayEnglish): string {
  return say("sms.announcement", v);
}

/** A reminder to answer an evaluation form. */
export function evaluationReminderSms(
  v: { wardName: string; title: string; closes: string; link: string },
  say: Say = sayEnglish,
): string {
  const { wardName, ...values } = v;
  return withFittingNames(([ward]) => say("sms.evaluation-reminder", { ...values, ward }), [wardName]);
}

export type PaymentRejectedSmsValues = { wardName: string; amount: number; reason: string };

/** A reason as a clause: the text puts its own full stop after it ("Nothing was taken." + ". Call" is two). */
const clause = (reason: string) => reason.trim().replace(/[.\s]+$/, "");

/** A confirmed payment taken back by the office (voided): the receipt no longer counts, and why. */
export function paymentVoidedSms(
  v: PaymentRejectedSmsValues & { receipt: string; balance: number },
  say: Say = sayEnglish,
): string {
  return withFittingNames(
    ([ward]) =>
      say("sms.payment-voided", {
        ward,
        amount: smsCedis(v.amount),
        receipt: v.receipt,
        reason: clause(v.reason),
        balance: smsCedis(v.balance),
      }),
    [v.wardName],
  );
}

export function paymentRejectedSms(v: PaymentRejectedSmsValues, say: Say = sayEnglish): string {
  return withFittingNames(
    ([ward]) => say("sms.payment-rejected", { ward, amount: smsCedis(v.amount), reason: clause(v.reason) }),
    [v.wardName],
  );
}

/** To a parent of last vacation's wards when the next vacation takes enrolments: one SMS, every ward named. */
export function enrolAgainSms(
  v: { vacation: string; wardNames: readonly string[]; link: string; serviceCode: string },
  say: Say = sayEnglish,
): string {
  const { wardNames, ...values } = v;
  return withFittingNames(
    (names) => say("sms.enrol-again", { ...values, wards: names.join(" and ") }),
    [...wardNames.slice(0, 3)],
  );
}

export function lessonCancelledSms(v: { subject: string; when: string }, say: Say = sayEnglish): string {
  return say("sms.lesson-cancelled", v);
}

export function lessonMovedSms(v: { subject: string; from: string; when: string }, say: Say = sayEnglish): string {
  return say("sms.lesson-moved", v);
}

/** One ward's week for the weekly progress SMS (docs/decisions/0109-weekly-progress-by-sms.md). */
export type WardProgress = {
  wardName: string;
  attended: number;
  held: number;
  missing: number;
  /** The average of marked work, or null before any is marked. */
  average: number | null;
};

export const WEEKLY_PROGRESS_MAX_PARTS = 2;

/**
 * A parent's weekly progress SMS: one line per ward (in their order) while the message stays within two parts, in the
 * 7-bit alphabet every phone shows (Ɛ→E); wards that do not fit are left to the portal the message links to.
 */
export function weeklyProgressSms(wards: readonly WardProgress[], link: string, say: Say = sayEnglish): string {
  const line = (w: WardProgress) =>
    say("sms.weekly-progress-ward", {
      ward: w.wardName.slice(0, 27),
      attended: w.attended,
      held: w.held,
      missing: w.missing,
      marks: w.average === null ? "none yet" : `${w.average}% (${performanceLabel(w.average)})`,
    });
  const render = (lines: string[]) => toGsm7(say("sms.weekly-progress", { progress: lines.join(" "), link }));
  let lines = wards.slice(0, 1).map(line);
  for (const w of wards.slice(1)) {
    const next = [...lines, line(w)];
    if (smsLength(render(next)).segments > WEEKLY_PROGRESS_MAX_PARTS) break;
    lines = next;
  }
  return render(lines);
}
