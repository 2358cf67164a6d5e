import { Registration, type RegistrationDoc } from "./registration.server.ts";
import { AuditLog } from "./audit-log.server.ts";
import { User } from "./user.server.ts";

const DETAIL_FIELDS =
  "_id reference userId adminRegistration parentName whatsappNumber alternativeNumber wardName wardWhatsapp currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup feedback createdAt updatedAt amountDue feeSeason amountPaid paymentStatus";

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
    ? await User.find({ _id: { $in: ids } }).select("_id fullName").lean<{ _id: string; fullName: string }[]>()
    : [];
  const names = new Map(users.map((u) => [String(u._id), u.fullName]));
  return rows.map((r) => ({ ...r, actorName: names.get(String(r.actorId)) ?? String(r.actorId) }));
}
