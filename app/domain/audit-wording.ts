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

/**
 * Who did it, as the pages say it: "Ama Admin", or "Ama Admin (as Kofi Mensah)" for what an admin did while viewing as
 * someone (docs/decisions/0118-every-write-names-who-did-it.md). An id that names no account is shown as it is.
 */
export function actingText(by: string, as: string | null | undefined, names: ReadonlyMap<string, string>): string {
  const name = (id: string) => names.get(id) ?? id;
  return as ? `${name(by)} (as ${name(as)})` : name(by);
}

export function describeAudit(action: string, details: unknown): string {
  const d = (details ?? {}) as Record<string, unknown>;
  const money = (v: unknown) => (typeof v === "number" ? formatCedis(v) : "not set");
  const score = (v: unknown) => String((v as { score?: unknown } | null)?.score ?? "");
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
    case "submission.mark":
      return `${d.subject ?? ""} work "${d.assignment ?? ""}" marked ${score(d.to)} of ${d.max ?? ""}`;
    case "submission.mark-change":
      return `${d.subject ?? ""} work "${d.assignment ?? ""}" mark changed from ${score(d.from)} to ${score(d.to)}${typeof d.max === "number" ? ` of ${d.max}` : ""}`;
    case "lesson.register":
      return `${d.subject ?? "A lesson"}'s register${d.date ? ` of ${d.date}` : ""} saved (${d.changed ?? 0} of ${d.students ?? 0} marks changed)`;
    case "lesson.start":
      return `${d.subject ?? "A lesson"}${d.date ? ` of ${d.date}` : ""} started`;
    case "lesson.materials":
      return `${d.subject ?? "A lesson"}'s notes and materials${d.date ? ` of ${d.date}` : ""} saved`;
    case "assignment.due":
      return `Due time of "${d.title ?? ""}" changed`;
    case "assignment.upload":
      return `Assignment "${d.title ?? ""}" set${d.subject ? ` for ${d.subject}` : ""}`;
    case "assignment.delete":
      return `Assignment "${d.title ?? ""}" deleted`;
    case "impersonation.start":
      return `Started viewing the portal as ${d.role ?? "someone"}`;
    case "impersonation.stop":
      return "Stopped viewing as someone";
    case "registration.amount-due":
      return `Amount due changed from ${money(d.from)} to ${money(d.to)}: ${d.reason ?? ""}`;
    default:
      return action;
  }
}

/**
 * Admin → Activity's kinds of action, each the exact actions it lists (an index answers each action newest first).
 * Every action the portal audits is in one (app/domain/audit-wording.test.ts reads them from the source).
 */
export const ACTIVITY_KINDS = {
  marks: { label: "Marks", actions: ["submission.mark", "submission.mark-change"] },
  registers: { label: "Registers", actions: ["lesson.register"] },
  lessons: {
    label: "Lessons and classes",
    actions: [
      "lesson.start",
      "lesson.materials",
      "lesson.add",
      "lesson.cancel",
      "lesson.move",
      "lesson.restore",
      "lesson.class-add",
      "lesson.class-remove",
      "lessons.day-off",
      "classes.change",
      "classes.size",
      "classes.request",
    ],
  },
  assignments: { label: "Assignments", actions: ["assignment.upload", "assignment.due", "assignment.delete"] },
  registrations: {
    label: "Registrations",
    actions: [
      "registration.admin-create",
      "registration.edit",
      "registration.amount-due",
      "registration.withdraw",
      "registration.reinstate",
      "registration.link",
      "registration.claim",
      "registration.unlink",
      "registration.delete",
      "registration.delete-all",
    ],
  },
  payments: {
    label: "Payments",
    actions: [
      "payment.submit",
      "payment.confirm",
      "payment.flag",
      "payment.override",
      "payment.reject",
      "payment.reopen",
      "payment.void",
      "reconciliation.resolve",
      "fees.save",
    ],
  },
  people: {
    label: "Accounts and viewing as",
    actions: [
      "user.create",
      "user.approve",
      "user.role",
      "user.disable",
      "user.enable",
      "user.delete",
      "user.verify-phone",
      "admin-permissions.update",
      "password.change",
      "password-reset.link-created",
      "impersonation.start",
      "impersonation.stop",
    ],
  },
  messages: {
    label: "Messages",
    actions: [
      "message.retry",
      "messages.reports",
      "messages.weekly-progress",
      "announcement.send",
      "evaluation.remind-sms",
    ],
  },
  school: {
    label: "Vacations, subjects and settings",
    actions: [
      "vacation.open",
      "vacation.dates",
      "vacation.invite",
      "subject.create",
      "subject.update",
      "subject.delete",
      "whatsapp-group.create",
      "whatsapp-group.update",
      "whatsapp-group.delete",
      "timetable.upload",
      "timetable.bulk-upload",
      "timetable.delete",
      "evaluation.create",
      "evaluation.copy",
      "evaluation.details",
      "evaluation.close",
      "evaluation.delete",
      "settings.save",
      "settings.wording",
      "settings.phone-callback-secret",
    ],
  },
} as const satisfies Record<string, { label: string; actions: readonly string[] }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
