/**
 * What the registration page's forms ask for, one function per intent; app/routes/admin/registration-detail.tsx
 * checks the admin and switches on the intent. Corrections and linked accounts need `can_access_registrations`; the payment
 * intents also need `can_manage_payments`.
 */
import { data } from "react-router";
import { parseWithZod } from "#app/forms/parse.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  adjustAmountDue,
  confirmPayment,
  recordPayment,
  rejectPayment,
  voidPayment,
} from "#app/services/money/payments.server.ts";
import { AdjustDueSchema, PaymentDecisionSchema, RecordPaymentSchema } from "#app/forms/payments.schema.ts";
import { WithdrawSchema } from "#app/forms/admin-registrations.schema.ts";
import { formatCedis, type PaymentMethod } from "#app/domain/money.ts";
import { editedFieldLabel } from "#app/domain/audit-wording.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_WRONG_ROLE,
  AdminLinkAccountSchema,
  AdminUnlinkAccountSchema,
} from "#app/forms/link-registration.schema.ts";
import { findAccountForLink, getRegistrationDetail, setLinkedAccount } from "#app/models/registration-admin.server.ts";
import { setWithdrawn } from "#app/models/registration.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { listPaymentsForRegistrations } from "#app/models/payment.server.ts";
import { refreshGatewayPayment } from "#app/services/money/checkout.server.ts";
import { editRegistration } from "#app/routes/admin/+shared/registration-edit.server.ts";
import type { ActionReply } from "#app/routes/admin/+shared/registration-detail-forms.tsx";

/** What every intent is handed: the registration, the admin acting, the form, and the page to come back to. */
export type IntentArgs = {
  reg: NonNullable<Awaited<ReturnType<typeof getRegistrationDetail>>>;
  id: string;
  actorId: string;
  formData: FormData;
  here: string;
};

const reply = (form: string, result: ActionReply["result"], status: number) =>
  data<ActionReply>({ form, result }, { status });

/** Corrections to the details, checked like a new registration (registration-edit.server.ts). */
export async function editDetails({ reg, formData, actorId, here }: IntentArgs) {
  const outcome = await editRegistration(reg, formData, actorId);
  if (!outcome.ok) return reply("edit", outcome.result, outcome.status);
  return redirectWithToast(
    here,
    outcome.changed.length
      ? {
          type: "success",
          title: "Registration updated",
          description: `Changed: ${outcome.changed.map(editedFieldLabel).join(", ")}`,
        }
      : { type: "success", title: "Nothing changed" },
  );
}

/** A parent or student account, found by phone or e-mail, linked by hand (in place of any linked before). */
export async function linkAccount({ id, formData, actorId, here }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: AdminLinkAccountSchema });
  if (submission.status !== "success") return reply("link-account", submission.reply(), 400);
  const text = submission.value.account;
  const account = await findAccountForLink(
    text.includes("@") ? null : normalizePhone(text) || null,
    text.includes("@") ? text : null,
  );
  if (!account) return reply("link-account", submission.reply({ fieldErrors: { account: [ACCOUNT_NOT_FOUND] } }), 400);
  if (account.role !== "parent" && account.role !== "student")
    return reply("link-account", submission.reply({ fieldErrors: { account: [ACCOUNT_WRONG_ROLE] } }), 400);
  const replaced = await setLinkedAccount(id, account.role, String(account._id));
  await audit("registration.link", actorId, id, {
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

export async function unlinkAccount({ id, formData, actorId, here }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: AdminUnlinkAccountSchema });
  if (submission.status !== "success") throw data("Choose the account to unlink.", { status: 400 });
  const before = await setLinkedAccount(id, submission.value.role, null);
  if (before) await audit("registration.unlink", actorId, id, { role: submission.value.role, userId: before });
  return redirectWithToast(here, { type: "success", title: "Account unlinked" });
}

/** A payment the office received (cash, Mobile Money to the school's number…), confirmed at once with a receipt. */
export async function recordOfficePayment({ id, formData, actorId, here }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: RecordPaymentSchema });
  if (submission.status !== "success") return reply("record", submission.reply(), 400);
  const v = submission.value;
  const recorded = await recordPayment({
    registrationId: id,
    amount: v.amount,
    method: v.method as PaymentMethod,
    reference: v.reference ?? null,
    paidOn: v.paidOn,
    payerPhone: v.payerPhone ?? null,
    note: v.note ?? null,
    actorId,
  });
  if (!recorded.ok) return reply("record", refusalReply(submission, recorded), recorded.status);
  return redirectWithToast(here, {
    type: "success",
    title: "Payment recorded",
    description: `Receipt ${recorded.payment?.receiptCode ?? ""}`,
  });
}

