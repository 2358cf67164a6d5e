/**
 * What the portal tells parents by SMS, queued in the outbox (docs/decisions/0077-outbox.md). An event document
 * (a registration, a payment) carries `messagesPending: true` from the write that makes the event — the creation,
 * the confirming update — until its message is queued; the outbox's key (event and recipient) makes queueing twice
 * harmless. A process stopped in between leaves the flag, and the sender's repair (at start and every 5 minutes, on
 * every instance) queues what it left. The flags of the enrolment messages queued within a quarter of a second are
 * cleared together, in one command (an enrolment's own commands are six): one left standing by a process stopped
 * meanwhile only has its message queued again, which its key makes harmless.
 */
import { readableReference } from "#app/domain/registration-reference.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { enrolmentSms, paymentConfirmedSms, paymentRejectedSms, paymentVoidedSms } from "#app/domain/sms-messages.ts";
import type { Say } from "#app/domain/wording.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import { queueMessage, withCode } from "#app/models/outbox.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { sayTo } from "#app/services/messaging/message-language.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("outbox");

/** The portal's address in links: APP_ORIGIN, else the address the demo listens on (never a request's Host). */
const originFor = () => appOrigin();

type RegistrationForSms = {
  _id: string;
  reference: string;
  claimCode: string;
  wardName: string;
  programme: string;
  whatsappNumberNormalized: string;
};

const FOR_SMS = "reference claimCode wardName programme whatsappNumberNormalized";

/**
 * The enrolment SMS to the parent's WhatsApp number (reference, claim code, the confirmation page's link), for the
 * registration just created (no second read).
 */
export async function queueEnrolmentMessages(reg: RegistrationForSms) {
  const settings = await getSettings();
  if (settings.smsNotifications) {
    const values = {
      wardName: reg.wardName,
      programme: programmeLabel(reg.programme),
      reference: readableReference(reg.reference),
      link: `${originFor()}/registration/${reg.reference}`,
    };
    const say = await sayTo(reg.whatsappNumberNormalized);
    // The claim code opens the registration to whoever holds it: kept as a one-time code is.
    const { shown, ...message } = withCode((claimCode) => enrolmentSms({ ...values, claimCode }, say), reg.claimCode);
    await queueMessage({
      key: `enrolment:${reg._id}:sms`,
      channel: "sms",
      to: reg.whatsappNumberNormalized,
      template: "enrolment",
      values: { ...values, claimCode: shown },
      ...message,
    });
  }
  clearFlagSoon(reg._id);
}

type PaymentForSms = {
  _id: string;
  registrationId: string;
  amount: number;
  state: string;
  receiptCode: string | null;
  balanceAfter: number | null;
  rejectedReason: string | null;
  voidedReason: string | null;
};
type RegistrationForPaymentSms = {
  wardName: string;
  whatsappNumberNormalized: string;
  amountDue: number | null;
  amountPaid: number | null;
};

/** The parent's SMS after a payment is confirmed (amount, receipt number, balance, receipt link) or refused (why). */
export async function queuePaymentMessages(paymentId: string) {
  const payment = await Payment.findById(String(paymentId))
    .select("registrationId amount state receiptCode balanceAfter rejectedReason voidedReason")
    .lean<PaymentForSms>();
  if (!payment) return;
  const reg = await Registration.findById(payment.registrationId)
    .select("wardName whatsappNumberNormalized amountDue amountPaid")
    .lean<RegistrationForPaymentSms>();
  const settings = await getSettings();
  if (reg && settings.smsNotifications && settings.paymentNotifications) {
    const say = await sayTo(reg.whatsappNumberNormalized);
    const sms = paymentSms(payment, reg, say);
    if (sms)
      await queueMessage({
        key: `${sms.template}:${payment._id}:sms`,
        channel: "sms",
        to: reg.whatsappNumberNormalized,
        ...sms,
      });
  }
  // At once: a payment is flagged again by each later event (confirmed, then voided), and a clear that waited could
  // take the newer event's flag before its message is queued.
  await Payment.updateOne({ _id: payment._id }, { $unset: { messagesPending: 1 } });
}

/** How long a queued enrolment message's flag waits to be cleared with the others of that moment. */
const CLEAR_FLAGS_AFTER_MS = 250;
/** More flags than this waiting are cleared at once. */
const CLEAR_FLAGS_BATCH = 500;
const flagged = new Set<string>();
let clearing: NodeJS.Timeout | null = null;

/** A registration's flag, cleared soon with the others: a registration has one event only (its creation). */
function clearFlagSoon(id: string) {
  flagged.add(String(id));
  if (flagged.size >= CLEAR_FLAGS_BATCH) void clearQueuedFlags();
  else clearing ??= setTimeout(() => void clearQueuedFlags(), CLEAR_FLAGS_AFTER_MS).unref();
}

/**
 * Clears the flags of the registrations whose messages are queued (the sender's stop calls it before the process
 * ends). Without a connection, or on a failure, they are left to the repair.
 */
export async function clearQueuedFlags(): Promise<void> {
  if (clearing) clearTimeout(clearing);
  clearing = null;
  const ids = [...flagged];
  flagged.clear();
  if (!ids.length || Registration.db.readyState !== 1) return;
  await Registration.updateMany({ _id: { $in: ids } }, { $unset: { messagesPending: 1 } }).catch((error: unknown) =>
    log.warn({ err: error }, "queued messages' flags left to the repair"),
  );
}

/** The SMS a payment's state tells its parent, if any: its template, the values it fills in and its text. */
function paymentSms(
  payment: PaymentForSms,
  reg: RegistrationForPaymentSms,
  say: Say,
): { template: string; values: Record<string, string | number>; text: string } | null {
  if (payment.state === "confirmed" && payment.receiptCode) {
    const values = {
      wardName: reg.wardName,
      amount: payment.amount,
      receipt: payment.receiptCode,
      balance: payment.balanceAfter ?? 0,
      link: `${originFor()}/payments/${payment._id}/receipt.pdf`,
    };
    return { template: "payment-confirmed", values, text: paymentConfirmedSms(values, say) };
  }
  if (payment.state === "voided") {
    // The parent was told "received" with a receipt: a cancellation is told too.
    const values = {
      wardName: reg.wardName,
      amount: payment.amount,
      reason: payment.voidedReason ?? "",
      receipt: payment.receiptCode ?? "",
      balance: Math.max(0, (reg.amountDue ?? 0) - (reg.amountPaid ?? 0)),
    };
    return { template: "payment-voided", values, text: paymentVoidedSms(values, say) };
  }
  if (payment.state === "rejected") {
    const values = { wardName: reg.wardName, amount: payment.amount, reason: payment.rejectedReason ?? "" };
    return { template: "payment-rejected", values, text: paymentRejectedSms(values, say) };
  }
  return null;
}

/**
 * Queues the messages of events a stopped process wrote but did not get to queue. A minute old at least,
 * so that an event still under way on another instance queues its own.
 */
export async function repairPendingMessages(): Promise<number> {
  const before = new Date(Date.now() - 60_000);
  const registrations = await Registration.find({ messagesPending: true, createdAt: { $lt: before } })
    .select(FOR_SMS)
    .lean<RegistrationForSms[]>();
  for (const r of registrations) await queueEnrolmentMessages(r);
  const payments = await Payment.find({ messagesPending: true, updatedAt: { $lt: before } })
    .select("_id")
    .lean<{ _id: string }[]>();
  for (const p of payments) await queuePaymentMessages(p._id);
  return registrations.length + payments.length;
}
