import { getParentRegistrations } from "#app/models/registration.server.ts";
import type { SessionInfo as Info } from "#app/utils/session-cookie.server.ts";
import { hasAdminPermission } from "#app/utils/auth.server.ts";

/**
 * May this signed-in user see the payments of a registration? Admins, acting as themselves within the admin portal,
 * with the registrations or payments permission; a parent (or an admin viewing as one) only for their own wards.
 * Everyone else is answered 404 by the caller.
 */
export async function maySeeRegistrationPayments(info: Info, registrationId: string) {
  if (await hasAdminPermission(info, "can_access_registrations", "can_manage_payments")) return true;
  if (info.effectiveUser.role !== "parent") return false;
  const own = await getParentRegistrations(info.effectiveUser);
  return own.some((r) => String(r._id) === String(registrationId));
}
