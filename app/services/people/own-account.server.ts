/**
 * A person's own account: the name and e-mail on their profile, and their password. Always the signed-in account,
 * also while an admin views as someone (the people the office manages: user-accounts.server.ts; signing in:
 * accounts.server.ts).
 */
import { audit } from "#app/models/audit-log.server.ts";
import { hashPassword, verifyPassword } from "#app/models/password.server.ts";
import { User } from "#app/models/user.server.ts";
import { CURRENT_PASSWORD_WRONG } from "#app/forms/profile.schema.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import { deleteOtherSessions } from "#app/utils/session-cookie.server.ts";
import { reserveSignIn } from "#app/utils/sign-in-limits.server.ts";

export async function updateProfile(
  userId: string,
  profile: { fullName: string; displayName?: string | null; email?: string | null },
): Promise<Result> {
  await User.updateOne(
    { _id: String(userId) },
    {
      $set: {
        fullName: profile.fullName,
        displayName: profile.displayName || null,
        email: profile.email ? profile.email.toLowerCase() : null,
      },
    },
    { runValidators: true },
  );
  return { ok: true };
}

/**
 * A new password for the signed-in account, given its current one. A wrong current password counts as a failed
 * sign-in of the phone (from this session), so a session left open cannot be used to guess it. Anyone signed in
 * elsewhere with the old password is signed out; this session stays in.
 */
export async function changePassword(
  user: { _id: string; phone: string },
  sessionId: string,
  passwords: { currentPassword: string; newPassword: string },
): Promise<Result<object, "currentPassword">> {
  const reservation = await reserveSignIn(user.phone, `session:${sessionId}`);
  if (reservation.refused) return refuse(429, reservation.message);
  const stored = await User.findById(String(user._id)).select("+passwordHash").lean<{ passwordHash: string }>();
  if (!stored || !(await verifyPassword(passwords.currentPassword, stored.passwordHash))) {
    const locked = await reservation.failed();
    return locked ? refuse(429, locked.message) : refuse(400, CURRENT_PASSWORD_WRONG, "currentPassword");
  }
  await reservation.succeeded();
  await User.updateOne(
    { _id: String(user._id) },
    { $set: { passwordHash: await hashPassword(passwords.newPassword) } },
  );
  await deleteOtherSessions(user._id, sessionId);
  await audit("password.change", user._id, user._id);
  return { ok: true };
}
