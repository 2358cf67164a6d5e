import { normaliseReference } from "#app/domain/registration-reference.ts";
import {
  byRegistrationsRevision,
  raiseRegistrationsRevision,
  raisedByEveryWrite,
} from "#app/models/revisions.server.ts";
import { randomInt } from "node:crypto";
import { Schema, type InferSchemaType } from "mongoose";
import { ALL_SUBJECTS, PROGRAMMES, WARD_FORMS, isProgramme, type Programme } from "#app/domain/programmes.ts";
import { registrationSearchFilter, registrationSearchKeys } from "#app/domain/registration-search.ts";
import { Subject } from "#app/models/subject.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { idField, newReference } from "#app/models/ids.server.ts";
import { readAhead } from "#app/models/infra/read-ahead.server.ts";
import { isPaymentStatus, type PaymentStatus } from "#app/domain/money.ts";
import {
  REFERRAL_STATUSES,
  REGISTRATION_MAX_LENGTHS as MAX,
  REGISTRATION_MIN_LENGTHS as MIN,
  UPDATE_MODES,
  YES_NO,
} from "#app/domain/registration.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/** Lower-cased, single-spaced ward name: the duplicate check compares names this way. */
export function wardNameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** What the enrolment form says about the family and the ward, as a parent or the office typed it. */
type RegistrationDetailsInput = {
  parentName: string;
  whatsappNumber: string;
  alternativeNumber?: string | null;
  wardName: string;
  wardWhatsapp: string;
  currentSchool: string;
  wardForm: (typeof WARD_FORMS)[number];
  specificClass: string;
  subjects: string[];
};

/**
 * The stored fields for those answers, with the ones derived from them (normalised numbers, the name key the duplicate
 * rule reads, the subject count): one place, for a new registration and for the office's corrections alike.
 */
export function registrationDetails(v: RegistrationDetailsInput) {
  const subjects = [...new Set(v.subjects)];
  const stored = {
    parentName: v.parentName,
    whatsappNumber: v.whatsappNumber,
    whatsappNumberNormalized: normalizePhone(v.whatsappNumber),
    alternativeNumber: v.alternativeNumber || null,
    wardName: v.wardName,
    wardNameKey: wardNameKey(v.wardName),
    wardWhatsapp: v.wardWhatsapp,
    wardWhatsappNormalized: normalizePhone(v.wardWhatsapp),
    currentSchool: v.currentSchool,
    wardForm: v.wardForm,
    specificClass: v.specificClass,
    subjects,
    subjectCount: subjects.length,
  };
  return { ...stored, searchKeys: registrationSearchKeys(stored) };
}

/** The office's corrections: the details (registrationDetails) replace the stored ones, checked by the schema. */
export async function updateRegistrationDetails(
  id: string,
  details: ReturnType<typeof registrationDetails> & { programme?: string },
) {
  await Registration.updateOne({ _id: String(id) }, { $set: details }, { runValidators: true });
}

