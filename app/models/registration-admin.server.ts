import { Registration, type RegistrationDoc } from "#app/models/registration.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { User } from "#app/models/user.server.ts";

const DETAIL_FIELDS =
  "_id reference userId parentUserId studentUserId adminRegistration parentName whatsappNumber alternativeNumber wardName wardWhatsapp currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup feedback createdAt updatedAt amountDue feeSeason amountPaid paymentStatus withdrawnAt withdrawnReason";

/** Every field of one registration for the admin's registration page (no internal keys). */
export async function getRegistrationDetail(id: string) {
  return Registration.findById(String(id)).select(DETAIL_FIELDS).lean<RegistrationDoc>();
}

/** The audit trail of one record, newest first, with the actors' names. */
export async function listAuditTrail(targetId: string, limit = 100) {
  const rows = await AuditLog.find({ targetId: String(targetId) })
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<{ _id: string; action: string; actorId: string; details: unknown; createdAt: Date }[]>();
  const ids = [...new Set(rows.map((r) => String(r.actorId)))];
  const users = ids.length
    ? await User.find({ _id: { $in: ids } })
        .select("_id fullName")
        .lean<{ _id: string; fullName: string }[]>()
    : [];
  const names = new Map(users.map((u) => [String(u._id), u.fullName]));
  return rows.map((r) => ({ ...r, actorName: names.get(String(r.actorId)) ?? String(r.actorId) }));
}

export type LinkedAccount = { role: "parent" | "student"; id: string; fullName: string; phone: string } | null;

/** The accounts a registration is linked to by hand or by claim code (docs/decisions/0017-proof-of-ownership.md). */
export async function getLinkedAccounts(reg: { parentUserId?: string | null; studentUserId?: string | null }) {
  const ids = [reg.parentUserId, reg.studentUserId].filter((v): v is string => Boolean(v));
  const users = ids.length
    ? await User.find({ _id: { $in: ids } })
        .select("_id fullName phone")
        .lean<{ _id: string; fullName: string; phone: string }[]>()
    : [];
  const view = (role: "parent" | "student", id?: string | null): LinkedAccount => {
    const u = id ? users.find((x) => String(x._id) === String(id)) : undefined;
    return u ? { role, id: String(u._id), fullName: u.fullName, phone: u.phone } : null;
  };
  return { parent: view("parent", reg.parentUserId), student: view("student", reg.studentUserId) };
}

/** A parent or student account by its phone (E.164) or its email; null when there is none. */
export async function findAccountForLink(phone: string | null, email: string | null) {
  const or: Record<string, string>[] = [];
  if (phone) or.push({ phone });
  if (email) or.push({ email: email.toLowerCase() });
  if (!or.length) return null;
  return User.findOne({ $or: or })
    .select("_id role fullName phone")
    .lean<{ _id: string; role: string; fullName: string; phone: string }>();
}

/** Sets (or clears, with null) the parent or student account of a registration; returns the one it replaced. */
export async function setLinkedAccount(registrationId: string, role: "parent" | "student", userId: string | null) {
  const field = role === "parent" ? "parentUserId" : "studentUserId";
  const before = await Registration.findOneAndUpdate(
    { _id: String(registrationId) },
    { $set: { [field]: userId } },
    { returnDocument: "before", lean: true },
  );
  return before ? (((before as Record<string, unknown>)[field] as string | null) ?? null) : undefined;
}
