/**
 * The audit trail in words: what the registration page's History lists for each recorded action (app/models/audit-log
 * stores the action and its details; this says them to the office).
 */
import { formatCedis } from "#app/domain/money.ts";
import { REGISTRATION_FIELD_LABELS as L } from "#app/domain/registration.ts";

/** The fields the office may correct on a registration, by the labels the enrolment form gives them. */
export const EDITABLE_FIELD_LABELS = {
  parentName: L.parentName,
  whatsappNumber: L.whatsappNumber,
  alternativeNumber: L.alternativeNumber,
  wardName: L.wardName,
  wardWhatsapp: L.wardWhatsapp,
  currentSchool: L.currentSchool,
  wardForm: L.wardForm,
  specificClass: L.specificClass,
  programme: L.programme,
  subjects: L.subjects,
} as const;

/** A field's label, or its name when it has none. */
export function editedFieldLabel(field: string): string {
  return EDITABLE_FIELD_LABELS[field as keyof typeof EDITABLE_FIELD_LABELS] ?? field;
}

export function describeAudit(action: string, details: unknown): string {
  const d = (details ?? {}) as Record<string, unknown>;
  const money = (v: unknown) => (typeof v === "number" ? formatCedis(v) : "not set");
  switch (action) {
    case "payment.submit":
      return `Payment of ${money(d.amount)} submitted (${d.source === "parent" ? (d.viewingAs ? "for the parent, by an admin viewing as the parent" : "by the parent") : d.source === "gateway" ? "by the gateway" : "by the office"}${d.reference ? `, reference ${d.reference}` : ""})`;
    case "payment.confirm":
      return `Payment of ${money(d.amount)} confirmed, receipt ${d.receipt ?? ""}`;
    case "registration.withdraw":
      return `Ward withdrawn: ${d.reason ?? ""}`;
    case "registration.reinstate":
      return "Ward enrolled again";
    case "payment.override":
      return `Payment of ${money(d.amount)} confirmed without the gateway's approval: ${d.reason ?? ""}`;
    case "payment.reject":
      return `Payment of ${money(d.amount)} rejected: ${d.reason ?? ""}`;
    case "payment.void":
      return `Payment of ${money(d.amount)} voided: ${d.reason ?? ""}`;
    case "registration.edit":
      return `Details corrected: ${Object.entries((d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>)
        .map(([k, c]) => `${editedFieldLabel(k)} from "${[c.from].flat().join(", ")}" to "${[c.to].flat().join(", ")}"`)
        .join("; ")}`;
    case "registration.link":
      return `${d.role === "student" ? "Student" : "Parent"} account linked by hand: ${d.name ?? ""}${d.replaced ? " (in place of another account)" : ""}`;
    case "registration.claim":
      return `${d.role === "student" ? "Student" : "Parent"} account linked with the reference and claim code: ${d.name ?? ""}`;
    case "registration.unlink":
      return `${d.role === "student" ? "Student" : "Parent"} account unlinked`;
    case "registration.amount-due":
      return `Amount due changed from ${money(d.from)} to ${money(d.to)}: ${d.reason ?? ""}`;
    default:
      return action;
  }
}
