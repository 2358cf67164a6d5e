import { type CodeCheck, checkCode } from "#app/models/one-time-code.server.ts";
import { User } from "#app/models/user.server.ts";
import { sendCodeToAccount } from "#app/services/people/phone-codes.server.ts";

/**
 * A signed-in parent or student confirms the account's phone with a code sent to it (docs/decisions/0078). Ownership
 * already reads `phoneVerifiedAt` (docs/decisions/0017-proof-of-ownership.md): from then on the registrations that
 * give that number as the parent's (or the ward's) WhatsApp number show in the account, as an alternative to the
 * reference and claim code. A number typed at sign-up proves nothing until then.
 */
export async function sendPhoneVerification(phone: string): Promise<void> {
  await sendCodeToAccount("verify-phone", phone);
}

export async function verifyPhone(userId: string, phone: string, code: string): Promise<CodeCheck> {
  const check = await checkCode("verify-phone", phone, code);
  if (check === "right") await markPhoneVerified(userId);
  return check;
}

export async function markPhoneVerified(userId: string, at = new Date()) {
  await User.updateOne({ _id: String(userId) }, { $set: { phoneVerifiedAt: at } });
}
