import { getAdminPermissions } from "#app/models/admin-permission.server.ts";
import { getParentRegistrations } from "#app/models/registration.server.ts";
import type { SessionInfo as Info } from "./session.server.ts";

/**
 * May this signed-in user see the payments of a registration? Admins with the
 * registrations or payments permission; a parent (or an admin viewing as one)
 * only for their own wards. Everyone else is answered 404 by the caller.
 */
export async function maySeeRegistrationPayments(info: Info, registrationId: string) {
  if (info.user.role === "admin") {
    const p = await getAdminPermissions(info.user._id, info.user.role);
    if (p.can_access_registrations || p.can_manage_payments) return true;
  }
  if (info.effectiveUser.role !== "parent") return false;
  const own = await getParentRegistrations(info.effectiveUser);
  return own.some((r) => String(r._id) === String(registrationId));
}