const registrationSchema = new Schema(
  {
    _id: idField,
    /** Unguessable reference in the confirmation URL (docs/product.md#data-rules). */
    reference: { type: String, required: true, default: () => newReference() },
    /** The signed-in submitter, if any. */
    userId: { type: String, default: null },
    /**
     * Proof of ownership (docs/decisions/0017-proof-of-ownership.md): printed on the confirmation page; with the
     * reference it links the registration to a parent's or student's account.
     */
    claimCode: { type: String, default: () => newClaimCode() },
    /** The parent and the student accounts that claimed the registration. */
    parentUserId: { type: String, default: null },
    studentUserId: { type: String, default: null },
    adminRegistration: { type: Boolean, default: false },
    /** The admin who entered it on a parent's behalf (Register Student); the parent owns it, not the admin. */
    enteredById: { type: String, default: null },
    parentName: { type: String, required: true, trim: true, minlength: MIN.parentName, maxlength: MAX.parentName },
    whatsappNumber: { type: String, required: true, trim: true, maxlength: MAX.phone },
    whatsappNumberNormalized: { type: String, required: true },
    alternativeNumber: { type: String, trim: true, maxlength: MAX.phone, default: null },
    wardName: { type: String, required: true, trim: true, minlength: MIN.wardName, maxlength: MAX.wardName },
    wardNameKey: { type: String, required: true },
    /** The admin search's keys (app/domain/registration-search.ts), written with the names and numbers. */
    searchKeys: { type: [String], default: undefined },
    wardWhatsapp: { type: String, required: true, trim: true, maxlength: MAX.phone },
    wardWhatsappNormalized: { type: String, required: true },
    currentSchool: {
      type: String,
      required: true,
      trim: true,
      minlength: MIN.currentSchool,
      maxlength: MAX.currentSchool,
    },
    wardForm: { type: String, required: true, enum: WARD_FORMS },
    specificClass: {
      type: String,
      required: true,
      trim: true,
      minlength: MIN.specificClass,
      maxlength: MAX.specificClass,
    },
    programme: { type: String, required: true, enum: PROGRAMMES },
    /** The vacation this enrolment is for (app/models/vacation.server.ts); the same ward enrols once per programme in it. */
    vacation: { type: String, default: null, maxlength: 40 },
    subjects: {
      type: [String],
      required: true,
      validate: {
        validator: (v: string[]) => Array.isArray(v) && v.length > 0,
        message: "Please select at least one subject",
      },
    },
    subjectCount: { type: Number, required: true, min: 1 },
    updateMode: {
      type: [{ type: String, enum: UPDATE_MODES }],
      validate: {
        validator: (v: string[]) => Array.isArray(v) && v.length > 0,
        message: "Please select at least one update mode",
      },
    },
    referralName: {
      type: String,
      required: true,
      trim: true,
      minlength: MIN.referralName,
      maxlength: MAX.referralName,
    },
    referralStatus: { type: String, required: true, enum: REFERRAL_STATUSES },
    referralOther: { type: String, trim: true, maxlength: MAX.referralOther, default: null },
    joinStudentGroups: { type: String, enum: YES_NO, default: "yes" },
    joinParentGroup: { type: String, enum: YES_NO, default: "yes" },
    feedback: { type: String, trim: true, maxlength: MAX.feedback, default: null },
    /** True from enrolment until its messages are queued (app/services/messaging/notifications.server.ts); a restart finishes it. */
    messagesPending: { type: Boolean, default: undefined },
    /** Set the first time the student portal opened the class pages for this registration (docs/product.md#behaviour). */
    classPagesOpenedAt: { type: Date, default: null },
    // ---- Fees (see app/services/money/payments.server.ts) ----
    /** Pesewas due, copied from the fee schedule at enrolment (null: no fee was set); changed only by an audited adjustment. */
    amountDue: { type: Number, default: null, min: 0 },
    /** The vacation's name while a fee is set (the season its receipts are numbered in); null while none is. */
    feeSeason: { type: String, default: null, maxlength: 40 },
    /** Sum of confirmed payments, kept by the payments module. */
    amountPaid: { type: Number, default: 0 },
    /** Raised after every change to this registration's payments or amount due (app/models/payment.server.ts). */
    paymentsRev: { type: Number, default: 0 },
    /**
     * The ward's one open Mobile Money checkout: the id of its pending gateway payment, or a claim taken while one is
     * being started. Counts only while that payment is pending (app/services/money/checkout.server.ts).
     */
    openCheckout: { type: String, default: null },
    /**
     * A ward who left: the registration is kept with its payments and receipts (one with confirmed payments cannot be
     * deleted), but rosters and counts leave it out. Absent while enrolled (a sparse index finds the few withdrawn).
     */
    withdrawnAt: { type: Date, default: undefined },
    withdrawnReason: { type: String, maxlength: 300, default: undefined },
    /** Unpaid / part-paid / paid / overpaid from amountDue and amountPaid (null while no fee is set). */
    paymentStatus: { type: String, default: null },
  },
  { timestamps: true, collection: "registrations" },
);

