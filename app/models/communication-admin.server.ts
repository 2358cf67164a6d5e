import { vacationPointers } from "#app/models/vacation.server.ts";
import {
  Communication,
  forgetAnnouncementDates,
  type CommunicationDoc,
  type RecipientType,
} from "#app/models/communication.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";

/** Admin Communications queries (docs/product.md#screens, #integrations). Kept beside the model, in their own file. */

export async function createAnnouncement(input: {
  title: string;
  message: string;
  recipientType: RecipientType;
  senderId: string;
}) {
  const doc = await Communication.create({
    title: String(input.title),
    message: String(input.message),
    recipientType: input.recipientType,
    senderId: String(input.senderId),
    recipientId: null,
    subjectId: null,
  });
  forgetAnnouncementDates();
  return doc._id;
}

export const HISTORY_LIMIT = 50;

/** History newest first, with each sender's name (one extra query for all senders). */
export async function listCommunicationHistory(limit = HISTORY_LIMIT) {
  const rows = await Communication.find({})
    .select("_id title message senderId recipientType createdAt")
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<CommunicationDoc[]>();
  const senderIds = [...new Set(rows.map((r) => String(r.senderId)))];
  const senders = senderIds.length
    ? await User.find({ _id: { $in: senderIds } })
        .select("_id fullName")
        .lean<{ _id: string; fullName: string }[]>()
    : [];
  const names = new Map(senders.map((s) => [s._id, s.fullName]));
  return rows.map((r) => ({ ...r, senderName: names.get(String(r.senderId)) ?? null }));
}

/**
 * The phone numbers an announcement by SMS goes to, each once: parents are the registrations' parent WhatsApp numbers
 * and parent accounts; students the wards' numbers and student accounts; facilitators their accounts.
 */
export async function announcementPhones(recipientType: RecipientType): Promise<string[]> {
  const phones = new Set<string>();
  const add = (values: unknown[]) => {
    for (const v of values) if (typeof v === "string" && v.startsWith("+")) phones.add(v);
  };
  // This vacation's families (the one teaching and the one taking enrolments): last vacation's have their own message,
  // "Tell last vacation's families" (docs/decisions/0095). Accounts are counted as they are.
  const { teaching, enrolling } = await vacationPointers();
  const now = { vacation: { $in: [teaching?.name, enrolling?.name].filter((n): n is string => Boolean(n)) } };
  if (recipientType === "all" || recipientType === "parents") {
    add(await Registration.distinct("whatsappNumberNormalized", now));
    add(await User.distinct("phone", { role: "parent" }));
  }
  if (recipientType === "all" || recipientType === "students") {
    add(await Registration.distinct("wardWhatsappNormalized", now));
    add(await User.distinct("phone", { role: "student" }));
  }
  if (recipientType === "all" || recipientType === "facilitators")
    add(await User.distinct("phone", { role: "facilitator" }));
  return [...phones];
}

/** The e-mail addresses an announcement by e-mail goes to: the accounts of the recipient type that gave one. */
export async function announcementEmails(recipientType: RecipientType): Promise<string[]> {
  const roles = {
    all: ["student", "parent", "facilitator"],
    students: ["student"],
    parents: ["parent"],
    facilitators: ["facilitator"],
  }[recipientType];
  const emails: unknown[] = await User.distinct("email", { role: { $in: roles as never }, email: { $exists: true } });
  return [
    ...new Set(emails.filter((e): e is string => typeof e === "string" && e.includes("@")).map((e) => e.toLowerCase())),
  ];
}
