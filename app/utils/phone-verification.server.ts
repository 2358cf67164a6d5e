import { User } from "#app/models/user.server.ts";

/**
 * The seam for SMS one-time codes (docs/decisions/0017-proof-of-ownership.md). A verified phone lets an account
 * own the registrations that carry its number; until then only what it submitted or claimed with a claim code.
 *
 * Today no SMS provider is configured, so `phoneVerifier()` is null and phones are verified only by the demo seed
 * (or, later, an admin). An SMS adapter implements PhoneVerifier (send a code to the phone, check what the user
 * typed) and is returned here when its configuration (e.g. SMS_PROVIDER_URL) is set; the sign-up flow then sends
 * a code and calls markPhoneVerified on success. Nothing else changes: ownership already reads phoneVerifiedAt.
 */
export interface PhoneVerifier {
  /** Sends a one-time code to the phone (normalised +233…). */
  sendCode(phone: string): Promise<void>;
  /** True when `code` is the phone's current, unexpired, unused code (spent on success). */
  checkCode(phone: string, code: string): Promise<boolean>;
}

export function phoneVerifier(): PhoneVerifier | null {
  return null;
}

export async function markPhoneVerified(userId: string, at = new Date()) {
  await User.updateOne({ _id: String(userId) }, { $set: { phoneVerifiedAt: at } });
}