registrationSchema.index({ reference: 1 }, { unique: true });
/** The duplicate rule's index; the one before vacations (without the vacation) is dropped at the upgrade. */
export const DUPLICATE_RULE_INDEX = "one_ward_per_programme_per_vacation";
export const OLD_DUPLICATE_RULE_INDEX = "programme_1_wardWhatsappNormalized_1_wardNameKey_1";
// One ward (name + WhatsApp number) per programme per vacation: the duplicate rule, enforced atomically.
registrationSchema.index(
  { vacation: 1, programme: 1, wardWhatsappNormalized: 1, wardNameKey: 1 },
  { unique: true, name: DUPLICATE_RULE_INDEX },
);
registrationSchema.index({ vacation: 1, createdAt: -1 });
// Counts per programme of one vacation, each from the index alone.
registrationSchema.index({ vacation: 1, programme: 1 });
registrationSchema.index({ createdAt: -1 });
registrationSchema.index({ programme: 1, createdAt: 1 });
registrationSchema.index({ userId: 1, createdAt: -1 });
registrationSchema.index({ wardWhatsappNormalized: 1, createdAt: -1 });
registrationSchema.index({ whatsappNumberNormalized: 1, createdAt: -1 });
registrationSchema.index({ subjects: 1 });
registrationSchema.index({ parentUserId: 1 }, { sparse: true });
registrationSchema.index({ studentUserId: 1 }, { sparse: true });
registrationSchema.index({ paymentStatus: 1, createdAt: -1 });
registrationSchema.index({ messagesPending: 1 }, { sparse: true });
registrationSchema.index({ withdrawnAt: 1 }, { sparse: true });
// The admin search (app/domain/registration-search.ts): name prefixes, school words and phone endings, by equality.
registrationSchema.index({ searchKeys: 1 });

export type RegistrationDoc = InferSchemaType<typeof registrationSchema> & {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
};
// Every write through the model raises the registrations' revision (app/models/revisions.server.ts), but the one that
// clears the flag of an enrolment's messages queued: no figure reads it.
raisedByEveryWrite(registrationSchema, raiseRegistrationsRevision, { unrevised: ["messagesPending", "updatedAt"] });

export const Registration = defineModel<RegistrationDoc>("Registration", registrationSchema);

type Owner = { _id: string; phone: string; role: string; phoneVerifiedAt?: Date | null };

/**
 * Which registrations an account owns (docs/decisions/0017-proof-of-ownership.md): the ones it submitted, the
 * ones it claimed with reference + claim code, and — only once its phone is verified — the ones whose parent
 * WhatsApp (parents) or ward WhatsApp (students) is its phone. A phone typed at sign-up proves nothing.
 */
export function ownedRegistrationsFilter(user: Owner) {
  const id = String(user._id);
  const or: Record<string, string>[] = [{ userId: id }];
  if (user.role === "parent") {
    or.push({ parentUserId: id });
    if (user.phoneVerifiedAt) or.push({ whatsappNumberNormalized: String(user.phone) });
  } else {
    or.push({ studentUserId: id });
    if (user.phoneVerifiedAt) or.push({ wardWhatsappNormalized: String(user.phone) });
  }
  return { $or: or };
}

/** The latest registration a user owns (see ownedRegistrationsFilter). */
export async function getLatestOwnedRegistration(user: Owner) {
  return Registration.findOne(ownedRegistrationsFilter(user)).sort({ createdAt: -1 }).lean<RegistrationDoc>();
}

/** The registrations a user owns (see ownedRegistrationsFilter), newest first: a ward's, across vacations. */
export async function getOwnedRegistrations(user: Owner) {
  return Registration.find(ownedRegistrationsFilter(user)).sort({ createdAt: -1 }).limit(50).lean<RegistrationDoc[]>();
}

/** Every registration a parent owns, newest first. */
export async function getParentRegistrations(user: Owner) {
  return Registration.find(ownedRegistrationsFilter({ ...user, role: "parent" }))
    .sort({ createdAt: -1 })
    .limit(50)
    .lean<RegistrationDoc[]>();
}

/** One of a parent's registrations (see ownedRegistrationsFilter), or null when it is not theirs or not there. */
export async function getParentRegistration(user: Owner, id: string) {
  return Registration.findOne({
    _id: String(id),
    ...ownedRegistrationsFilter({ ...user, role: "parent" }),
  }).lean<RegistrationDoc>();
}

