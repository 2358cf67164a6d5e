import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { PROGRAMMES, WARD_FORMS } from "#app/domain/programmes.ts";
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
