import { Schema, type InferSchemaType } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import { User } from "#app/models/user.server.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

export const RECIPIENT_TYPES = ["all", "students", "parents", "facilitators"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

const communicationSchema = new Schema(
  {
    _id: idField,
    title: { type: String, required: true, trim: true, minlength: 1, maxlength: 200 },
    message: { type: String, required: true, trim: true, minlength: 1, maxlength: 5000 },
    senderId: { type: String, required: true },
    recipientId: { type: String, default: null },
    subjectId: { type: String, default: null },
    /** Kept (unlike the spec) because it decides whose notification badge counts the announcement. */
    recipientType: { type: String, enum: RECIPIENT_TYPES, default: "all" },
  },
  { timestamps: true, collection: "communications" },
);
communicationSchema.index({ createdAt: -1 });
communicationSchema.index({ recipientType: 1, createdAt: -1 });

export type CommunicationDoc = InferSchemaType<typeof communicationSchema> & { _id: string; createdAt: Date };
export const Communication = defineModel<CommunicationDoc>("Communication", communicationSchema);

/** The recipient types that reach a role. Admins see everything. */
export function recipientTypesFor(role: string): RecipientType[] | null {
  switch (role) {
    case "admin":
      return null;
    case "parent":
      return ["all", "parents"];
    case "facilitator":
      return ["all", "facilitators"];
    default:
      return ["all", "students"];
  }
}

function announcementFilter(role: string, since?: Date | null) {
  const types = recipientTypesFor(role);
  const filter: Record<string, unknown> = {};
  if (types) filter.recipientType = { $in: types };
  if (since) filter.createdAt = { $gt: since };
  return filter;
}

/** The bell shows "99+" past 99: counting further changes nothing a user sees. */
export const UNSEEN_COUNT_CAP = 100;

// Every portal page shows the bell: the newest announcement dates each role sees are the same for everyone with that
// role, so they are read once a second per process, and each user's count is taken from them.
const announcementDates = briefCache<number[]>("announcement-dates");

/** The announcements the user has not seen (the bell's "mark as read"), up to UNSEEN_COUNT_CAP. */
export async function countUnseenAnnouncements(user: {
  role: string;
  announcementsSeenAt?: Date | null;
  createdAt?: Date;
}) {
  const types = recipientTypesFor(user.role);
  const dates = await announcementDates.get(types ? types.join(" ") : "*", async () => {
    const rows = await Communication.find(announcementFilter(user.role))
      .select("createdAt")
      .sort({ createdAt: -1 })
      .limit(UNSEEN_COUNT_CAP)
      .lean<{ createdAt: Date }[]>();
    return rows.map((r) => new Date(r.createdAt).getTime());
  });
  const seen = user.announcementsSeenAt ? new Date(user.announcementsSeenAt).getTime() : -Infinity;
  return dates.filter((at) => at > seen).length;
}

/** A new or changed announcement reaches every bell now, not a second later. */
export function forgetAnnouncementDates() {
  announcementDates.forget();
}

export async function listAnnouncementsFor(role: string, limit = 20) {
  return Communication.find(announcementFilter(role))
    .select("_id title message senderId recipientType createdAt")
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<CommunicationDoc[]>();
}

/** The bell's "mark as read": the user's own read state only. */
export async function markAnnouncementsSeen(userId: string, at = new Date()) {
  await User.updateOne({ _id: String(userId) }, { $set: { announcementsSeenAt: at } });
}
