/**
 * The office's page of one registration (app/routes/admin/registration-detail.tsx): its details, fees, payments,
 * linked accounts, attendance and audit trail, and whether its (past) vacation's record may be changed here.
 */
import { getVacation } from "#app/models/vacation.server.ts";
import { schoolDay, vacationState } from "#app/domain/vacations.ts";
import { programmeLabel, WARD_FORM_LABELS, type WardForm } from "#app/domain/programmes.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { pesewasToInput } from "#app/domain/money.ts";
import { balanceView, paymentView } from "#app/domain/payment-view.ts";
import { REFERRAL_STATUS_OPTIONS, UPDATE_MODE_OPTIONS } from "#app/forms/registration.fields.ts";
import { getLinkedAccounts, getRegistrationDetail, listAuditTrail } from "#app/models/registration-admin.server.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { listPaymentsForRegistrations } from "#app/models/payment.server.ts";
import { wardAttendance } from "#app/services/teaching/progress.server.ts";
import { describeAudit } from "#app/domain/audit-wording.ts";
import { editableValues } from "#app/routes/admin/+shared/registration-edit.server.ts";

/**
 * A past vacation's registration is not changed by accident: its forms show, and its changes are taken, only on the
 * page opened with its vacation named (`?vacation=`, docs/product.md#vacations).
 */
export async function pastVacationLock(reg: { vacation?: string | null }, url: URL) {
  const vacation = await getVacation(reg.vacation);
  const past = vacation ? vacationState(vacation, schoolDay()) === "past" : false;
  return { past, unlocked: !past || url.searchParams.get("vacation") === vacation?.name };
}

export async function registrationDetailPage(
  reg: NonNullable<Awaited<ReturnType<typeof getRegistrationDetail>>>,
  url: URL,
  canManage: boolean,
) {
  const lock = await pastVacationLock(reg, url);
  const [payments, trail, linked, attendance] = await Promise.all([
    listPaymentsForRegistrations([reg._id]),
    listAuditTrail(reg._id),
    getLinkedAccounts(reg),
    wardAttendance(reg),
  ]);
  const modes = new Map(UPDATE_MODE_OPTIONS.map((o) => [o.value, o.label] as const));
  const statuses = new Map(REFERRAL_STATUS_OPTIONS.map((o) => [o.value, o.label] as const));
  // Pending first: they are what the office has to act on.
  const order = { pending: 0, confirmed: 1, rejected: 2, voided: 3 } as const;
  const sorted = [...payments].sort((a, b) => order[a.state] - order[b.state]);
  return {
    canManage,
    lock,
    attendance,
    registration: {
      id: String(reg._id),
      vacation: reg.vacation ?? "",
      reference: reg.reference,
      wardName: reg.wardName,
      fields: [
        ["Registered on", formatDateTime(reg.createdAt)],
        ["Registered by", reg.adminRegistration ? "Admin" : reg.userId ? "Signed-in user" : "Public form"],
        ["Reference", reg.reference],
        ["Vacation", reg.vacation ?? ""],
        ["Parent/Guardian", reg.parentName],
        ["Parent WhatsApp", reg.whatsappNumber],
        ["Alternative number", reg.alternativeNumber ?? ""],
        ["Ward", reg.wardName],
        ["Ward WhatsApp", reg.wardWhatsapp],
        ["School", reg.currentSchool],
        ["Form", WARD_FORM_LABELS[reg.wardForm as WardForm] ?? reg.wardForm],
        ["Class", reg.specificClass],
        ["Programme", programmeLabel(reg.programme)],
        [`Subjects (${reg.subjectCount})`, (reg.subjects ?? []).join(", ")],
        ["Updates by", (reg.updateMode ?? []).map((m) => modes.get(m as never) ?? m).join(", ")],
        [
          "Referred by",
          `${reg.referralName} (${statuses.get(reg.referralStatus as never) ?? reg.referralStatus}${reg.referralOther ? `: ${reg.referralOther}` : ""})`,
        ],
        ["Join class pages", reg.joinStudentGroups === "yes" ? "Yes" : "No"],
        ["Join parent group", reg.joinParentGroup === "yes" ? "Yes" : "No"],
        ["Feedback", reg.feedback ?? ""],
      ] as [string, string][],
      balance: balanceView(reg),
      feeSeason: reg.feeSeason ?? "",
      amountDueInput: pesewasToInput(reg.amountDue),
      edit: editableValues(reg),
      withdrawn: reg.withdrawnAt ? { on: formatDateTime(reg.withdrawnAt), reason: reg.withdrawnReason ?? "" } : null,
    },
    linked: [linked.parent, linked.student].map((a, i) => ({
      role: i === 0 ? ("parent" as const) : ("student" as const),
      account: a ? { fullName: a.fullName, phone: formatPhone(a.phone), how: a.how } : null,
    })),
    payments: sorted.map(paymentView),
    trail: trail.map((t) => ({
      id: String(t._id),
      when: formatDateTime(t.createdAt),
      who: t.actorName,
      what: describeAudit(t.action, t.details),
    })),
  };
}
