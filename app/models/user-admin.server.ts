import { COUNTRY_DIAL_CODE } from "#app/domain/phone.ts";
import { User, type PublicUser } from "#app/models/user.server.ts";
import { escapeRegex } from "#app/models/whatsapp-group-admin.server.ts";

/** Admin User Management queries (docs/product.md#screens). Kept beside the model, in their own file. */

export const USER_LIST_LIMIT = 200;

/**
 * Case-insensitive substring search on name or phone. The phone is stored
 * normalised (+233…), so a typed local number (024…) is normalised too.
 */
export async function searchUsers(filters: { q?: string; role?: string }) {
  const and: Record<string, unknown>[] = [];
  const q = filters.q?.trim();
  if (q) {
    const or: Record<string, unknown>[] = [
      { fullName: { $regex: escapeRegex(q), $options: "i" } },
      { displayName: { $regex: escapeRegex(q), $options: "i" } },
      { phone: { $regex: escapeRegex(q) } },
    ];
    if (/^[\d\s+()-]+$/.test(q)) {
      const digits = q.replace(/\D/g, "");
      if (digits) {
        or.push({ phone: { $regex: escapeRegex(digits) } });
        // A local number typed from its start (0…, maybe partial): compare with the +233 form.
        if (digits.startsWith("0"))
          or.push({ phone: { $regex: `^${escapeRegex(COUNTRY_DIAL_CODE + digits.slice(1))}` } });
      }
    }
    and.push({ $or: or });
  }
  if (filters.role) and.push({ role: String(filters.role) });
  const users = await User.find(and.length ? { $and: and } : {})
    .select("_id role fullName displayName phone email createdAt disabledAt pendingApproval")
    .sort({ createdAt: -1 })
    .limit(USER_LIST_LIMIT + 1)
    .lean<PublicUser[]>();
  return { users: users.slice(0, USER_LIST_LIMIT), more: users.length > USER_LIST_LIMIT };
}

/** Facilitators by name, for choosing a subject's facilitator. */
export async function listFacilitators() {
  return User.find({ role: "facilitator" })
    .select("_id fullName")
    .sort({ fullName: 1 })
    .limit(500)
    .lean<{ _id: string; fullName: string }[]>();
}

/** The office approves a facilitator who signed up: from now on the account signs in. False when none was waiting. */
export async function approveFacilitator(userId: string): Promise<boolean> {
  const { modifiedCount } = await User.updateOne(
    { _id: String(userId), role: "facilitator", pendingApproval: true },
    { $unset: { pendingApproval: 1 } },
  );
  return modifiedCount === 1;
}
