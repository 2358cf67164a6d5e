import { Schema, type InferSchemaType } from "mongoose";
import { ROLES } from "#app/domain/roles.ts";
import { idField } from "#app/models/ids.server.ts";
import { hashPassword, needsRehash } from "#app/models/password.server.ts";
import {
  byPeopleRevision,
  raisedByCreationsAndRemovals,
  raisedByEveryWrite,
  raisePeopleRevision,
} from "#app/models/revisions.server.ts";
import { forgetFacilitatorNames } from "#app/models/facilitator-names.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/** users + profiles of the spec, merged: one document per account. */
const userSchema = new Schema(
  {
    _id: idField,
    role: { type: String, enum: ROLES, required: true, default: "student" },
    fullName: { type: String, required: true, trim: true, minlength: 2, maxlength: 100 },
    displayName: { type: String, trim: true, maxlength: 60, default: null },
    /** Normalised +233… form; the login identifier. */
    phone: { type: String, required: true, match: /^\+\d{10,16}$/ },
    email: { type: String, trim: true, lowercase: true, maxlength: 254, default: null },
    passwordHash: { type: String, required: true, select: false },
    /**
     * When the phone was proven to be this user's (an SMS one-time code, or the demo seed / an admin). Until then
     * registrations are linked to the account only by a claim (docs/decisions/0017-proof-of-ownership.md).
     */
    phoneVerifiedAt: { type: Date, default: null },
    /** When the user last opened their announcements (notification badge). */
    announcementsSeenAt: { type: Date, default: null },
    /**
     * A disabled account cannot sign in and its sessions end (app/utils/session-cookie.server.ts refuses them). `disabledBy`
     * says why: "demo" for the demo's accounts on a start without DEMO=on (app/models/demo-accounts.server.ts).
     */
    disabledAt: { type: Date, default: null },
    /**
     * A facilitator who signed up waits for the office's approval (true until an admin approves): such an account cannot
     * sign in and sees nothing of the school. Absent for everyone else, and for facilitators from before the rule.
     */
    pendingApproval: { type: Boolean, default: undefined },
    disabledBy: { type: String, maxlength: 60, default: null },
  },
  { timestamps: true, collection: "users" },
);
userSchema.index({ phone: 1 }, { unique: true });
userSchema.index({ role: 1, createdAt: -1 });
userSchema.index({ createdAt: -1 });

// The admin's counts of accounts are kept until one is created or removed (app/models/revisions.server.ts).
raisedByCreationsAndRemovals(userSchema, raisePeopleRevision);
raisedByEveryWrite(userSchema, forgetFacilitatorNames);

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: string };
export const User = defineModel<UserDoc>("User", userSchema);

/** Fields safe to send to a page: never the hash. */
export const PUBLIC_USER_FIELDS =
  "_id role fullName displayName phone email createdAt announcementsSeenAt phoneVerifiedAt disabledAt pendingApproval";

export type PublicUser = Pick<UserDoc, "_id" | "role" | "fullName" | "displayName" | "phone" | "email"> & {
  createdAt: Date;
  announcementsSeenAt: Date | null;
  phoneVerifiedAt?: Date | null;
  disabledAt?: Date | null;
  pendingApproval?: boolean;
};

export async function getUserById(id: string): Promise<PublicUser | null> {
  return User.findById(String(id)).select(PUBLIC_USER_FIELDS).lean<PublicUser>();
}

/** The full names of these accounts, by id (an id that names no account is left out). */
export async function fullNamesOf(ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)).map(String))];
  if (!wanted.length) return new Map();
  const users = await User.find({ _id: { $in: wanted } })
    .select("_id fullName")
    .lean<{ _id: string; fullName: string }[]>();
  return new Map(users.map((u) => [String(u._id), u.fullName]));
}

export async function getUserByPhone(phone: string): Promise<PublicUser | null> {
  return User.findOne({ phone: String(phone) })
    .select(PUBLIC_USER_FIELDS)
    .lean<PublicUser>();
}

/** Admin Overview (docs/product.md#sample-figures): every account; with `before`, those created before then. */
export async function countUsers(before?: Date) {
  return byPeopleRevision(`users ${before?.toISOString() ?? "all"}`, () =>
    before ? User.countDocuments({ createdAt: { $lt: before } }).exec() : User.estimatedDocumentCount().exec(),
  );
}

/**
 * After a successful sign-in with a hash weaker than today's setting (needsRehash): stores a new hash of the password
 * just checked. Conditional on the old hash, so a password changed meanwhile is never overwritten.
 */
export async function upgradePasswordHash(userId: string, password: string, oldHash: string): Promise<boolean> {
  if (!needsRehash(oldHash)) return false;
  const { modifiedCount } = await User.updateOne(
    { _id: String(userId), passwordHash: String(oldHash) },
    { $set: { passwordHash: await hashPassword(password) } },
  );
  return modifiedCount === 1;
}