export async function changeAmountDue({ id, formData, actorId, here }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: AdjustDueSchema });
  if (submission.status !== "success") return reply("adjust-due", submission.reply(), 400);
  await adjustAmountDue(id, submission.value.amountDue, submission.value.reason, actorId);
  return redirectWithToast(here, {
    type: "success",
    title: "Amount due changed",
    description: formatCedis(submission.value.amountDue),
  });
}

/** Confirm, reject or void one of this registration's payments. */
/** Confirm, reject or void one of a registration's payments (its page, and the Payments list: the same rules and audit). */
export async function decidePayment({ id, formData, actorId, here }: Omit<IntentArgs, "reg">) {
  const submission = parseWithZod(formData, { schema: PaymentDecisionSchema });
  if (submission.status !== "success") {
    const form = `${String(formData.get("intent"))}-${String(formData.get("paymentId") ?? "")}`;
    return reply(form, submission.reply(), 400);
  }
  const v = submission.value;
  // The payment must belong to this registration.
  const target = (await listPaymentsForRegistrations([id])).find((p) => String(p._id) === v.paymentId);
  if (!target) throw data("Payment not found", { status: 404 });
  if (v.intent === "confirm" && target.method === "gateway-momo" && target.state === "pending") {
    return confirmGatewayPayment(target, v.override ?? "", actorId, here, formData);
  }
  if (v.intent === "confirm") {
    const { confirmed, payment } = await confirmPayment(v.paymentId, actorId);
    return redirectWithToast(
      here,
      confirmed
        ? { type: "success", title: "Payment confirmed", description: `Receipt ${payment?.receiptCode ?? ""}` }
        : { type: "error", title: "Already handled", description: "This payment is no longer pending." },
    );
  }
  const done =
    v.intent === "reject"
      ? await rejectPayment(v.paymentId, v.reason, actorId)
      : await voidPayment(v.paymentId, v.reason, actorId);
  return redirectWithToast(
    here,
    done
      ? { type: "success", title: v.intent === "reject" ? "Payment rejected" : "Payment voided" }
      : { type: "error", title: "Already handled", description: "This payment has already been dealt with." },
  );
}

export const GATEWAY_NOT_APPROVED =
  "The gateway has not approved this payment, so nothing was confirmed. If you have seen the money arrive, give a reason to confirm it anyway.";

/**
 * Confirm on a payment made through a gateway (ADR 0091): the gateway is asked first, and its answer settles the
 * payment as a webhook would. Only if it has not approved it (no answer, not paid, or flagged for another amount) does
 * a written reason confirm it, audited as an override of the gateway.
 */
async function confirmGatewayPayment(
  target: { _id: string; amount: number },
  override: string,
  actorId: string,
  here: string,
  formData: FormData,
) {
  const { payment } = await refreshGatewayPayment(String(target._id));
  if (payment?.state === "confirmed")
    return redirectWithToast(here, {
      type: "success",
      title: "Payment confirmed",
      description: `The gateway approved it. Receipt ${payment.receiptCode ?? ""}`,
    });
  if (payment?.state !== "pending")
    return redirectWithToast(here, {
      type: "error",
      title: "Not confirmed",
      description: "The gateway says the payment did not go through: it is refused.",
    });
  if (override.trim().length < 3) {
    const submission = parseWithZod(formData, { schema: PaymentDecisionSchema });
    return reply(`confirm-${target._id}`, submission.reply({ fieldErrors: { override: [GATEWAY_NOT_APPROVED] } }), 409);
  }
  const { confirmed, payment: after } = await confirmPayment(String(target._id), actorId);
  if (confirmed)
    await audit("payment.override", actorId, after?.registrationId ?? null, {
      paymentId: String(target._id),
      amount: target.amount,
      reason: override.trim(),
    });
  return redirectWithToast(
    here,
    confirmed
      ? {
          type: "success",
          title: "Payment confirmed",
          description: `Without the gateway's approval. Receipt ${after?.receiptCode ?? ""}`,
        }
      : { type: "error", title: "Already handled", description: "This payment is no longer pending." },
  );
}

/**
 * A ward who left (ADR 0091): kept with its payments and receipts, out of rosters and counts; audited. "reinstate"
 * takes it back.
 */
export async function withdraw({ id, formData, actorId, here }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: WithdrawSchema });
  if (submission.status !== "success") return reply("withdraw", submission.reply(), 400);
  await setWithdrawn(id, submission.value.reason);
  await audit("registration.withdraw", actorId, id, { reason: submission.value.reason });
  return redirectWithToast(here, {
    type: "success",
    title: "Ward withdrawn",
    description: "Payments and receipts are kept.",
  });
}

export async function reinstate({ id, actorId, here }: IntentArgs) {
  await setWithdrawn(id, null);
  await audit("registration.reinstate", actorId, id);
  return redirectWithToast(here, { type: "success", title: "Ward enrolled again" });
}
