import { csvPhone, csvResponse, type CsvColumn } from "#app/utils/csv.server.ts";
import { fileDate, formatDateTime } from "#app/domain/dates.ts";
import { pesewasToInput } from "#app/domain/money.ts";
import { readableReference } from "#app/domain/registration-reference.ts";
import { programmeLabel, type Programme, WARD_FORM_LABELS, type WardForm } from "#app/domain/programmes.ts";
import { REFERRAL_STATUS_OPTIONS, UPDATE_MODE_OPTIONS } from "#app/forms/registration.schema.ts";
import { streamRegistrations, type ExportRegistration } from "#app/models/registration.server.ts";

/** Fees, after the spec's columns (which stay first and unchanged): plain cedi amounts for spreadsheets. */
const PAYMENT_COLUMNS: ReadonlyArray<CsvColumn<ExportRegistration>> = [
  { header: "Amount Due (GH₵)", value: (r) => pesewasToInput(r.amountDue) },
  { header: "Amount Paid (GH₵)", value: (r) => pesewasToInput(r.amountPaid ?? 0) },
  {
    header: "Balance (GH₵)",
    value: (r) => (r.amountDue == null ? "" : pesewasToInput(r.amountDue - (r.amountPaid ?? 0))),
  },
];

const UPDATE_MODE_LABELS = new Map<string, string>(UPDATE_MODE_OPTIONS.map((o) => [o.value, o.label]));
const REFERRAL_STATUS_LABELS = new Map<string, string>(REFERRAL_STATUS_OPTIONS.map((o) => [o.value, o.label]));
const yesNo = (v: string | null | undefined) => (v === "yes" ? "Yes" : v === "no" ? "No" : "");

/** Full export: the 19 registration fields of docs/product.md#data. */
export const FULL_EXPORT_COLUMNS: ReadonlyArray<CsvColumn<ExportRegistration>> = [
  { header: "Date Registered", value: (r) => formatDateTime(r.createdAt) },
  { header: "Parent Name", value: (r) => r.parentName },
  { header: "WhatsApp Number", value: (r) => csvPhone(r.whatsappNumber, r.whatsappNumberNormalized) },
  { header: "Alternative Number", value: (r) => csvPhone(r.alternativeNumber) },
  { header: "Ward Name", value: (r) => r.wardName },
  { header: "Ward WhatsApp", value: (r) => csvPhone(r.wardWhatsapp, r.wardWhatsappNormalized) },
  { header: "Current School", value: (r) => r.currentSchool },
  { header: "Form", value: (r) => WARD_FORM_LABELS[r.wardForm as WardForm] ?? r.wardForm },
  { header: "Specific Class", value: (r) => r.specificClass },
  { header: "Programme", value: (r) => programmeLabel(r.programme) },
  { header: "Subjects", value: (r) => r.subjects },
  { header: "Subject Count", value: (r) => r.subjectCount },
  { header: "Update Mode", value: (r) => r.updateMode.map((m) => UPDATE_MODE_LABELS.get(m) ?? m) },
  { header: "Referral Name", value: (r) => r.referralName },
  { header: "Referral Status", value: (r) => REFERRAL_STATUS_LABELS.get(r.referralStatus) ?? r.referralStatus },
  { header: "Referral Other", value: (r) => r.referralOther },
  { header: "Join Student Groups", value: (r) => yesNo(r.joinStudentGroups) },
  { header: "Join Parent Group", value: (r) => yesNo(r.joinParentGroup) },
  { header: "Feedback", value: (r) => r.feedback },
  ...PAYMENT_COLUMNS,
  // Which vacation the row is for (an export of every vacation mixes them).
  { header: "Vacation", value: (r) => r.vacation },
  // The reference a parent reads out on the phone, to find the row (after the spec's columns, which stay unchanged),
  // written as the screens and the parent's SMS write it: capitals in groups of four.
  { header: "Reference", value: (r) => readableReference(r.reference) },
];

/** The registration view list's 11 columns (per-programme export and the list's own download). */
export const LIST_COLUMNS: ReadonlyArray<CsvColumn<ExportRegistration>> = [
  { header: "Date Registered", value: (r) => formatDateTime(r.createdAt) },
  { header: "Programme", value: (r) => programmeLabel(r.programme) },
  { header: "Parent Name", value: (r) => r.parentName },
  { header: "WhatsApp Number", value: (r) => csvPhone(r.whatsappNumber, r.whatsappNumberNormalized) },
  { header: "Ward Name", value: (r) => r.wardName },
  { header: "Ward WhatsApp Number", value: (r) => csvPhone(r.wardWhatsapp, r.wardWhatsappNormalized) },
  { header: "Registered Subjects", value: (r) => r.subjects },
  { header: "Subject Count", value: (r) => r.subjectCount },
  { header: "Referral Name", value: (r) => r.referralName },
  { header: "Join Student Class Page", value: (r) => yesNo(r.joinStudentGroups) },
  { header: "Join Parent Group", value: (r) => yesNo(r.joinParentGroup) },
  ...PAYMENT_COLUMNS,
];

/** registrations_{date}.csv: every registration, the spec's 19 columns then fees and the reference, newest first. */
export function fullExportResponse(vacation: string | null, now = new Date()) {
  return csvResponse(
    `registrations_${fileDate(now)}.csv`,
    streamRegistrations({ vacation, order: "newest" }),
    FULL_EXPORT_COLUMNS,
  );
}

/** {programme}_registrations_{date}.csv: one programme, 11 columns, oldest first. */
export function programmeExportResponse(
  programme: Programme,
  count: number,
  vacation: string | null,
  now = new Date(),
) {
  return csvResponse(
    `${programme}_registrations_${fileDate(now)}.csv`,
    streamRegistrations({ vacation, programme, order: "oldest" }),
    LIST_COLUMNS,
    { "X-Record-Count": String(count) },
  );
}

/** The registration view list's download: every registration, 11 columns, oldest first. */
export function listExportResponse(vacation: string | null, now = new Date()) {
  return csvResponse(
    `registration_list_${fileDate(now)}.csv`,
    streamRegistrations({ vacation, order: "oldest" }),
    LIST_COLUMNS,
  );
}
