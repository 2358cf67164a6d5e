import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { PROGRAMMES, PROGRAMME_LABELS, WARD_FORMS, isProgramme, type Programme } from "#app/domain/programmes.ts";
import { idField, newReference } from "./ids.server.ts";

export const UPDATE_MODES = ["whatsapp", "sms", "email", "call"] as const;
export const REFERRAL_STATUSES = ["teacher", "parent", "student", "friend", "other"] as const;
export const YES_NO = ["yes", "no"] as const;

/** Lower-cased, single-spaced ward name: the duplicate check compares names this way. */
export function wardNameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

const registrationSchema = new Schema(
  {
    _id: idField,
    /** Unguessable reference in the confirmation URL (decisions §4). */
    reference: { type: String, required: true, default: () => newReference() },
    /** The signed-in submitter, if any. */
    userId: { type: String, default: null },
    adminRegistration: { type: Boolean, default: false },
    /** The admin who entered it on a parent's behalf (Register Student); the parent owns it, not the admin. */
    enteredById: { type: String, default: null },
    parentName: { type: String, required: true, trim: true, minlength: 2, maxlength: 100 },
    whatsappNumber: { type: String, required: true, trim: true, maxlength: 30 },
    whatsappNumberNormalized: { type: String, required: true },
    alternativeNumber: { type: String, trim: true, maxlength: 30, default: null },
    wardName: { type: String, required: true, trim: true, minlength: 2, maxlength: 100 },
    wardNameKey: { type: String, required: true },
    wardWhatsapp: { type: String, required: true, trim: true, maxlength: 30 },
    wardWhatsappNormalized: { type: String, required: true },
    currentSchool: { type: String, required: true, trim: true, minlength: 2, maxlength: 150 },
    wardForm: { type: String, required: true, enum: WARD_FORMS },
    specificClass: { type: String, required: true, trim: true, minlength: 1, maxlength: 20 },
    programme: { type: String, required: true, enum: PROGRAMMES },
    subjects: {
      type: [String],
      required: true,
      validate: { validator: (v: string[]) => Array.isArray(v) && v.length > 0, message: "Please select at least one subject" },
    },
    subjectCount: { type: Number, required: true, min: 1 },
    updateMode: {
      type: [{ type: String, enum: UPDATE_MODES }],
      validate: { validator: (v: string[]) => Array.isArray(v) && v.length > 0, message: "Please select at least one update mode" },
    },
    referralName: { type: String, required: true, trim: true, minlength: 2, maxlength: 100 },
    referralStatus: { type: String, required: true, enum: REFERRAL_STATUSES },
    referralOther: { type: String, trim: true, maxlength: 100, default: null },
    joinStudentGroups: { type: String, enum: YES_NO, default: "yes" },
    joinParentGroup: { type: String, enum: YES_NO, default: "yes" },
    feedback: { type: String, trim: true, maxlength: 2000, default: null },
    /** Set the first time the student portal opened the class pages for this registration (spec §4). */
    classPagesOpenedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: "registrations" },
);

registrationSchema.index({ reference: 1 }, { unique: true });
// One ward (name + WhatsApp number) per programme: the duplicate rule, enforced atomically.
registrationSchema.index({ programme: 1, wardWhatsappNormalized: 1, wardNameKey: 1 }, { unique: true });
registrationSchema.index({ createdAt: -1 });
registrationSchema.index({ programme: 1, createdAt: 1 });
registrationSchema.index({ userId: 1, createdAt: -1 });
registrationSchema.index({ wardWhatsappNormalized: 1, createdAt: -1 });
registrationSchema.index({ whatsappNumberNormalized: 1, createdAt: -1 });
registrationSchema.index({ subjects: 1 });

export type RegistrationDoc = InferSchemaType<typeof registrationSchema> & { _id: string; createdAt: Date; updatedAt: Date };
export const Registration =
  (mongoose.models.Registration as mongoose.Model<RegistrationDoc>) ??
  mongoose.model<RegistrationDoc>("Registration", registrationSchema);

/**
 * The latest registration a user owns (decisions §4): submitted by them, or
 * whose ward WhatsApp (for students) / parent WhatsApp (for parents) equals their phone.
 */
export async function getLatestOwnedRegistration(user: { _id: string; phone: string; role: string }) {
  const or: Record<string, string>[] = [{ userId: String(user._id) }];
  if (user.role === "parent") or.push({ whatsappNumberNormalized: String(user.phone) });
  else or.push({ wardWhatsappNormalized: String(user.phone) });
  return Registration.findOne({ $or: or }).sort({ createdAt: -1 }).lean<RegistrationDoc>();
}

/** Every registration a parent owns, newest first. */
export async function getParentRegistrations(user: { _id: string; phone: string }) {
  return Registration.find({ $or: [{ userId: String(user._id) }, { whatsappNumberNormalized: String(user.phone) }] })
    .sort({ createdAt: -1 })
    .limit(50)
    .lean<RegistrationDoc[]>();
}

/** The confirmation page's lookup: by the unguessable reference only. */
export async function getRegistrationByReference(reference: string) {
  return Registration.findOne({ reference: String(reference) })
    .select(
      "reference parentName whatsappNumber alternativeNumber wardName wardWhatsapp currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup adminRegistration createdAt",
    )
    .lean<RegistrationDoc>();
}

/** The duplicate rule: the same ward (name key + normalised WhatsApp) in the same programme. */
export async function findDuplicateRegistration(key: { programme: string; wardWhatsappNormalized: string; wardNameKey: string }) {
  const filter: Record<string, unknown> = {
    programme: String(key.programme),
    wardWhatsappNormalized: String(key.wardWhatsappNormalized),
    wardNameKey: String(key.wardNameKey),
  };
  return Registration.findOne(filter)
    .select("_id reference")
    .lean<{ _id: string; reference: string }>();
}