/** Claim codes are read off a page and typed: no 0/O or 1/I/L. */
const CLAIM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export function newClaimCode() {
  let code = "";
  for (let i = 0; i < 8; i++) code += CLAIM_ALPHABET[randomInt(CLAIM_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
export function normaliseClaimCode(text: string) {
  const c = text.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : null;
}

export type ClaimOutcome =
  { status: "linked"; registrationId: string } | { status: "already-yours" | "not-found" | "claimed-by-another" };

/**
 * Links the registration with this reference and claim code to the account, as its parent or its student. A
 * wrong reference or code are the same answer (not-found); a registration another account has claimed in that
 * role stays theirs (the school can move it).
 */
export async function claimRegistration(
  user: { _id: string; role: string },
  reference: string,
  claimCode: string,
): Promise<ClaimOutcome> {
  const code = normaliseClaimCode(claimCode);
  if (!code) return { status: "not-found" };
  const field = user.role === "parent" ? "parentUserId" : "studentUserId";
  const id = String(user._id);
  const match = { reference: normaliseReference(reference), claimCode: code };
  const updated = await Registration.findOneAndUpdate(
    { ...match, [field]: null },
    { $set: { [field]: id } },
    { projection: { _id: 1 }, lean: true },
  );
  if (updated) return { status: "linked", registrationId: String(updated._id) };
  const existing = await Registration.findOne(match).select(field).lean<Record<string, string | null>>();
  if (!existing) return { status: "not-found" };
  return { status: existing[field] === id ? "already-yours" : "claimed-by-another" };
}

/**
 * A reference as typed or read out: references are lower-case letters and digits, so a phone keyboard's capital or a
 * space between the halves read out still finds it.
 */

/** The confirmation page's lookup: by the unguessable reference only. */
export async function getRegistrationByReference(reference: string) {
  return Registration.findOne({ reference: String(reference) })
    .select(
      "reference claimCode userId enteredById parentName whatsappNumber alternativeNumber wardName wardWhatsapp currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup adminRegistration createdAt amountDue feeSeason vacation amountPaid paymentStatus",
    )
    .lean<RegistrationDoc>();
}

// Mongoose builds the schema's indexes once connected, in the background (its `init`): until then the unique index
// of the duplicate rule may not be there. Looked up once the build is over, on every (re)connection; a connection
// lost forgets it.
let duplicateIndexSeen = false;
function lookForDuplicateIndex() {
  Registration.init()
    .then(() => Registration.collection.indexes())
    .then(
      (indexes) => (duplicateIndexSeen = indexes.some((i) => i.name === DUPLICATE_RULE_INDEX && i.unique === true)),
      () => (duplicateIndexSeen = false),
    );
}
lookForDuplicateIndex();
Registration.db.on("connected", lookForDuplicateIndex);
Registration.db.on("disconnected", () => (duplicateIndexSeen = false));

/**
 * Whether this process has seen the unique index over the duplicate rule's key, so that an insert refuses a duplicate
 * by itself; until then (a start, an index that could not be built) a duplicate is looked for before inserting.
 */
export const duplicateRuleIndexed = () => duplicateIndexSeen;

/** The duplicate rule: the same ward (name key + normalised WhatsApp) in the same programme and vacation. */
export async function findDuplicateRegistration(key: {
  vacation: string;
  programme: string;
  wardWhatsappNormalized: string;
  wardNameKey: string;
}) {
  const filter: Record<string, unknown> = {
    vacation: String(key.vacation),
    programme: String(key.programme),
    wardWhatsappNormalized: String(key.wardWhatsappNormalized),
    wardNameKey: String(key.wardNameKey),
  };
  return Registration.findOne(filter)
    .select("_id reference userId")
    .lean<{ _id: string; reference: string; userId?: string | null }>();
}

// ---- Admin registrations: lists filter, sort and paginate in the database. ----

/** The fields the admin registrations table shows. */
const ADMIN_LIST_FIELDS = "_id parentName wardName programme subjects createdAt amountDue amountPaid paymentStatus";
export type AdminRegistrationRow = {
  _id: string;
  parentName: string;
  wardName: string;
  programme: Programme;
  subjects: string[];
  createdAt: Date;
  amountDue?: number | null;
  amountPaid?: number | null;
  paymentStatus?: string | null;
};
/**
 * The admin list's filter: an optional programme and payment state, and the search (app/domain/registration-search.ts)
 * over the school's subjects (`subjectNames`). Text with nothing searchable in it matches nothing.
 */
export function adminRegistrationFilter({
  q,
  vacation,
  programme,
  payment,
  subjectNames = ALL_SUBJECTS,
}: {
  q?: string | null;
  /** One vacation's registrations (the lists default to the vacation teaching now). */
  vacation?: string | null;
  programme?: Programme | null;
  payment?: PaymentStatus | null;
  subjectNames?: readonly string[];
}) {
  const filter: Record<string, unknown> = {};
  if (vacation) filter.vacation = String(vacation);
  if (programme && isProgramme(programme)) filter.programme = String(programme);
  if (payment && isPaymentStatus(payment)) filter.paymentStatus = String(payment);
  const raw = String(q ?? "").trim();
  if (raw) {
    const search = registrationSearchFilter(raw, subjectNames);
    // nothing searchable (only punctuation): an impossible condition instead of "everything"
    if (search) filter.$and = [search];
    else filter._id = { $in: [] };
  }
  return filter;
}

// The school's subjects for the search's subject words: the catalogue and those an admin added, read at most once a
// minute per process (a small collection; a subject added a minute ago is found by name from then on).
let subjectNamesCache: { names: readonly string[]; at: number } | null = null;
async function schoolSubjectNames(): Promise<readonly string[]> {
  if (subjectNamesCache && Date.now() - subjectNamesCache.at < 60_000) return subjectNamesCache.names;
  // Read through the name index (a range over every name), not by scanning the collection.
  const added = await Subject.find({ name: { $gt: "" } })
    .select("name")
    .lean<{ name: string }[]>();
  const names = [...new Set([...ALL_SUBJECTS, ...added.map((s) => s.name)])];
  subjectNamesCache = { names, at: Date.now() };
  return names;
}

/** One page of registrations, newest first, and how many match (createdAt / programme+createdAt indexes). */
export async function listAdminRegistrations(options: {
  q?: string | null;
  vacation?: string | null;
  programme?: Programme | null;
  payment?: PaymentStatus | null;
  page: number;
  perPage: number;
}) {
  const subjectNames = options.q?.trim() ? await schoolSubjectNames() : ALL_SUBJECTS;
  const filter = adminRegistrationFilter({ ...options, subjectNames });
  const page = Math.max(1, Math.floor(options.page));
  const [items, total] = await Promise.all([
    Registration.find(filter)
      .select(ADMIN_LIST_FIELDS)
      .sort({ createdAt: -1 })
      .skip((page - 1) * options.perPage)
      .limit(options.perPage)
      .lean<AdminRegistrationRow[]>(),
    Object.keys(filter).length === 0
      ? Registration.estimatedDocumentCount()
      : options.q?.trim()
        ? Registration.countDocuments(filter)
        : // A browse (a vacation, a programme, a payment state: a handful of filters) counts again only after a change.
          byRegistrationsRevision(`list-count ${JSON.stringify(filter)}`, () => Registration.countDocuments(filter)),
  ]);
  return { items, total };
}

/**
 * Registrations per programme (withdrawn left out) and `total`, their sum, counted again only after a registration
 * changed (app/models/revisions.server.ts). Of one vacation: a count per programme on
 * the `{vacation, programme}` index (each read from the index alone: a COUNT_SCAN on MongoDB); of every vacation, one
 * `$group` by the indexed programme field (the embedded server reads it from the index, MongoDB can use a
 * DISTINCT_SCAN). The few withdrawn come through their sparse index and are taken off.
 */
export function countRegistrationsByProgramme(vacation?: string | null) {
  return byRegistrationsRevision(`by-programme ${vacation ?? ""}`, () => readRegistrationsByProgramme(vacation));
}

async function readRegistrationsByProgramme(vacation?: string | null) {
  const [rows, withdrawn] = await Promise.all([
    vacation
      ? Promise.all(
          PROGRAMMES.map(async (p) => ({
            _id: p as string,
            n: await Registration.countDocuments({ vacation: String(vacation), programme: p }),
          })),
        )
      : Registration.aggregate<{ _id: string; n: number }>([{ $group: { _id: "$programme", n: { $sum: 1 } } }]),
    Registration.aggregate<{ _id: string; n: number }>([
      { $match: vacation ? { ...WITHDRAWN, vacation: String(vacation) } : WITHDRAWN },
      { $group: { _id: "$programme", n: { $sum: 1 } } },
    ]),
  ]);
  const byProgramme = Object.fromEntries(PROGRAMMES.map((p) => [p, 0])) as Record<Programme, number>;
  for (const row of rows) if (isProgramme(row._id)) byProgramme[row._id] = row.n;
  for (const row of withdrawn) if (isProgramme(row._id)) byProgramme[row._id] -= row.n;
  return { byProgramme, total: PROGRAMMES.reduce((sum, p) => sum + byProgramme[p], 0) };
}

export async function countRegistrationsForProgramme(programme: Programme, vacation?: string | null) {
  if (!isProgramme(programme)) return 0;
  return Registration.countDocuments({ ...(vacation ? { vacation: String(vacation) } : {}), programme, ...ENROLLED });
}

/** Registrations of wards still enrolled / withdrawn (ADR 0091): rosters and counts take the first. */
export const ENROLLED = { withdrawnAt: { $exists: false } } as const;
export const WITHDRAWN = { withdrawnAt: { $exists: true } } as const;

/** The fields of every export and the view list (never internal ids or keys). */
const EXPORT_FIELDS =
  "createdAt vacation reference parentName whatsappNumber whatsappNumberNormalized alternativeNumber wardName wardWhatsapp wardWhatsappNormalized currentSchool wardForm specificClass programme subjects subjectCount updateMode referralName referralStatus referralOther joinStudentGroups joinParentGroup feedback amountDue amountPaid";
export type ExportRegistration = Pick<
  RegistrationDoc,
  | "parentName"
  | "whatsappNumber"
  | "whatsappNumberNormalized"
  | "alternativeNumber"
  | "wardName"
  | "wardWhatsapp"
  | "wardWhatsappNormalized"
  | "currentSchool"
  | "wardForm"
  | "specificClass"
  | "programme"
  | "subjects"
  | "subjectCount"
  | "updateMode"
  | "referralName"
  | "referralStatus"
  | "referralOther"
  | "joinStudentGroups"
  | "joinParentGroup"
  | "feedback"
  | "amountDue"
  | "amountPaid"
  | "reference"
  | "vacation"
> & { _id: string; createdAt: Date };

/** The export fields as a projection for the driver. */
const EXPORT_PROJECTION = Object.fromEntries(EXPORT_FIELDS.split(" ").map((f) => [f, 1]));

/**
 * Documents per batch of an export. Small on purpose: a batch is decoded at once and lives while it is formatted, and
 * with 1,000 per batch each batch outlived V8's young generation and raised the app's RSS by ~150 MiB during a
 * 100k-row export (about 30 MiB with 100); the next batch is fetched while this one is formatted (readAhead), so
 * the extra round trips cost no time.
 */
const EXPORT_BATCH_SIZE = 100;

/**
 * Registrations (optionally one programme) in batches, read ahead from a driver cursor: memory stays flat for any
 * size. Plain documents as stored (like `.lean()`): the filter needs no casting.
 */
export function streamRegistrations(options: {
  vacation?: string | null;
  programme?: Programme | null;
  order: "newest" | "oldest";
}) {
  const filter: Record<string, unknown> = isProgramme(options.programme) ? { programme: options.programme } : {};
  if (options.vacation) filter.vacation = String(options.vacation);
  const cursor = Registration.collection.find<ExportRegistration>(filter, {
    projection: EXPORT_PROJECTION,
    sort: { createdAt: options.order === "newest" ? -1 : 1 },
    batchSize: EXPORT_BATCH_SIZE,
  });
  return { batches: readAhead(cursor) };
}

/** A page of the registration view list, oldest first. */
export async function listRegistrationsOldestFirst(page: number, perPage: number, vacation?: string | null) {
  const filter = vacation ? { vacation: String(vacation) } : {};
  const [items, total] = await Promise.all([
    Registration.find(filter)
      .select(EXPORT_FIELDS)
      .sort({ createdAt: 1 })
      .skip((Math.max(1, Math.floor(page)) - 1) * perPage)
      .limit(perPage)
      .lean<ExportRegistration[]>(),
    vacation ? Registration.countDocuments(filter) : Registration.estimatedDocumentCount(),
  ]);
  return { items, total };
}

export async function getRegistrationForDelete(id: string) {
  return Registration.findById(String(id))
    .select("_id wardName parentName programme")
    .lean<{ _id: string; wardName: string; parentName: string; programme: Programme }>();
}

/** The payments collection (its model imports this module, so it is read here by name). */
const payments = () => Registration.db.collection("payments");

/**
 * Deletes a registration, unless money was confirmed for it: its payments and receipts must keep their registration
 * (withdraw it instead). "paid" then; "missing" when there was none to delete.
 */
export async function deleteRegistrationById(id: string): Promise<"deleted" | "paid" | "missing"> {
  const before = await Registration.findById(String(id)).select("paymentsRev").lean<{ paymentsRev?: number }>();
  if (!before) return "missing";
  // Money confirmed, or a Mobile Money payment on its way (its webhook would find no registration).
  const money = await payments().findOne(
    {
      registrationId: String(id),
      $or: [{ state: "confirmed" }, { state: "pending", method: "gateway-momo" }],
    },
    { projection: { _id: 1 } },
  );
  if (money) return "paid";
  // Conditional on the payments' revision read before the check (every change to them raises it first) and on no
  // money counted: a payment confirmed meanwhile keeps the registration.
  const { deletedCount } = await Registration.deleteOne({
    _id: String(id),
    paymentsRev: before.paymentsRev ? before.paymentsRev : { $in: [0, null] },
    $or: [{ amountPaid: 0 }, { amountPaid: null }],
  });
  if (deletedCount === 1) return "deleted";
  return (await Registration.exists({ _id: String(id) })) ? "paid" : "missing";
}

/** Delete All: every registration without confirmed payments; those with them are kept. */
export async function deleteAllRegistrations(): Promise<{ deleted: number; kept: number }> {
  const paid = (await payments().distinct("registrationId", { state: "confirmed" })).map(String);
  const { deletedCount } = await Registration.deleteMany({
    _id: { $nin: paid },
    $or: [{ amountPaid: 0 }, { amountPaid: null }],
  });
  return { deleted: deletedCount, kept: await Registration.estimatedDocumentCount() };
}

/** Withdraws a ward (or takes the withdrawal back): kept with its payments, left out of rosters and counts. */
export async function setWithdrawn(id: string, reason: string | null): Promise<boolean> {
  const { modifiedCount } = await Registration.updateOne(
    { _id: String(id) },
    reason === null
      ? { $unset: { withdrawnAt: 1, withdrawnReason: 1 } }
      : { $set: { withdrawnAt: new Date(), withdrawnReason: reason } },
  );
  return modifiedCount === 1;
}

/**
 * Active Students (docs/product.md#sample-figures: students with a registration): the distinct wards enrolled in
 * `vacation` (the one teaching; ADR 0095), a ward being its normalised WhatsApp number (a ward in two programmes counts
 * once); withdrawn wards left out. `before` counts as of that moment.
 */
export async function countActiveStudents(vacation: string, before?: Date) {
  return byRegistrationsRevision(`active ${vacation} ${before?.getTime() ?? "now"}`, () =>
    readActiveStudents(vacation, before),
  );
}

async function readActiveStudents(vacation: string, before?: Date) {
  const match = { vacation: String(vacation), ...ENROLLED, ...(before ? { createdAt: { $lt: before } } : {}) };
  const [row] = await Registration.aggregate<{ n: number }>([
    { $match: match },
    { $group: { _id: "$wardWhatsappNormalized" } },
    { $count: "n" },
  ]);
  return row?.n ?? 0;
}
