import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { idField } from "./ids.server.ts";
import { User } from "./user.server.ts";

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
export const Communication =
  (mongoose.models.Communication as mongoose.Model<CommunicationDoc>) ??
  mongoose.model<CommunicationDoc>("Communication", communicationSchema);

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

export async function countUnseenAnnouncements(user: {
  role: string;
  announcementsSeenAt?: Date | null;
  createdAt?: Date;
}) {
  return Communication.countDocuments(announcementFilter(user.role, user.announcementsSeenAt ?? null));
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
