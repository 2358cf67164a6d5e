import { Schema } from "mongoose";
import type { Language } from "#app/domain/wording.ts";
import { storedStops, type MessageChoices } from "#app/domain/message-choices.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * What a phone number chose (docs/messages.md#language-and-stop): its language for SMS and USSD, and whether it
 * stopped the messages it may stop (three switches: app/domain/message-choices.ts; never codes or receipts). Kept
 * per normalised number, so a parent without an account has one too.
 */
const phonePreferenceSchema = new Schema(
  {
    /** The number, normalised (+233…). */
    _id: { type: String, required: true, maxlength: 20 },
    language: { type: String, enum: ["en", "tw"], default: null },
    /** Announcements, reminders and invitations stopped (app/domain/message-choices.ts). */
    optedOut: { type: Boolean, default: false },
    /** The weekly summaries stopped; null: as `optedOut` (a number that chose before summaries had their own switch). */
    summariesOff: { type: Boolean, default: null },
    /** The end-of-vacation report stopped; null: it comes. */
    reportsOff: { type: Boolean, default: null },
  },
  { timestamps: true, collection: "phone_preferences" },
);

export type PhonePreferenceDoc = {
  _id: string;
  language: Language | null;
  optedOut: boolean;
  summariesOff?: boolean | null;
  reportsOff?: boolean | null;
};
export const PhonePreference = defineModel<PhonePreferenceDoc>("PhonePreference", phonePreferenceSchema);

export async function getPhonePreference(phone: string): Promise<PhonePreferenceDoc | null> {
  return PhonePreference.findById(phone).lean<PhonePreferenceDoc>();
}

/** The preferences of many numbers at once (an announcement's recipients), by number. */
export async function phonePreferences(phones: string[]): Promise<Map<string, PhonePreferenceDoc>> {
  const rows = await PhonePreference.find({ _id: { $in: phones } }).lean<PhonePreferenceDoc[]>();
  return new Map(rows.map((r) => [r._id, r]));
}

export async function setPhoneLanguage(phone: string, language: Language) {
  await PhonePreference.updateOne({ _id: phone }, { $set: { language } }, { upsert: true });
}

/**
 * The enrolment form's language: Twi is kept; English, the form's default, writes nothing, so it never undoes a choice
 * made by the number itself (TWI, USSD, /settings), and most enrolments add no record.
 */
export async function choosePhoneLanguage(phone: string, language: Language) {
  if (language === "tw") await setPhoneLanguage(phone, "tw");
}

/** A number's three switches at once (/settings), or all of them off or on (STOP, START). */
export async function setPhoneChoices(phone: string, choices: MessageChoices) {
  await PhonePreference.updateOne({ _id: phone }, { $set: storedStops(choices) }, { upsert: true });
}
