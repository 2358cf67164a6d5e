/**
 * The one place where payments are created, confirmed, rejected and voided.
 *
 * Every path goes through here: the office recording a payment (create +
 * confirm at once), a parent's "I have paid" (create pending; the office
 * confirms or rejects), and a payment from the portal through the Mobile Money
 * gateway (app/services/money/checkout.server.ts creates and settles it through here).
 * Each change to money is written to the audit log.
 */
import { newId } from "#app/models/ids.server.ts";
import {
  Payment,
  assignReceiptNumber,
  getPayment,
  markPaymentsChanged,
  refreshRegistrationTotals,
  type PaymentRow,
} from "#app/models/payment.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

export { refreshRegistrationTotals };
import { Registration } from "#app/models/registration.server.ts";
import { getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { feeFor } from "#app/domain/fees.ts";
import { amountAwaiting } from "#app/domain/checkout.ts";
import {
  DUPLICATE_REFERENCE_MESSAGE,
  formatReceiptNumber,
  movesInto,
  paymentStatus,
  referenceKey,
  stateFields,
  type PaymentMethod,
} from "#app/domain/money.ts";
import type { Programme } from "#app/domain/programmes.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import { queuePaymentMessages } from "#app/services/messaging/notifications.server.ts";

const log = logFor("payments");

export type NewPayment = {
  registrationId: string;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  paidOn: Date;
  payerPhone: string | null;
  note: string | null;
  source: "admin" | "parent" | "gateway";
  /** The gateway a payment from the portal goes through (app/services/money/gateway/). */
  gateway?: string | null;
  actorId: string;
  /** The admin who made it while viewing as the parent (actorId is then the parent). */
  viewedAsBy?: string | null;
};

/** The amount due for a new registration under its vacation's schedule (null when none applies). */
export async function amountDueAtEnrolment(vacation: string, programme: Programme, subjectCount: number) {
  const schedule = await getFeeSchedule(vacation);
  const amount = feeFor(schedule, programme, subjectCount);
  return amount == null
    ? { amountDue: null, feeSeason: null, paymentStatus: null }
    : { amountDue: amount, feeSeason: schedule!.season, paymentStatus: paymentStatus(amount, 0) };
}

/** The office's note on a parent's report whose reference another family's payment already holds. */
export const DUPLICATE_REPORT_NOTE =
  "Check before confirming: this reference is already recorded for another family's payment.";

/**
 * The balance less payments awaiting confirmation: what a ward's payments waiting for the school (reported by the
 * parent, or on their way through a gateway) add up to, in pesewas. Every way to pay offers only what is left after
 * them, so that a parent does not pay twice while the office checks a payment (docs/payments.md).
 */
export async function awaitingConfirmation(registrationId: string): Promise<number> {
  const pending = await Payment.find({ registrationId: String(registrationId), state: "pending" })
    .select("registrationId state amount")
    .limit(500)
    .lean<Array<{ registrationId: string; state: string; amount: number }>>();
  return amountAwaiting(pending, String(registrationId));
}

/**
 * Creates a pending payment. A reference already held by another payment of the method is refused, except in a
 * parent's own report naming another family's reference, which is kept with a note for the office.
 */
export async function submitPayment(input: NewPayment): Promise<Result<{ payment: PaymentRow }, "reference">> {
  const reg = await Registration.findById(String(input.registrationId))
    .select("_id feeSeason vacation")
    .lean<{ _id: string; feeSeason: string | null; vacation: string | null }>();
  if (!reg) return refuse(404, "Registration not found");
  const id = newId();
  // A payment made through the gateway is known there by its own id, the portal's reference.
  const reference = input.method === "gateway-momo" ? id : input.reference?.trim() || null;
  if (!reference && input.method !== "cash") return refuse(400, "Enter the transaction reference", "reference");
  let key = reference ? `${input.method}:${referenceKey(reference)}` : `free:${id}`;
  let note = input.note || null;
  const existing = reference
    ? await Payment.findOne({ referenceKey: key }).select("registrationId").lean<{ registrationId: string }>()
    : null;
  if (existing) {
    // A parent is not told that a reference belongs to someone else's payment (that would let anyone test whether a
    // Mobile Money reference was recorded): the report is kept for the office to check, as any other is. The family's
    // own reference sent twice is refused as before.
    if (input.source !== "parent" || String(existing.registrationId) === String(reg._id))
      return refuse(409, DUPLICATE_REFERENCE_MESSAGE(input.method, reference!), "reference");
    key = `free:${id}`;
    note = [DUPLICATE_REPORT_NOTE, note].filter(Boolean).join(" ");
  }
  try {
    await Payment.create({
      _id: id,
      registrationId: String(reg._id),
      // Its vacation's receipt numbers (a registration's fee season is its vacation).
      season: reg.feeSeason ?? reg.vacation ?? String(new Date().getUTCFullYear()),
      amount: input.amount,
      method: input.method,
      reference,
      referenceKey: key,
      paidOn: input.paidOn,
      payerPhone: input.payerPhone || null,
      note,
      ...stateFields("pending"),
      source: input.source,
      gateway: input.gateway ?? null,
      createdBy: input.actorId,
      viewedAsBy: input.viewedAsBy ?? null,
    });
  } catch (error) {
    // Two submissions raced past the check: the unique index decided.
    if ((error as { code?: number }).code === 11000)
      return refuse(409, DUPLICATE_REFERENCE_MESSAGE(input.method, reference!), "reference");
    throw error;
  }
  // Made while viewing as the parent: the audit names the admin who did it, with the parent it was for.
  await audit("payment.submit", input.viewedAsBy ?? input.actorId, String(reg._id), {
    paymentId: id,
    amount: input.amount,
    method: input.method,
    reference,
    source: input.source,
    ...(input.viewedAsBy ? { viewingAs: input.actorId } : {}),
  });
  return { ok: true, payment: (await getPayment(id))! };
}

/**
 * Confirms a pending payment once: the pending → confirmed switch is one
 * conditional update, so of two concurrent confirmations only one wins, and
 * only the winner takes a receipt number (consecutive per season, never reused,
 * never skipped: assignReceiptNumber). Totals follow the revision rule of
 * refreshRegistrationTotals (docs/decisions/0036-money-under-concurrency.md).
 */
export async function confirmPayment(
  paymentId: string,
  actorId: string,
): Promise<{ confirmed: boolean; payment: PaymentRow | null }> {
  const claimed = await Payment.findOneAndUpdate(
    { _id: String(paymentId), state: { $in: movesInto("confirmed") } },
    {
      $set: {
        ...stateFields("confirmed"),
        confirmedBy: actorId,
        confirmedAt: new Date(),
        totalsApplied: false,
        messagesPending: true,
      },
    },
    { returnDocument: "after", lean: true },
  );
  if (!claimed) return { confirmed: false, payment: await getPayment(paymentId) };
  await markPaymentsChanged(claimed.registrationId);
  const totals = await refreshRegistrationTotals(claimed.registrationId);
  const n = await assignReceiptNumber(claimed._id);
  await Payment.updateOne({ _id: claimed._id }, { $set: { balanceAfter: totals.balance } });
  await audit("payment.confirm", actorId, claimed.registrationId, {
    paymentId: claimed._id,
    amount: claimed.amount,
    receipt: formatReceiptNumber(claimed.season, n),
  });
  await queuePaymentMessages(claimed._id).catch((error: unknown) =>
    log.error({ err: error }, "confirmPayment: the parent's message was not queued"),
  );
  return { confirmed: true, payment: await getPayment(claimed._id) };
}

/** The office records a payment it has seen: created and confirmed through the same path as every other. */
export async function recordPayment(
  input: Omit<NewPayment, "source">,
): Promise<Result<{ confirmed: boolean; payment: PaymentRow | null }, "reference">> {
  const submitted = await submitPayment({ ...input, source: "admin" });
  if (!submitted.ok) return submitted;
  return { ok: true, ...(await confirmPayment(submitted.payment._id, input.actorId)) };
}

/**
 * Refuses a pending payment with a reason the parent sees; its reference becomes free again. The parent gets the
 * refusal by SMS unless `notifyParent` is false (a checkout the gateway never opened: the page said so already).
 */
export async function rejectPayment(
  paymentId: string,
  reason: string,
  actorId: string,
  { notifyParent = true }: { notifyParent?: boolean } = {},
) {
  const row = await Payment.findOneAndUpdate(
    { _id: String(paymentId), state: { $in: movesInto("rejected") } },
    {
      $set: {
        ...stateFields("rejected"),
        rejectedReason: reason,
        referenceKey: `free:${paymentId}`,
        closedBy: actorId,
        closedAt: new Date(),
        ...(notifyParent ? { messagesPending: true } : {}),
      },
    },
    { returnDocument: "after", lean: true },
  );
  if (!row) return false;
  await audit("payment.reject", actorId, row.registrationId, { paymentId: row._id, amount: row.amount, reason });
  if (notifyParent)
    await queuePaymentMessages(row._id).catch((error: unknown) =>
      log.error({ err: error }, "rejectPayment: the parent's message was not queued"),
    );
  return true;
}

/**
 * The office takes what the gateway received for a payment it had refused or flagged (reconciliation): the payment
 * is pending again for `amount`, its reference held again, its flag cleared; the caller then confirms it. Audited.
 */
export async function reopenForAmount(paymentId: string, amount: number, actorId: string) {
  const row = await Payment.findOneAndUpdate(
    { _id: String(paymentId), state: { $in: movesInto("pending") } },
    {
      $set: {
        ...stateFields("pending"),
        amount,
        flag: null,
        referenceKey: `gateway-momo:${referenceKey(String(paymentId))}`,
        rejectedReason: null,
        closedBy: null,
        closedAt: null,
      },
    },
    { returnDocument: "before", lean: true },
  );
  if (!row) return false;
  await audit("payment.reopen", actorId, row.registrationId, { paymentId: row._id, from: row.amount, to: amount });
  return true;
}

/** Voids a confirmed payment (never deleted): it stops counting; its receipt number stays used. */
export async function voidPayment(paymentId: string, reason: string, actorId: string) {
  const row = await Payment.findOneAndUpdate(
    { _id: String(paymentId), state: { $in: movesInto("voided") } },
    {
      $set: {
        ...stateFields("voided"),
        voidedReason: reason,
        referenceKey: `free:${paymentId}`,
        closedBy: actorId,
        closedAt: new Date(),
        totalsApplied: false,
        messagesPending: true,
      },
    },
    { returnDocument: "after", lean: true },
  );
  if (!row) return false;
  await markPaymentsChanged(row.registrationId);
  await refreshRegistrationTotals(row.registrationId);
  await audit("payment.void", actorId, row.registrationId, {
    paymentId: row._id,
    amount: row.amount,
    reason,
    receipt: row.receiptCode,
  });
  // The parent had the receipt by SMS: the cancellation goes the same way (after the totals, for the balance).
  await queuePaymentMessages(row._id).catch((error: unknown) =>
    log.error({ err: error }, "voidPayment: the parent's message was not queued"),
  );
  return true;
}

/** Changes what a registration owes (with a reason, audited). */
export async function adjustAmountDue(registrationId: string, amountDue: number, reason: string, actorId: string) {
  const before = await Registration.findById(String(registrationId))
    .select("amountDue amountPaid feeSeason vacation")
    .lean<{
      amountDue: number | null;
      amountPaid?: number | null;
      feeSeason: string | null;
      vacation: string | null;
    }>();
  if (!before) return false;
  const season = before.feeSeason ?? before.vacation ?? String(new Date().getUTCFullYear());
  // The status moves with the amount in the same write (the totals' refresh below confirms it from the payments).
  await Registration.updateOne(
    { _id: String(registrationId) },
    {
      $set: { amountDue, feeSeason: season, paymentStatus: paymentStatus(amountDue, before.amountPaid ?? 0) },
      $inc: { paymentsRev: 1 },
    },
  );
  await refreshRegistrationTotals(registrationId);
  await audit("registration.amount-due", actorId, String(registrationId), {
    from: before.amountDue,
    to: amountDue,
    reason,
  });
  return true;
}
