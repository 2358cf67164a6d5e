import { randomBytes } from "node:crypto";
import { refuse, type Refused } from "#app/domain/result.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { ROLE_LABELS, type Role } from "#app/domain/roles.ts";
import type { MANAGED_ROLES } from "#app/forms/user-admin.schema.ts";
import { AdminPermission } from "#app/models/admin-permission.server.ts";
import { audit, AuditLog } from "#app/models/audit-log.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { PasswordReset } from "#app/models/password-reset.server.ts";
import { ownedRegistrationsFilter, Registration } from "#app/models/registration.server.ts";
import { Session } from "#app/models/session.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { User } from "#app/models/user.server.ts";

/**
 * User Management's changes to accounts (docs/decisions/0098): add, change the role, turn off and on, delete. Each is
 * audited; the rules that keep the school running are here, whoever calls:
 * - an admin never acts on their own account here, and only an admin holding every permission acts on another admin;
 * - the school always keeps one admin who can sign in (the last one is never turned off, demoted or deleted);
 * - an admin's account is never deleted, and an account that the school's records name (registrations, subjects, marked work, the audit log) is not deleted,
 *   and does not change role while a registration or a subject names it in that role: it is turned off instead.
 */

type ManagedRole = (typeof MANAGED_ROLES)[number];
export type Actor = { id: string; mayManageAdmins: boolean };
type Target = {
  _id: string;
  role: Role;
  fullName: string;
  phone: string;
  disabledAt: Date | null;
  disabledBy: string | null;
  phoneVerifiedAt: Date | null;
};

export const PHONE_IN_USE = "An account with this phone number already exists.";
const LAST_ADMIN = "This is the last admin who can sign in: the school needs one. Make another admin first.";
const OWN_ACCOUNT = "You cannot change your own account here.";
const DEMO_STAYS_OFF =
  "A demo account, turned off because its password is published: it is turned on only by starting the portal in demo mode.";
const ADMIN_NOT_DELETED = "An admin's account is not deleted: change its role or turn it off.";
const ADMIN_NEEDS_ALL = "Only an admin who holds every permission can change another admin's account.";

async function loadTarget(actor: Actor, userId: string): Promise<Target | Refused> {
  const target = await User.findById(String(userId))
    .select("_id role fullName phone disabledAt disabledBy phoneVerifiedAt")
    .lean<Target>();
  if (!target) return refuse(404, "User not found.");
  if (target._id === actor.id) return refuse(403, OWN_ACCOUNT);
  if (target.role === "admin" && !actor.mayManageAdmins) return refuse(403, ADMIN_NEEDS_ALL);
  return target;
}

const isRefusal = (value: unknown): value is Refused =>
  typeof value === "object" && value !== null && "ok" in value && value.ok === false;

/**
 * Whether an admin who can sign in remains. Checked after the change itself, so two admins turning each other off at
 * the same moment cannot both succeed: each sees the other's change, and whoever finds none left undoes their own.
 */
async function anAdminRemains(): Promise<boolean> {
  return (await User.countDocuments({ role: "admin", disabledAt: null, pendingApproval: { $ne: true } }).limit(1)) > 0;
}

/** A new account for someone the office signs up; it has no password until they follow a reset link (shown next). */
export async function createAccount(
  actor: Actor,
  v: { role: ManagedRole; fullName: string; phone: string; email?: string | undefined },
): Promise<{ id: string } | { phoneTaken: true }> {
  const phone = normalizePhone(v.phone);
  if (await User.exists({ phone })) return { phoneTaken: true };
  try {
    const created = await User.create({
      role: v.role,
      phone,
      fullName: v.fullName,
      email: v.email ?? null,
      // Nobody knows this password: the person sets their own through the reset link the admin sends.
      passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
    });
    await audit("user.create", actor.id, created._id, { role: v.role });
    return { id: created._id };
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return { phoneTaken: true };
    throw error;
  }
}

/**
 * What names the account in the school's records, in words ("2 registrations as parent, 1 subject taught"). A parent's
 * or student's registrations are those it owns (ownedRegistrationsFilter: submitted, linked, or by its proven number);
 * `forDelete` adds the audit log, which a role change leaves alone.
 */
async function recordsNaming(
  user: { _id: string; role: Role; phone: string; phoneVerifiedAt: Date | null },
  forDelete: boolean,
) {
  const id = String(user._id);
  const family = user.role === "parent" || user.role === "student";
  const [registrations, subjects, work, audited] = await Promise.all([
    Registration.countDocuments(family ? ownedRegistrationsFilter(user) : { userId: id }),
    Subject.countDocuments({ facilitatorId: id }),
    Assignment.countDocuments({ facilitatorId: id }),
    forDelete ? AuditLog.countDocuments({ $or: [{ actorId: id }, { asUserId: id }] }).limit(1) : 0,
  ]);
  const n = (count: number, one: string, many: string) => (count ? `${count} ${count === 1 ? one : many}` : null);
  return [
    family
      ? n(registrations, `registration as ${user.role}`, `registrations as ${user.role}`)
      : n(registrations, "registration submitted", "registrations submitted"),
    n(subjects, "subject taught", "subjects taught"),
    n(work, "assignment set", "assignments set"),
    audited ? "entries in the audit log" : null,
  ].filter((s): s is string => s !== null);
}

