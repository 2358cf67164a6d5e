/**
 * Codes that prove a phone, sent by SMS through the outbox (docs/decisions/0078-codes-that-prove-a-phone.md).
 * Whether a number has an account is never told: a code is made and stored either way, and only sent when it does.
 * Admins are not reset this way (as with the office's reset links): a phone alone must not open an admin account.
 */
import { randomUUID } from "node:crypto";
import { oneTimeCodeSms, secondFactorLockedSms } from "#app/domain/sms-messages.ts";
import { sayTo } from "#app/services/messaging/message-language.server.ts";
import { CODE_MINUTES, type CodePurpose, checkCode, issueCode } from "#app/models/one-time-code.server.ts";

export { checkCode };
import { queueMessage, withCode } from "#app/models/outbox.server.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { User } from "#app/models/user.server.ts";
import { deleteOtherSessions } from "#app/utils/session-cookie.server.ts";
import { clearSignInLimits } from "#app/utils/sign-in-limits.server.ts";

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  "password-reset": "reset your password",
  "admin-sign-in": "sign in to the admin portal",
  "verify-phone": "confirm your phone number",
};

/**
 * A code to a known account's own phone: an admin's sign-in (two-factor on; the password was right), or a signed-in
 * account confirming its number.
 */
export async function sendCodeToAccount(purpose: "admin-sign-in" | "verify-phone", phone: string): Promise<void> {
  await queueCode(purpose, phone, await issueCode(purpose, phone));
}

/**
 * The code's SMS: every code is its own message (a new one replaces the last code, not the last message). The code is
 * never stored in plain text: the outbox keeps the message with the code masked and the code sealed, which the sender
 * opens at send time and removes once sent. In demo mode the message is kept whole, so that the demo and the tests
 * read the code under Admin → Messages (docs/decisions/0086).
 */
async function queueCode(purpose: CodePurpose, phone: string, code: string) {
  const say = await sayTo(phone);
  await queueMessage({
    key: `code:${purpose}:${phone}:${randomUUID()}`,
    channel: "sms",
    to: phone,
    template: `code:${purpose}`,
    values: { minutes: CODE_MINUTES },
    ...withCode((c) => oneTimeCodeSms({ code: c, minutes: CODE_MINUTES, purpose: PURPOSE_TEXT[purpose] }, say), code),
  });
}

/** Makes a code for the phone and, when a (non-admin) account has that number, queues it by SMS. */
export async function sendPhoneCode(purpose: "password-reset", phone: string): Promise<void> {
  const [user, code] = await Promise.all([
    User.findOne({ phone, role: { $ne: "admin" } })
      .select("_id")
      .lean<{ _id: string }>(),
    issueCode(purpose, phone),
  ]);
  if (user) await queueCode(purpose, phone, code);
}

export type CodeReset = { status: "done"; role: string } | { status: "wrong" | "spent" };

/**
 * Sets a new password for the account with this phone when `code` is its live password-reset code; every session of
 * the account ends and its sign-in limits are lifted. The password is hashed before the code is spent.
 */
export async function resetPasswordWithCode(phone: string, code: string, newPassword: string): Promise<CodeReset> {
  const passwordHash = await hashPassword(newPassword);
  const check = await checkCode("password-reset", phone, code);
  if (check !== "right") return { status: check };
  const user = await User.findOneAndUpdate(
    { phone, role: { $ne: "admin" } },
    { $set: { passwordHash } },
    { lean: true },
  )
    .select("_id role")
    .lean<{ _id: string; role: string }>();
  if (!user) return { status: "wrong" };
  await deleteOtherSessions(user._id);
  await clearSignInLimits(phone);
  return { status: "done", role: user.role };
}

/** Tells an admin, once per pause, that wrong two-factor codes paused the account's sign-in. */
export async function tellAdminOfLock(userId: string, phone: string): Promise<void> {
  await queueMessage({
    key: `2fa-paused:${userId}:${Math.floor(Date.now() / 3_600_000)}`,
    channel: "sms",
    to: phone,
    template: "2fa-paused",
    values: {},
    text: secondFactorLockedSms(),
  });
}
