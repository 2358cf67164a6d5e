import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { RESET_LINK_HOURS } from "#app/forms/auth.schema.ts";
import { PasswordReset } from "#app/models/password-reset.server.ts";
import { User } from "#app/models/user.server.ts";
import { clearSignInLimits } from "#app/utils/sign-in-limits.server.ts";
import { connectDb } from "#app/models/db.server.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { deleteOtherSessions } from "#app/utils/session-cookie.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { PASSWORD_UPDATED } from "#app/domain/messages.ts";

export { RESET_LINK_HOURS };

/** 32 random bytes, base64url: 43 characters. Anything else in the URL is not a token. */
export const ResetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Only this hash is stored, so a database leak does not hand out working links. */
export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Issues a one-time link token for a user. Earlier unused links for the same
 * user stop working: only the newest link handed out is valid.
 */
export async function createPasswordReset({
  userId,
  createdBy,
  now = new Date(),
}: {
  userId: string;
  createdBy: string;
  now?: Date;
}) {
  await connectDb();
  const token = randomBytes(32).toString("base64url");
  await PasswordReset.deleteMany({ userId: String(userId), usedAt: null });
  const expiresAt = new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000);
  await PasswordReset.create({
    tokenHash: hashResetToken(token),
    userId: String(userId),
    createdBy: String(createdBy),
    expiresAt,
  });
  return { token, expiresAt };
}

type ResetTarget = { resetId: string; user: { _id: string; fullName: string; role: string; phone: string } };

/** The unused, unexpired reset for this token and its (non-admin) user, or null. Does not use it up. */
export async function findValidPasswordReset(token: string, now = new Date()): Promise<ResetTarget | null> {
  if (!ResetTokenSchema.safeParse(token).success) return null;
  await connectDb();
  const reset = await PasswordReset.findOne({ tokenHash: hashResetToken(token), usedAt: null, expiresAt: { $gt: now } })
    .select("_id userId")
    .lean();
  if (!reset) return null;
  const user = await User.findById(reset.userId).select("_id fullName role phone").lean<ResetTarget["user"]>();
  // A user promoted to admin since the link was made cannot be reset this way.
  if (!user || user.role === "admin") return null;
  return { resetId: reset._id, user };
}

/**
 * Sets a new password through a reset link. The token is used up atomically
 * (only one of two concurrent submissions wins), then every session of the user
 * is deleted and any sign-in lockout is lifted. Returns the user, or null when
 * the link is invalid, expired or already used.
 */
export async function resetPasswordWithToken(token: string, newPassword: string, now = new Date()) {
  const target = await findValidPasswordReset(token, now);
  if (!target) return null;
  // Hash first (slow): the token is only spent once everything else is ready.
  const passwordHash = await hashPassword(newPassword);
  const consumed = await PasswordReset.findOneAndUpdate(
    { tokenHash: hashResetToken(token), usedAt: null, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
    { returnDocument: "after" },
  ).lean();
  if (!consumed) return null;
  await User.updateOne({ _id: String(consumed.userId), role: { $ne: "admin" } }, { $set: { passwordHash } });
  await deleteOtherSessions(consumed.userId);
  await clearSignInLimits(target.user.phone);
  return target.user;
}

/** After a password reset (by the office's link or by a code): to the sign-in of the account's role, saying so. */
export function passwordUpdatedRedirect(role: string, init?: ResponseInit) {
  return redirectWithToast(
    `/portal?role=${encodeURIComponent(role)}`,
    { type: "success", title: PASSWORD_UPDATED, description: "Sign in with your phone number and your new password." },
    init,
  );
}

/** The one-time reset link: on APP_ORIGIN, or the address the demo listens on (never the request's Host). */
export function resetLinkUrl(token: string): string {
  return `${appOrigin()}/reset-password/${token}`;
}
