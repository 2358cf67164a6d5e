import { normalizePhone } from "#app/domain/phone.ts";
import { User } from "#app/models/user.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { registrationSearchKeys } from "#app/domain/registration-search.ts";

/**
 * One-off migration (scripts/normalize-phones.ts): re-normalise every stored
 * phone number with the current rules of app/domain/phone.ts. Records whose
 * number does not parse, or whose new number would collide with another
 * record, are left as they are and listed for a person to fix.
 */
export type PhoneProblem = {
  collection: "users" | "registrations";
  id: string;
  field: string;
  value: string;
  reason: string;
};
export type PhoneMigrationReport = { usersChanged: number; registrationsChanged: number; problems: PhoneProblem[] };

function isDuplicateKey(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: number }).code === 11000;
}

export async function normalizeStoredPhones(): Promise<PhoneMigrationReport> {
  const report: PhoneMigrationReport = { usersChanged: 0, registrationsChanged: 0, problems: [] };

  for await (const u of User.find().select("_id phone").lean<{ _id: string; phone: string }[]>().cursor()) {
    const phone = normalizePhone(u.phone);
    if (!phone) {
      report.problems.push({
        collection: "users",
        id: u._id,
        field: "phone",
        value: u.phone,
        reason: "not a valid mobile number",
      });
      continue;
    }
    if (phone === u.phone) continue;
    const other = await User.findOne({ phone, _id: { $ne: u._id } })
      .select("_id")
      .lean();
    if (other) {
      report.problems.push({
        collection: "users",
        id: u._id,
        field: "phone",
        value: u.phone,
        reason: `same number as user ${other._id}`,
      });
      continue;
    }
    try {
      await User.updateOne({ _id: u._id }, { $set: { phone } });
      report.usersChanged++;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      report.problems.push({
        collection: "users",
        id: u._id,
        field: "phone",
        value: u.phone,
        reason: "same number as another user",
      });
    }
  }

  type Row = {
    _id: string;
    whatsappNumber: string;
    whatsappNumberNormalized: string;
    wardWhatsapp: string;
    wardWhatsappNormalized: string;
    parentName: string;
    wardName: string;
    currentSchool: string;
  };
  const cursor = Registration.find()
    .select(
      "_id whatsappNumber whatsappNumberNormalized wardWhatsapp wardWhatsappNormalized parentName wardName currentSchool",
    )
    .lean<Row[]>()
    .cursor();
  for await (const r of cursor) {
    const set: Record<string, string | string[]> = {};
    for (const [raw, field] of [
      ["whatsappNumber", "whatsappNumberNormalized"],
      ["wardWhatsapp", "wardWhatsappNormalized"],
    ] as const) {
      const phone = normalizePhone(r[raw]);
      if (!phone)
        report.problems.push({
          collection: "registrations",
          id: r._id,
          field: raw,
          value: r[raw],
          reason: "not a valid mobile number",
        });
      else if (phone !== r[field]) set[field] = phone;
    }
    if (Object.keys(set).length === 0) continue;
    // The search's phone keys follow the numbers (app/domain/registration-search.ts).
    set.searchKeys = registrationSearchKeys({ ...r, ...(set as Partial<Row>) });
    try {
      await Registration.updateOne({ _id: r._id }, { $set: set });
      report.registrationsChanged++;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      report.problems.push({
        collection: "registrations",
        id: r._id,
        field: "wardWhatsapp",
        value: r.wardWhatsapp,
        reason: "the same ward is already registered for this programme under the normalised number",
      });
    }
  }
  return report;
}
