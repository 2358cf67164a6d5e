import { Registration, type RegistrationDoc } from "#app/models/registration.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { fullNamesOf, User } from "#app/models/user.server.ts";
import { actingText } from "#app/domain/audit-wording.ts";

const DETAIL_FIELDS =
  "_id reference userId parentUserId studentUserId adminRegistration parentName whatsappNumber alternativeNumber wardName wardWhatsapp currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup feedback createdAt updatedAt amountDue feeSeason vacation amountPaid paymentStatus withdrawnAt withdrawnReason whatsappNumberNormalized wardWhatsappNormalized";

/** Every field of one registration for the admin's registration page (no internal keys). */
export async function getRegistrationDetail(id: string) {
  return Registration.findById(String(id)).select(DETAIL_FIELDS).lean<RegistrationDoc>();
}

/** The audit trail of one record, newest first, with the actors' names. */
export async function listAuditTrail(targetId: string, limit = 100) {
  // What was done to the registration itself, and to its ward's records (a mark, a register: `registrationIds`).
  const rows = await AuditLog.find({ $or: [{ targetId: String(targetId) }, { registrationIds: String(targetId) }] })
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<
      { _id: string; action: string; actorId: string; asUserId?: string | null; details: unknown; createdAt: Date }[]
    >();
  const names = await fullNamesOf(rows.flatMap((r) => [r.actorId, r.asUserId]));
  return rows.map((r) => ({ ...r, actorName: actingText(String(r.actorId), r.asUserId, names) }));
}

/**
 * How an account sees a registration, by the one rule of ownedRegistrationsFilter (docs/decisions/0017): linked by
 * hand or by claim code ("linked", which the office can undo), submitted by it ("submitted"), or by its phone,
 * confirmed with a code, being the registration's number ("phone").
 */
export type LinkedAccount = {
  role: "parent" | "student";
  id: string;
  fullName: string;
  phone: string;
  how: "linked" | "submitted" | "phone";
} | null;

/** The parent and the student account that see a registration, and how. */
export async function getLinkedAccounts(reg: {
  userId?: string | null;
  parentUserId?: string | null;
  studentUserId?: string | null;
  whatsappNumberNormalized?: string | null;
  wardWhatsappNormalized?: string | null;
}) {
  type Row = { _id: string; role: string; fullName: string; phone: string; phoneVerifiedAt: Date | null };
  const ids = [reg.parentUserId, reg.studentUserId, reg.userId].filter((v): v is string => Boolean(v));
  const or: Record<string, unknown>[] = [];
  if (ids.length) or.push({ _id: { $in: ids.map(String) } });
  if (reg.whatsappNumberNormalized) or.push({ phone: reg.whatsappNumberNormalized, role: "parent" });
  if (reg.wardWhatsappNormalized) or.push({ phone: reg.wardWhatsappNormalized, role: "student" });
  const users = or.length
    ? await User.find({ $or: or }).select("_id role fullName phone phoneVerifiedAt").lean<Row[]>()
    : [];
  const account = (u: Row | undefined, role: "parent" | "student", how: "linked" | "submitted" | "phone") =>
    u ? { role, id: String(u._id), fullName: u.fullName, phone: u.phone, how } : null;
  const find = (role: "parent" | "student", linkedId: string | null | undefined, phone: string | null | undefined) => {
    const linked = linkedId ? users.find((u) => String(u._id) === String(linkedId)) : undefined;
    if (linked) return account(linked, role, "linked");
    const submitted = users.find((u) => u.role === role && reg.userId && String(u._id) === String(reg.userId));
    if (submitted) return account(submitted, role, "submitted");
    const byPhone = users.find((u) => u.role === role && phone && u.phone === phone && u.phoneVerifiedAt);
    return account(byPhone, role, "phone");
  };
  return {
    parent: find("parent", reg.parentUserId, reg.whatsappNumberNormalized),
    student: find("student", reg.studentUserId, reg.wardWhatsappNormalized),
  } satisfies Record<string, LinkedAccount>;
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
