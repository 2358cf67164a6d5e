/**
 * Who is told what in which language (docs/messages.md#language-and-stop): a number's language (English unless it
 * chose Twi: at enrolment, on the parent portal, by the SMS keyword TWI or on the USSD menu), and the school's wording
 * in that language where the school wrote one. While the school has written no Twi at all, no preference is read: every
 * number hears English.
 */
import { sayIn, type Say, type SchoolWording } from "#app/domain/wording.ts";
import { getSchoolWording } from "#app/models/wording.server.ts";
import { getPhonePreference, phonePreferences } from "#app/models/phone-preference.server.ts";
import { messageChoices, type MessageKind } from "#app/domain/message-choices.ts";

const hasTwi = (school: SchoolWording) => Object.values(school).some((texts) => texts?.tw);

/** The words for one number. */
export async function sayTo(phone: string | null | undefined): Promise<Say> {
  const school = await getSchoolWording();
  if (!phone || !hasTwi(school)) return sayIn("en", school);
  const preference = await getPhonePreference(phone);
  return sayIn(preference?.language ?? "en", school);
}

/**
 * For messages a number may stop, of one kind (app/domain/message-choices.ts): the words for each number, and the
 * numbers that stopped that kind (STOP, or its box on /settings), which get nothing of it.
 */
export async function audienceVoices(
  phones: string[],
  kind: MessageKind = "announcements",
): Promise<{ sayFor: (phone: string) => Say; stopped: Set<string> }> {
  const school = await getSchoolWording();
  const preferences = phones.length ? await phonePreferences(phones) : new Map();
  const english = sayIn("en", school);
  const twi = sayIn("tw", school);
  const stopped = new Set(
    [...preferences.values()].filter((p) => !messageChoices(p)[kind]).map((p) => p._id as string),
  );
  return {
    sayFor: (phone) => (hasTwi(school) && preferences.get(phone)?.language === "tw" ? twi : english),
    stopped,
  };
}