/** Moves the account to another role among student, parent and facilitator; an admin so moved stops being one. */
export async function changeRole(
  actor: Actor,
  userId: string,
  role: ManagedRole,
): Promise<{ ok: true; changed: boolean } | Refused> {
  const target = await loadTarget(actor, userId);
  if (isRefusal(target)) return target;
  if (target.role === role) return { ok: true, changed: false };
  if (target.role !== "admin") {
    const records = await recordsNaming(target, false);
    if (records.length)
      return refuse(
        409,
        `${target.fullName} is named as ${ROLE_LABELS[target.role].toLowerCase()} by ${records.join(", ")}: move those first, or add a new account for the new role.`,
      );
  }
  const { modifiedCount } = await User.updateOne(
    { _id: target._id, role: target.role },
    // The office chose this facilitator: no approval is waited for.
    { $set: { role }, $unset: { pendingApproval: 1 } },
  );
  if (modifiedCount !== 1) return refuse(409, "The account changed meanwhile: open it again.");
  if (target.role === "admin") {
    if (!(await anAdminRemains())) {
      await User.updateOne({ _id: target._id, role }, { $set: { role: "admin" } });
      return refuse(409, LAST_ADMIN);
    }
    await AdminPermission.deleteOne({ userId: target._id });
  }
  await audit("user.role", actor.id, target._id, { from: target.role, to: role });
  return { ok: true, changed: true };
}

/** Turns the account off (it cannot sign in, and every session it holds ends now) or on again. */
export async function setDisabled(actor: Actor, userId: string, disabled: boolean): Promise<{ ok: true } | Refused> {
  const target = await loadTarget(actor, userId);
  if (isRefusal(target)) return target;
  if (Boolean(target.disabledAt) === disabled) return { ok: true };
  if (!disabled) {
    if (target.disabledBy === "demo") return refuse(409, DEMO_STAYS_OFF);
    await User.updateOne({ _id: target._id }, { $set: { disabledAt: null, disabledBy: null } });
    await audit("user.enable", actor.id, target._id, {});
    return { ok: true };
  }
  const at = new Date();
  await User.updateOne({ _id: target._id, disabledAt: null }, { $set: { disabledAt: at, disabledBy: "admin" } });
  if (target.role === "admin" && !(await anAdminRemains())) {
    await User.updateOne({ _id: target._id, disabledAt: at }, { $set: { disabledAt: null, disabledBy: null } });
    return refuse(409, LAST_ADMIN);
  }
  // Each request reads the account (a turned-off one has no session); the sessions are removed as well.
  await Session.deleteMany({ userId: target._id });
  await audit("user.disable", actor.id, target._id, {});
  return { ok: true };
}

/** Deletes an account nothing names (one made by mistake); any other is turned off instead. */
export async function deleteAccount(actor: Actor, userId: string): Promise<{ ok: true; fullName: string } | Refused> {
  const target = await loadTarget(actor, userId);
  if (isRefusal(target)) return target;
  if (target.role === "admin") return refuse(409, ADMIN_NOT_DELETED);
  const records = await recordsNaming(target, true);
  if (records.length)
    return refuse(
      409,
      `${target.fullName}'s account is named by ${records.join(", ")}. Turn it off instead: the records keep their name.`,
    );
  const { deletedCount } = await User.deleteOne({ _id: target._id });
  if (deletedCount !== 1) return refuse(404, "User not found.");
  await Promise.all([
    Session.deleteMany({ userId: target._id }),
    PasswordReset.deleteMany({ userId: target._id }),
    AdminPermission.deleteOne({ userId: target._id }),
  ]);
  await audit("user.delete", actor.id, target._id, { role: target.role, fullName: target.fullName });
  return { ok: true, fullName: target.fullName };
}

/** The account page's view of a user. */
export async function accountForAdmin(userId: string) {
  const user = await User.findById(String(userId))
    .select("_id role fullName phone email createdAt disabledAt disabledBy pendingApproval phoneVerifiedAt")
    .lean<{
      _id: string;
      role: Role;
      fullName: string;
      phone: string;
      email: string | null;
      createdAt: Date;
      disabledAt: Date | null;
      disabledBy: string | null;
      pendingApproval?: boolean;
      phoneVerifiedAt: Date | null;
    }>();
  if (!user) return null;
  return { ...user, records: await recordsNaming(user, true) };
}
