/**
 * SMS text: how phones count it, and the portal's messages. A text is GSM-7 (160 characters in one message, 153 per
 * part of a longer one; `^{}\[~]|€` count two) unless it holds any character outside that alphabet — a ward named Ɛsi
 * or Kɔfi, or the cedi sign — which makes the whole message UCS-2 (70 characters, 67 per part). The templates write
 * amounts as "GHS" so that a payment message stays GSM-7.
 */
import { SCHOOL_NAME } from "#app/domain/school.ts";

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";
const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export type SmsLength = { encoding: "GSM-7" | "UCS-2"; units: number; segments: number };

/** How many parts (segments) a phone sends this text in, and in which alphabet. */
export function smsLength(text: string): SmsLength {
  let units = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) units += 1;
    else if (EXTENDED.has(ch)) units += 2;
    else {
      // UCS-2: every UTF-16 code unit counts (a character outside the basic plane is two).
      const ucs = text.length;
      return { encoding: "UCS-2", units: ucs, segments: ucs <= 70 ? 1 : Math.ceil(ucs / 67) };
    }
  }
  return { encoding: "GSM-7", units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
}

/** The school's name as the messages sign them. */
const SIGNATURE = SCHOOL_NAME;

/** 45050 → "GHS 450.50" (the cedi sign is not in GSM-7: it would make every payment message UCS-2). */
export function smsCedis(pesewas: number): string {
  const sign = pesewas < 0 ? "-" : "";
  const abs = Math.abs(pesewas);
  return `${sign}GHS ${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export type EnrolmentSmsValues = {
  wardName: string;
  programme: string;
  reference: string;
  claimCode: string;
  link: string;
};

export function enrolmentSms(v: EnrolmentSmsValues): string {
  return `${SIGNATURE}: ${v.wardName} is enrolled in ${v.programme}. Ref ${v.reference}, claim code ${v.claimCode}. Class pages: ${v.link}`;
}

export type PaymentConfirmedSmsValues = {
  wardName: string;
  amount: number;
  receipt: string;
  balance: number;
  link: string;
};

export function paymentConfirmedSms(v: PaymentConfirmedSmsValues): string {
  return `${SIGNATURE}: payment of ${smsCedis(v.amount)} for ${v.wardName} received, receipt ${v.receipt}. Balance ${smsCedis(v.balance)}. Receipt: ${v.link}`;
}

/** A one-time code: short, in GSM-7, and says not to pass it on (the usual trick is a caller asking for it). */
export function oneTimeCodeSms(v: { code: string; minutes: number; purpose: string }): string {
  return `${SIGNATURE}: ${v.code} is your code to ${v.purpose}. It expires in ${v.minutes} minutes. Never share it: the school will not ask for it.`;
}

/** To an admin whose account has had too many wrong two-factor codes: someone may hold the password. */
export function secondFactorLockedSms(): string {
  return `${SIGNATURE}: wrong sign-in codes were entered many times for your admin account, so its sign-in is paused for an hour. If that was not you, someone knows your password: change it.`;
}

/** An announcement by SMS: the school, the title, the message as written. */
export function announcementSms(v: { title: string; message: string }): string {
  return `${SIGNATURE}: ${v.title}. ${v.message}`;
}

/** A reminder to answer an evaluation form. */
export function evaluationReminderSms(v: { wardName: string; title: string; closes: string; link: string }): string {
  return `${SIGNATURE}: how are ${v.wardName}'s classes going? Please answer "${v.title}" before ${v.closes}: ${v.link}`;
}

export type PaymentRejectedSmsValues = { wardName: string; amount: number; reason: string };

/** A confirmed payment taken back by the office (voided): the receipt no longer counts, and why. */
export function paymentVoidedSms(v: PaymentRejectedSmsValues & { receipt: string; balance: number }): string {
  return `${SIGNATURE}: the payment of ${smsCedis(v.amount)} for ${v.wardName} (receipt ${v.receipt}) was cancelled by the school: ${v.reason}. Balance now ${smsCedis(v.balance)}. Call the school office if you have paid.`;
}

export function paymentRejectedSms(v: PaymentRejectedSmsValues): string {
  return `${SIGNATURE}: the payment of ${smsCedis(v.amount)} for ${v.wardName} could not be confirmed: ${v.reason}. Call the school office if you have paid.`;
}
