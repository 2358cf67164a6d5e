import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/registration-detail";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  PaymentError,
  adjustAmountDue,
  confirmPayment,
  recordPayment,
  rejectPayment,
  voidPayment,
} from "#app/utils/payments.server.ts";
import {
  AdjustDueSchema,
  METHOD_OPTIONS,
  PaymentDecisionSchema,
  RecordPaymentSchema,
} from "#app/forms/payments.schema.ts";
import {
  programmeLabel,
  WARD_FORM_LABELS,
  type WardForm,
  PROGRAMME_SUBJECTS,
  WARD_FORMS,
  type Programme,
} from "#app/domain/programmes.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { formatCedis, pesewasToInput, type PaymentMethod } from "#app/domain/money.ts";
import { balanceView, paymentView, type PaymentView } from "#app/domain/payment-view.ts";
import {
  REFERRAL_STATUS_OPTIONS,
  UPDATE_MODE_OPTIONS,
  REGISTRATION_FIELD_LABELS,
} from "#app/forms/registration.fields.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import {
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ErrorList,
  type AnyField,
  ChoiceGroup,
} from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PaymentStatusBadge } from "#app/components/payments/badges.tsx";
import { PaymentsTable } from "#app/components/payments/payments-table.tsx";
import {
  findAccountForLink,
  getLinkedAccounts,
  getRegistrationDetail,
  listAuditTrail,
  setLinkedAccount,
  type LinkedAccount,
} from "#app/models/registration-admin.server.ts";
import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_WRONG_ROLE,
  AdminLinkAccountSchema,
  AdminUnlinkAccountSchema,
} from "#app/forms/link-registration.schema.ts";
import { formatPhone, normalizePhone } from "#app/domain/phone.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { editRegistration } from "./+shared/registration-edit.server.ts";
import { ACCESS_RESTRICTED_MESSAGE, ACCESS_RESTRICTED_TITLE } from "#app/domain/messages.ts";
import { listPaymentsForRegistrations } from "#app/models/payment.server.ts";
import { Section } from "#app/components/ui/section.tsx";