// ---- Admin registrations (issue 7): lists filter, sort and paginate in the database. ----

/** The fields the admin registrations table shows. */
const ADMIN_LIST_FIELDS = "_id parentName wardName programme subjects createdAt";
export type AdminRegistrationRow = {
  _id: string;
  parentName: string;
  wardName: string;
  programme: Programme;
  subjects: string[];
  createdAt: Date;
};
/** Longest search text used in a query (longer input is cut, not refused). */
export const MAX_REGISTRATION_SEARCH = 100;

function escapeRegex(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Case-insensitive substring search over the shown fields (parent name, ward
 * name, programme value or label, subjects), plus an optional programme.
 * The user's text is escaped before it becomes a regular expression.
 */
export function adminRegistrationFilter({ q, programme }: { q?: string | null; programme?: Programme | null }) {
  const filter: Record<string, unknown> = {};
  if (programme && isProgramme(programme)) filter.programme = String(programme);
  const text = String(q ?? "").trim().slice(0, MAX_REGISTRATION_SEARCH);
  if (text) {
    const rx = new RegExp(escapeRegex(text), "i");
    const or: Record<string, unknown>[] = [{ parentName: rx }, { wardName: rx }, { subjects: rx }, { programme: rx }];
    const byLabel = PROGRAMMES.filter((p) => PROGRAMME_LABELS[p].toLowerCase().includes(text.toLowerCase()));
    if (byLabel.length) or.push({ programme: { $in: byLabel } });
    filter.$or = or;
  }
  return filter;
}

/** One page of registrations, newest first, and how many match (createdAt / programme+createdAt indexes). */
export async function listAdminRegistrations(options: { q?: string | null; programme?: Programme | null; page: number; perPage: number }) {
  const filter = adminRegistrationFilter(options);
  const page = Math.max(1, Math.floor(options.page));
  const [items, total] = await Promise.all([
    Registration.find(filter)
      .select(ADMIN_LIST_FIELDS)
      .sort({ createdAt: -1 })
      .skip((page - 1) * options.perPage)
      .limit(options.perPage)
      .lean<AdminRegistrationRow[]>(),
    Object.keys(filter).length === 0 ? Registration.estimatedDocumentCount() : Registration.countDocuments(filter),
  ]);
  return { items, total };
}

/** Registrations per programme (each an indexed count); `total` is their sum. */
export async function countRegistrationsByProgramme() {
  const counts = await Promise.all(PROGRAMMES.map((p) => Registration.countDocuments({ programme: p as Programme })));
  const byProgramme = Object.fromEntries(PROGRAMMES.map((p, i) => [p, counts[i]])) as Record<Programme, number>;
  return { byProgramme, total: counts.reduce((a, b) => a + b, 0) };
}

export async function countRegistrationsForProgramme(programme: Programme) {
  if (!isProgramme(programme)) return 0;
  return Registration.countDocuments({ programme });
}

/** The fields of every export and the view list (never internal ids or keys). */
const EXPORT_FIELDS =
  "createdAt parentName whatsappNumber alternativeNumber wardName wardWhatsapp currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup feedback";
export type ExportRegistration = Pick<
  RegistrationDoc,
  | "parentName" | "whatsappNumber" | "alternativeNumber" | "wardName" | "wardWhatsapp" | "currentSchool" | "wardForm"
  | "specificClass" | "programme" | "subjects" | "subjectCount" | "updateMode" | "referralName" | "referralStatus"
  | "referralOther" | "joinStudentGroups" | "joinParentGroup" | "feedback"
> & { _id: string; createdAt: Date };

/** Streams registrations (optionally one programme) from a cursor: memory stays flat for any size. */
export function streamRegistrations(options: { programme?: Programme | null; order: "newest" | "oldest" }) {
  const filter: Record<string, unknown> = isProgramme(options.programme) ? { programme: options.programme } : {};
  return Registration.find(filter)
    .select(EXPORT_FIELDS)
    .sort({ createdAt: options.order === "newest" ? -1 : 1 })
    .lean<ExportRegistration[]>()
    .cursor({ batchSize: 1000 }) as AsyncIterable<ExportRegistration>;
}

/** A page of the registration view list, oldest first. */
export async function listRegistrationsOldestFirst(page: number, perPage: number) {
  const [items, total] = await Promise.all([
    Registration.find({})
      .select(EXPORT_FIELDS)
      .sort({ createdAt: 1 })
      .skip((Math.max(1, Math.floor(page)) - 1) * perPage)
      .limit(perPage)
      .lean<ExportRegistration[]>(),
    Registration.estimatedDocumentCount(),
  ]);
  return { items, total };
}

export async function getRegistrationForDelete(id: string) {
  return Registration.findById(String(id)).select("_id wardName parentName programme").lean<{ _id: string; wardName: string; parentName: string; programme: Programme }>();
}

/** True when a registration was deleted. */
export async function deleteRegistrationById(id: string) {
  const { deletedCount } = await Registration.deleteOne({ _id: String(id) });
  return deletedCount === 1;
}

export async function deleteAllRegistrations() {
  const { deletedCount } = await Registration.deleteMany({});
  return deletedCount;
}

/**
 * Active Students (decisions §3: students with a registration): the number of
 * distinct wards registered, a ward being its normalised WhatsApp number (a
 * ward in two programmes counts once). `before` counts as of that moment.
 */
export async function countActiveStudents(before?: Date) {
  const match = before ? { createdAt: { $lt: before } } : {};
  const [row] = await Registration.aggregate<{ n: number }>([
    { $match: match },
    { $group: { _id: "$wardWhatsappNormalized" } },
    { $count: "n" },
  ]);
  return row?.n ?? 0;
}
