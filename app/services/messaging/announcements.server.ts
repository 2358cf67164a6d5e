/**
 * An announcement from the office: stored for the portal's notification badges, and queued through the outbox by SMS
 * (in each number's language, never to a number that sent STOP) and e-mail when asked. A send to many is previewed
 * first (how many numbers, SMS parts and addresses) and goes only once the admin confirmed that audience.
 */
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { smsLength } from "#app/domain/sms.ts";
import { announcementSms } from "#app/domain/sms-messages.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { announcementEmails, announcementPhones, createAnnouncement } from "#app/models/communication-admin.server.ts";
import type { RecipientType } from "#app/models/communication.server.ts";
import { queueMessages } from "#app/models/outbox.server.ts";
import { audienceVoices } from "#app/services/messaging/message-language.server.ts";

export type Announcement = { title: string; message: string; recipientType: RecipientType };

export type AnnouncementPreview = {
  recipientType: RecipientType;
  phones: number | null;
  stopped: number;
  segments: number;
  encoding: ReturnType<typeof smsLength>["encoding"];
  emails: number | null;
};

/**
 * Sends the announcement, or, before a send by SMS or e-mail to an audience the admin has not confirmed
 * (`confirmedFor`), only says what it would cost.
 */
export async function announce(
  actorId: string,
  announcement: Announcement,
  options: { alsoSms: boolean; alsoEmail: boolean; confirmedFor?: RecipientType },
): Promise<{ preview: AnnouncementPreview } | { sent: { sms: number; email: number } }> {
  const { alsoSms, alsoEmail } = options;
  // Numbers that sent STOP get no announcement; the others get it in their language (app/domain/wording.ts).
  const everyPhone = alsoSms ? await announcementPhones(announcement.recipientType) : [];
  const { sayFor, stopped } = await audienceVoices(everyPhone);
  const phones = everyPhone.filter((to) => !stopped.has(to));
  const emails = alsoEmail ? await announcementEmails(announcement.recipientType) : [];
  if ((alsoSms || alsoEmail) && options.confirmedFor !== announcement.recipientType) {
    const { segments, encoding } = smsLength(announcementSms(announcement));
    return {
      preview: {
        recipientType: announcement.recipientType,
        phones: alsoSms ? phones.length : null,
        stopped: everyPhone.length - phones.length,
        segments,
        encoding,
        emails: alsoEmail ? emails.length : null,
      },
    };
  }
  const id = await createAnnouncement({ ...announcement, senderId: actorId });
  const message = {
    key: (to: string) => `announcement:${id}:${to}`,
    template: "announcement",
    values: { communicationId: id },
  };
  await queueMessages([
    ...phones.map((to) => ({
      key: message.key(to),
      channel: "sms" as const,
      to,
      template: message.template,
      values: message.values,
      text: announcementSms(announcement, sayFor(to)),
    })),
    ...emails.map((to) => ({
      key: message.key(to),
      channel: "email" as const,
      to,
      template: message.template,
      values: message.values,
      subject: `${SCHOOL_NAME}: ${announcement.title}`,
      text: announcement.message,
    })),
  ]);
  await audit("announcement.send", actorId, id, {
    recipientType: announcement.recipientType,
    sms: phones.length,
    email: emails.length,
  });
  return { sent: { sms: phones.length, email: emails.length } };
}