/** The white card each part of the page sits on. */
const PANEL = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { permissions } = await requireAdmin(request, "can_access_registrations");
  const reg = await getRegistrationDetail(String(params.id));
  if (!reg) throw data("Registration not found", { status: 404 });
  const [payments, trail, linked] = await Promise.all([
    listPaymentsForRegistrations([reg._id]),
    listAuditTrail(reg._id),
    getLinkedAccounts(reg),
  ]);
  const modes = new Map(UPDATE_MODE_OPTIONS.map((o) => [o.value, o.label] as const));
  const statuses = new Map(REFERRAL_STATUS_OPTIONS.map((o) => [o.value, o.label] as const));
  // Pending first: they are what the office has to act on.
  const order = { pending: 0, confirmed: 1, rejected: 2, voided: 3 } as const;
  const sorted = [...payments].sort((a, b) => order[a.state] - order[b.state]);
  return {
    canManage: permissions.can_manage_payments,
    registration: {
      id: String(reg._id),
      reference: reg.reference,
      wardName: reg.wardName,
      fields: [
        ["Registered on", formatDateTime(reg.createdAt)],
        ["Registered by", reg.adminRegistration ? "Admin" : reg.userId ? "Signed-in user" : "Public form"],
        ["Reference", reg.reference],
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
      edit: {
        parentName: reg.parentName,
        whatsappNumber: reg.whatsappNumber,
        alternativeNumber: reg.alternativeNumber ?? "",
        wardName: reg.wardName,
        wardWhatsapp: reg.wardWhatsapp,
        currentSchool: reg.currentSchool,
        wardForm: reg.wardForm,
        specificClass: reg.specificClass,
        subjects: [...(reg.subjects ?? [])],
      },
      subjectOptions: (PROGRAMME_SUBJECTS[reg.programme as Programme] ?? []).map((s) => ({ value: s, label: s })),
    },
    linked: [linked.parent, linked.student].map((a, i) => ({
      role: i === 0 ? ("parent" as const) : ("student" as const),
      account: a ? { fullName: a.fullName, phone: formatPhone(a.phone) } : null,
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

function describeAudit(action: string, details: unknown): string {
  const d = (details ?? {}) as Record<string, unknown>;
  const money = (v: unknown) => (typeof v === "number" ? formatCedis(v) : "not set");
  switch (action) {
    case "payment.submit":
      return `Payment of ${money(d.amount)} submitted (${d.source === "parent" ? (d.viewingAs ? "for the parent, by an admin viewing as the parent" : "by the parent") : d.source === "gateway" ? "by the gateway" : "by the office"}${d.reference ? `, reference ${d.reference}` : ""})`;
    case "payment.confirm":
      return `Payment of ${money(d.amount)} confirmed, receipt ${d.receipt ?? ""}`;
    case "payment.reject":
      return `Payment of ${money(d.amount)} rejected: ${d.reason ?? ""}`;
    case "payment.void":
      return `Payment of ${money(d.amount)} voided: ${d.reason ?? ""}`;
    case "registration.edit":
      return `Details corrected: ${Object.entries((d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>)
        .map(
          ([k, c]) =>
            `${EDIT_LABELS[k as keyof typeof EDIT_LABELS] ?? k} from "${[c.from].flat().join(", ")}" to "${[c.to].flat().join(", ")}"`,
        )
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

type ActionReply = { form: string; result: SubmissionResult<string[]> };

const EDIT_LABELS = {
  parentName: REGISTRATION_FIELD_LABELS.parentName,
  whatsappNumber: REGISTRATION_FIELD_LABELS.whatsappNumber,
  alternativeNumber: REGISTRATION_FIELD_LABELS.alternativeNumber,
  wardName: REGISTRATION_FIELD_LABELS.wardName,
  wardWhatsapp: REGISTRATION_FIELD_LABELS.wardWhatsapp,
  currentSchool: REGISTRATION_FIELD_LABELS.currentSchool,
  wardForm: REGISTRATION_FIELD_LABELS.wardForm,
  specificClass: REGISTRATION_FIELD_LABELS.specificClass,
  subjects: REGISTRATION_FIELD_LABELS.subjects,
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { user, permissions } = await requireAdmin(request, "can_access_registrations");
  const id = String(params.id);
  const reg = await getRegistrationDetail(id);
  if (!reg) throw data("Registration not found", { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = `/admin/registrations/${id}`;

  if (intent === "edit") {
    const outcome = await editRegistration(reg, formData, user._id);
    if (!outcome.ok) return data<ActionReply>({ form: "edit", result: outcome.result }, { status: outcome.status });
    return redirectWithToast(
      here,
      outcome.changed.length
        ? {
            type: "success",
            title: "Registration updated",
            description: `Changed: ${outcome.changed.map((f) => EDIT_LABELS[f as keyof typeof EDIT_LABELS] ?? f).join(", ")}`,
          }
        : { type: "success", title: "Nothing changed" },
    );
  }
  if (intent === "link-account") {
    const submission = parseWithZod(formData, { schema: AdminLinkAccountSchema });
    if (submission.status !== "success")
      return data<ActionReply>({ form: "link-account", result: submission.reply() }, { status: 400 });
    const text = submission.value.account;
    const account = await findAccountForLink(
      text.includes("@") ? null : normalizePhone(text) || null,
      text.includes("@") ? text : null,
    );
    if (!account)
      return data<ActionReply>(
        { form: "link-account", result: submission.reply({ fieldErrors: { account: [ACCOUNT_NOT_FOUND] } }) },
        { status: 400 },
      );
    if (account.role !== "parent" && account.role !== "student") {
      return data<ActionReply>(
        { form: "link-account", result: submission.reply({ fieldErrors: { account: [ACCOUNT_WRONG_ROLE] } }) },
        { status: 400 },
      );
    }
    const replaced = await setLinkedAccount(id, account.role, String(account._id));
    await audit("registration.link", user._id, id, {
      role: account.role,
      userId: account._id,
      name: account.fullName,
      replaced: replaced && replaced !== String(account._id) ? replaced : null,
    });
    return redirectWithToast(here, {
      type: "success",
      title: "Account linked",
      description: `${account.fullName} now sees this registration.`,
    });
  }
  if (intent === "unlink-account") {
    const submission = parseWithZod(formData, { schema: AdminUnlinkAccountSchema });
    if (submission.status !== "success") throw data("Choose the account to unlink.", { status: 400 });
    const before = await setLinkedAccount(id, submission.value.role, null);
    if (before) await audit("registration.unlink", user._id, id, { role: submission.value.role, userId: before });
    return redirectWithToast(here, { type: "success", title: "Account unlinked" });
  }
  // Everything below changes money.
  if (!permissions.can_manage_payments)
    throw data({ title: ACCESS_RESTRICTED_TITLE, message: ACCESS_RESTRICTED_MESSAGE }, { status: 403 });

  if (intent === "record") {
    const submission = parseWithZod(formData, { schema: RecordPaymentSchema });
    if (submission.status !== "success")
      return data<ActionReply>({ form: "record", result: submission.reply() }, { status: 400 });
    const v = submission.value;
    try {
      const { payment } = await recordPayment({
        registrationId: id,
        amount: v.amount,
        method: v.method as PaymentMethod,
        reference: v.reference ?? null,
        paidOn: v.paidOn,
        payerPhone: v.payerPhone ?? null,
        note: v.note ?? null,
        actorId: user._id,
      });
      return redirectWithToast(here, {
        type: "success",
        title: "Payment recorded",
        description: `Receipt ${payment?.receiptCode ?? ""}`,
      });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      const reply = submission.reply(
        error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] },
      );
      return data<ActionReply>({ form: "record", result: reply }, { status: error.status });
    }
  }

  if (intent === "adjust-due") {
    const submission = parseWithZod(formData, { schema: AdjustDueSchema });
    if (submission.status !== "success")
      return data<ActionReply>({ form: "adjust-due", result: submission.reply() }, { status: 400 });
    await adjustAmountDue(id, submission.value.amountDue, submission.value.reason, user._id);
    return redirectWithToast(here, {
      type: "success",
      title: "Amount due changed",
      description: formatCedis(submission.value.amountDue),
    });
  }

  const submission = parseWithZod(formData, { schema: PaymentDecisionSchema });
  if (submission.status !== "success") {
    const paymentId = String(formData.get("paymentId") ?? "");
    return data<ActionReply>({ form: `${String(intent)}-${paymentId}`, result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  // The payment must belong to this registration.
  const own = (await listPaymentsForRegistrations([id])).some((p) => String(p._id) === v.paymentId);
  if (!own) throw data("Payment not found", { status: 404 });
  if (v.intent === "confirm") {
    const { confirmed, payment } = await confirmPayment(v.paymentId, user._id);
    return redirectWithToast(
      here,
      confirmed
        ? { type: "success", title: "Payment confirmed", description: `Receipt ${payment?.receiptCode ?? ""}` }
        : { type: "error", title: "Already handled", description: "This payment is no longer pending." },
    );
  }
  const done =
    v.intent === "reject"
      ? await rejectPayment(v.paymentId, v.reason, user._id)
      : await voidPayment(v.paymentId, v.reason, user._id);
  return redirectWithToast(
    here,
    done
      ? { type: "success", title: v.intent === "reject" ? "Payment rejected" : "Payment voided" }
      : { type: "error", title: "Already handled", description: "This payment has already been dealt with." },
  );
}

export default function RegistrationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { registration: r, payments, trail, canManage, linked } = loaderData;
  const reply = actionData as ActionReply | undefined;
  return (
    <main id="main" className="space-y-6">
      <div>
        <Link to="/admin/registrations" className="text-sm font-semibold text-brand-700 underline">
          Back to registrations
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">{r.wardName}</h1>
        <p className="text-gray-700">Registration {r.reference}</p>
      </div>

      <Section id="fees-heading" title="Fees and payments" className={PANEL}>
        <dl className="mt-3 grid gap-3 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-gray-700">Amount due{r.feeSeason ? ` (${r.feeSeason})` : ""}</dt>
            <dd className="text-lg font-semibold">{r.balance.amountDue}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Paid (confirmed)</dt>
            <dd className="text-lg font-semibold">{r.balance.amountPaid}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Balance</dt>
            <dd className="text-lg font-semibold">{r.balance.balance || "—"}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Status</dt>
            <dd>
              <PaymentStatusBadge status={r.balance.status} label={r.balance.statusLabel} />
            </dd>
          </div>
        </dl>

        <h3 className="mt-6 font-semibold text-gray-900">Payments</h3>
        <PaymentsTable
          payments={payments}
          label="Payments"
          emptyText="No payments yet."
          className="mt-2 rounded-lg border border-gray-200"
          payer={{ header: "From", cell: (p) => `${p.source}${p.payerPhone ? ` · ${p.payerPhone}` : ""}` }}
          stateNote={(p) => (p.reason ? <p className="mt-1 text-xs text-gray-700">{p.reason}</p> : null)}
          actions={canManage ? (p) => <PaymentActions payment={p} reply={reply} /> : undefined}
        />

        {canManage ? (
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <RecordPaymentForm lastResult={reply?.form === "record" ? reply.result : undefined} />
            <AdjustDueForm
              lastResult={reply?.form === "adjust-due" ? reply.result : undefined}
              current={r.amountDueInput}
            />
          </div>
        ) : (
          <p className="mt-4 text-sm text-gray-700">
            You can see payments; recording them needs the Manage payments permission.
          </p>
        )}
      </Section>

      <Section id="details-heading" title="Registration details" className={PANEL}>
        <dl className="mt-3">
          {r.fields.map(([term, value]) => (
            <div key={term} className="grid gap-1 border-b border-gray-100 py-2 sm:grid-cols-3">
              <dt className="text-sm font-medium text-gray-700">{term}</dt>
              <dd className="text-gray-900 sm:col-span-2">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <LinkedAccounts linked={linked} lastResult={reply?.form === "link-account" ? reply.result : undefined} />

      <EditForm
        values={r.edit}
        subjectOptions={r.subjectOptions}
        lastResult={reply?.form === "edit" ? reply.result : undefined}
      />

      <Section id="audit-heading" title="Audit trail" className={PANEL}>
        {trail.length ? (
          <ol className="mt-3 space-y-2">
            {trail.map((t) => (
              <li key={t.id} className="text-sm">
                <span className="font-medium">{t.when}</span> · {t.who}: {t.what}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-gray-700">No changes recorded yet.</p>
        )}
      </Section>
    </main>
  );
}

function LinkedAccounts({
  linked,
  lastResult,
}: {
  linked: { role: "parent" | "student"; account: Pick<NonNullable<LinkedAccount>, "fullName" | "phone"> | null }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "link-account",
    lastResult,
    constraint: getZodConstraint(AdminLinkAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminLinkAccountSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Section id="linked-heading" title="Linked accounts" className={PANEL}>
      <p className="mt-1 text-sm text-gray-700">
        A parent or student account sees this registration once it is linked: by the claim code on the confirmation
        page, or here, after you have checked who is asking (for example on a call to the number on the registration).
      </p>
      <dl className="mt-3">
        {linked.map(({ role, account }) => (
          <div key={role} className="flex flex-wrap items-center gap-3 border-b border-gray-100 py-2">
            <dt className="w-40 text-sm font-medium text-gray-700">
              {role === "parent" ? "Parent account" : "Student account"}
            </dt>
            <dd className="flex flex-1 flex-wrap items-center gap-3 text-gray-900">
              {account ? (
                <>
                  <span>
                    {account.fullName} · {account.phone}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlink-account" />
                    <input type="hidden" name="role" value={role} />
                    <Button
                      type="submit"
                      variant="secondary"
                      aria-label={`Unlink the ${role} account of ${account.fullName}`}
                    >
                      Unlink
                    </Button>
                  </Form>
                </>
              ) : (
                "Not linked"
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl space-y-4">
        <input type="hidden" name="intent" value="link-account" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.account}
          label="Account phone number or email"
          hint="A parent account is linked as the parent, a student account as the student; a link already there is replaced."
          inputProps={{ maxLength: 254, autoComplete: "off" }}
        />
        <SubmitButton pendingLabel="Linking...">Link account</SubmitButton>
      </Form>
    </Section>
  );
}

function EditForm({
  values,
  subjectOptions,
  lastResult,
}: {
  values: Record<string, string | string[]>;
  subjectOptions: { value: string; label: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({ id: "edit-registration", lastResult, defaultValue: values });
  const f = fields as unknown as Record<string, AnyField>;
  const L = EDIT_LABELS;
  return (
    <Section id="edit-heading" title="Correct the details" className={PANEL}>
      <p className="mt-1 text-sm text-gray-700">
        Checked like a new registration, duplicates included. Every change is recorded in the audit trail. A change of
        subjects does not change the amount due.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="edit" />
        <div className="sm:col-span-2">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
        <TextField field={f.parentName} label={L.parentName} required inputProps={{ maxLength: 100 }} />
        <TextField
          field={f.whatsappNumber}
          label={L.whatsappNumber}
          type="tel"
          required
          inputProps={{ maxLength: 30 }}
        />
        <TextField
          field={f.alternativeNumber}
          label={L.alternativeNumber}
          type="tel"
          required={false}
          inputProps={{ maxLength: 30 }}
        />
        <TextField field={f.wardName} label={L.wardName} required inputProps={{ maxLength: 100 }} />
        <TextField field={f.wardWhatsapp} label={L.wardWhatsapp} type="tel" required inputProps={{ maxLength: 30 }} />
        <TextField field={f.currentSchool} label={L.currentSchool} required inputProps={{ maxLength: 150 }} />
        <SelectField
          field={f.wardForm}
          label={L.wardForm}
          required
          options={WARD_FORMS.map((w) => ({ value: w, label: WARD_FORM_LABELS[w] }))}
          placeholder={null}
        />
        <TextField field={f.specificClass} label={L.specificClass} required inputProps={{ maxLength: 20 }} />
        <ChoiceGroup
          field={f.subjects}
          legend={L.subjects}
          type="checkbox"
          options={subjectOptions}
          columns={2}
          required
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">Save corrections</SubmitButton>
        </div>
      </Form>
    </Section>
  );
}

function RecordPaymentForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "record-payment",
    lastResult,
    defaultValue: { method: "mtn-momo", paidOn: new Date().toISOString().slice(0, 10) },
    constraint: getZodConstraint(RecordPaymentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RecordPaymentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-gray-200 p-4">
      <h3 className="font-semibold text-gray-900">Record a payment</h3>
      <input type="hidden" name="intent" value="record" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={f.amount} label="Amount (GH₵)" inputProps={{ inputMode: "decimal", maxLength: 14 }} />
      <SelectField field={f.method} label="Method" options={METHOD_OPTIONS} placeholder={null} />
      <TextField
        field={f.reference}
        label="Transaction reference"
        hint="Required except for cash."
        required={false}
        inputProps={{ maxLength: 60, autoComplete: "off" }}
      />
      <TextField field={f.paidOn} label="Paid on" inputProps={{ type: "date" }} />
      <TextField field={f.payerPhone} label="Payer phone" type="tel" inputProps={{ maxLength: 30 }} />
      <TextareaField field={f.note} label="Note" rows={2} />
      <SubmitButton pendingLabel="Recording...">Record payment</SubmitButton>
    </Form>
  );
}

function AdjustDueForm({ lastResult, current }: { lastResult?: SubmissionResult<string[]>; current: string }) {
  const [form, fields] = useForm({
    id: "adjust-due",
    lastResult,
    defaultValue: { amountDue: current },
    constraint: getZodConstraint(AdjustDueSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdjustDueSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 self-start rounded-lg border border-gray-200 p-4">
      <h3 className="font-semibold text-gray-900">Adjust the amount due</h3>
      <input type="hidden" name="intent" value="adjust-due" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        field={f.amountDue}
        label="New amount due (GH₵)"
        inputProps={{ inputMode: "decimal", maxLength: 14 }}
      />
      <TextField field={f.reason} label="Reason for the change" inputProps={{ maxLength: 300 }} />
      <SubmitButton pendingLabel="Saving...">Change amount due</SubmitButton>
    </Form>
  );
}

function PaymentActions({ payment, reply }: { payment: PaymentView; reply?: ActionReply }) {
  if (payment.state === "pending") {
    return (
      <div className="flex min-w-56 flex-col gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="paymentId" value={payment.id} />
          <Button type="submit" aria-label={`Confirm payment ${payment.reference}`}>
            Confirm
          </Button>
        </Form>
        <ReasonForm intent="reject" payment={payment} reply={reply} />
      </div>
    );
  }
  if (payment.state === "confirmed") return <ReasonForm intent="void" payment={payment} reply={reply} />;
  return null;
}

function ReasonForm({
  intent,
  payment,
  reply,
}: {
  intent: "reject" | "void";
  payment: PaymentView;
  reply?: ActionReply;
}) {
  const formId = `${intent}-${payment.id}`;
  const [form, fields] = useForm({ id: formId, lastResult: reply?.form === formId ? reply.result : undefined });
  const reason = fields.reason as AnyField;
  const label = intent === "reject" ? "Reason for rejecting" : "Reason for voiding";
  return (
    <Form method="post" {...getFormProps(form)} className="flex min-w-56 flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="paymentId" value={payment.id} />
      <label htmlFor={reason.id} className="text-xs font-medium text-gray-900">
        {label} {payment.reference || payment.amount}
      </label>
      <input
        {...getInputProps(reason, { type: "text", ariaAttributes: true })}
        maxLength={300}
        className="rounded-md border border-gray-400 px-2 py-1 text-sm"
        aria-describedby={reason.errors?.length ? reason.errorId : undefined}
      />
      <ErrorList id={reason.errorId} errors={reason.errors} />
      <Button type="submit" variant={intent === "void" ? "danger" : "secondary"}>
        {intent === "reject" ? "Reject" : "Void"}
      </Button>
    </Form>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.registration.wardName ?? "Registration"} | Admin | ${SCHOOL_NAME}` }];
}
