/**
 * Accounts people make for themselves (sign-up): one per phone, never an admin (the sign-up schema offers student,
 * parent and facilitator only). Signing in, its limits and cookies are the auth routes' (app/routes/auth/+shared/
 * sign-in.server.ts); the office's user management is app/services/people/user-accounts.server.ts.
 */
import { normalizePhone } from "#app/domain/phone.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import type { Role } from "#app/domain/roles.ts";
import { User } from "#app/models/user.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { hashPassword } from "#app/models/password.server.ts";

export const PHONE_TAKEN = "An account with this phone number already exists. Sign in instead.";

export type NewAccount = {
  role: Exclude<Role, "admin">;
  phone: string;
  fullName: string;
  displayName: string | null;
  email: string | null;
  password: string;
};

/**
 * Creates the account, or refuses a phone that already has one. A facilitator waits for the office's approval
 * (ADR 0090). `unlinked`: a parent whose number is a registration's WhatsApp number with no parent account yet.
 */
export async function createAccount(
  input: NewAccount,
): Promise<Result<{ id: string; phone: string; unlinked: boolean }, "phone">> {
  const phone = normalizePhone(input.phone) ?? input.phone;
  if (await User.exists({ phone })) return refuse(400, PHONE_TAKEN, "phone");
  let created: { id: string };
  try {
    created = await User.create({
      role: input.role,
      phone,
      fullName: input.fullName,
      displayName: input.displayName,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      // Anyone can sign up as a facilitator; the office decides who teaches (ADR 0090).
      ...(input.role === "facilitator" ? { pendingApproval: true } : {}),
    });
  } catch (error) {
    // Two sign-ups racing for one phone: the unique index decides.
    if ((error as { code?: number }).code === 11000) return refuse(400, PHONE_TAKEN, "phone");
    throw error;
  }
  const unlinked =
    input.role === "parent" &&
    Boolean(
      await Registration.exists({
        whatsappNumberNormalized: phone,
        parentUserId: null,
        withdrawnAt: { $exists: false },
      }),
    );
  return { ok: true, id: created.id, phone, unlinked };
}
