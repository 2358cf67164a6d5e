/**
 * Paying fees from the portal through a Mobile Money gateway (docs/payments.md, docs/decisions/0079). The portal
 * creates its own pending payment first (its id is the reference the gateway gets), then asks the gateway for a
 * checkout; whatever the gateway says later (its webhook, the return page's verification, the daily reconciliation)
 * goes through `settleGatewayPayment`, which confirms a payment once, refuses a declined one, and flags one whose
 * amount or currency differs instead of confirming it.
 */
import type { MomoNetwork } from "#app/domain/checkout.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import { formatCedis } from "#app/domain/money.ts";
import { checkoutAmountError, checkoutLimits, onlinePaymentRules } from "#app/domain/checkout.ts";
import { Payment, getPayment, type PaymentRow } from "#app/models/payment.server.ts";
import { Registration, getParentRegistrations } from "#app/models/registration.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { newId } from "#app/models/ids.server.ts";
import { getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import {
  awaitingConfirmation,
  confirmPayment,
  rejectPayment,
  submitPayment,
} from "#app/services/money/payments.server.ts";
import {
  GatewayError,
  webhookSignatureMatches,
  type ChargeAnswer,
  type GatewayTransaction,
} from "#app/services/money/gateway/gateway.ts";
import { checkPaymentPrompt } from "#app/utils/rate-limits.server.ts";
import { activeGateway, gatewayNamed } from "#app/services/money/gateway/gateways.server.ts";
import { recordException } from "#app/models/reconciliation-exception.server.ts";
import { logFor } from "#app/models/infra/log.server.ts";
import { callbacksRefused } from "#app/models/infra/metrics.server.ts";

const log = logFor("checkout");
const webhookLog = logFor("webhook");

export const CHECKOUT_NOT_OFFERED =
  "Paying from the portal is not available at the moment. Pay to the school's Mobile Money number and send us the reference below.";
export const CHECKOUT_FAILED =
  "The payment could not be started: nothing was taken. Try again in a few minutes, or pay to the school's number.";
export const NOTHING_OWED = "Nothing is owed for this ward.";
export const AWAITING_COVERS =
  "A payment for this ward is waiting for the school's confirmation and covers the balance: nothing more to pay now.";
export const DECLINED = "The Mobile Money payment was declined or did not go through. Nothing was taken.";
export const NOT_COMPLETED = "The Mobile Money payment was not completed within a day. Nothing was taken.";
export const CHECKOUT_OPEN =
  "A Mobile Money payment for this ward is already open: continue it or cancel it above before starting another.";
export const CHECKOUT_CANCELLED = "Cancelled by the payer before approving it. Nothing was taken.";

/**
 * The ward's open-checkout claim as stored, and whether it still holds: its payment is pending at the gateway, or
 * (a claim taken while one is being started, its time in it) it is under two minutes old.
 */
async function openCheckoutOf(registrationId: string): Promise<{ claim: string | null; open: boolean }> {
  const reg = await Registration.findById(String(registrationId))
    .select("openCheckout")
    .lean<{ openCheckout: string | null }>();
  const claim = reg?.openCheckout ?? null;
  if (!claim) return { claim, open: false };
  const claimedAt = /^claim:(\d+):/.exec(claim);
  if (claimedAt) return { claim, open: Date.now() - Number(claimedAt[1]) < 120_000 };
  return { claim, open: Boolean(await Payment.exists({ _id: claim, method: "gateway-momo", state: "pending" })) };
}

/**
 * A payment the family of `user` made through a gateway (their own wards' only; null for anything else, which callers
 * answer 404): what the hand-over page and "Cancel this payment" act on.
 */
export async function familyGatewayPayment(user: Parameters<typeof getParentRegistrations>[0], paymentId: string) {
  if (!ID_PATTERN.test(paymentId)) return null;
  const own = await getParentRegistrations(user);
  const payment = await Payment.findOne({
    _id: paymentId,
    method: "gateway-momo",
    registrationId: { $in: own.map((r) => String(r._id)) },
  })
    .select("registrationId amount state checkoutUrl payerPhone receiptCode rejectedReason")
    .lean<{
      registrationId: string;
      amount: number;
      state: string;
      checkoutUrl: string | null;
      payerPhone: string | null;
      receiptCode: string | null;
      rejectedReason: string | null;
    }>();
  return payment ? { ...payment, wardName: own.find((r) => String(r._id) === payment.registrationId)?.wardName } : null;
}

export type CheckoutInput = {
  registrationId: string;
  /** Pesewas, as the parent chose within the limits; checked again here against the registration. */
  amount: number;
  payer: { _id: string; phone: string; email?: string | null };
  /** The admin who started it while viewing as the parent. */
  viewedAsBy: string | null;
  /** The portal's public origin, for the return address. */
  origin: string;
};

type Gateway = NonNullable<Awaited<ReturnType<typeof activeGateway>>>;

/**
 * The ward's one open gateway payment, claimed: the amount checked against the registration (within the school's
 * limits, at most the balance less what awaits confirmation), then a pending payment for exactly that amount, its id
 * the reference the gateway gets. Of payments started at once for a ward only one goes on, so money on its way is
 * never counted twice against the balance.
 */
async function openGatewayPayment(
  input: CheckoutInput,
  gateway: Gateway,
  reg: { amountDue: number | null; amountPaid: number | null; vacation: string | null },
): Promise<Result<{ paymentId: string }, "amount">> {
  const open = await openCheckoutOf(input.registrationId);
  if (open.open) return refuse(409, CHECKOUT_OPEN);
  const rules = onlinePaymentRules(await getFeeSchedule(reg.vacation));
  // What is left after the payments waiting for confirmation (a reported transfer the office has not checked yet).
  const awaiting = await awaitingConfirmation(input.registrationId);
  const limits = checkoutLimits(reg.amountDue, reg.amountPaid, rules, awaiting);
  if (!limits) return refuse(409, awaiting > 0 ? AWAITING_COVERS : NOTHING_OWED, "amount");
  const error = checkoutAmountError(limits, input.amount);
  if (error) return refuse(400, error, "amount");
  const claim = `claim:${Date.now()}:${newId()}`;
  const claimed = await Registration.updateOne(
    { _id: String(input.registrationId), openCheckout: open.claim },
    { $set: { openCheckout: claim } },
  );
  if (claimed.modifiedCount !== 1) return refuse(409, CHECKOUT_OPEN);
  const release = () =>
    Registration.updateOne(
      { _id: String(input.registrationId), openCheckout: claim },
      { $set: { openCheckout: null } },
    );
  let submitted: Awaited<ReturnType<typeof submitPayment>>;
  try {
    submitted = await submitPayment({
      registrationId: input.registrationId,
      amount: input.amount,
      method: "gateway-momo",
      reference: null,
      paidOn: new Date(),
      payerPhone: input.payer.phone,
      note: null,
      source: "gateway",
      gateway: gateway.name,
      actorId: String(input.payer._id),
      viewedAsBy: input.viewedAsBy,
    });
  } catch (error) {
    await release();
    throw error;
  }
  if (!submitted.ok) {
    await release();
    return refuse(submitted.status, submitted.message);
  }
  const { payment } = submitted;
  await Registration.updateOne(
    { _id: String(input.registrationId), openCheckout: claim },
    { $set: { openCheckout: payment._id } },
  );
  return { ok: true, paymentId: payment._id };
}

const registrationFees = (registrationId: string) =>
  Registration.findById(String(registrationId)).select("amountDue amountPaid vacation whatsappNumberNormalized").lean<{
    amountDue: number | null;
    amountPaid: number | null;
    vacation: string | null;
    whatsappNumberNormalized: string;
  }>();

/** Paystack needs an e-mail address: the payer's, else a placeholder at the school's domain. */
const payerEmail = (input: CheckoutInput) =>
  input.payer.email || `parent-${input.payer.phone.replace(/\D/g, "")}@${payerEmailDomain(input.origin)}`;

/** A payment the gateway could not start is closed at once, with no message to the parent: nothing was taken. */
async function closeUnstarted(gateway: Gateway, paymentId: string, error: unknown) {
  if (!(error instanceof GatewayError)) throw error;
  log.warn(`${gateway.name}: ${error.message} (payment ${paymentId} closed)`);
  await rejectPayment(paymentId, "The gateway could not start the payment", "system", { notifyParent: false });
}

/**
 * Starts a checkout: a pending gateway payment for exactly the amount, then the gateway's checkout page to send the
 * payer to. A gateway that refuses or cannot be reached leaves no pending payment behind (it is closed at once).
 */
export async function startCheckout(
  input: CheckoutInput,
): Promise<Result<{ url: string; paymentId: string }, "amount">> {
  const gateway = await activeGateway();
  if (!gateway) return refuse(409, CHECKOUT_NOT_OFFERED);
  const reg = await registrationFees(input.registrationId);
  if (!reg) return refuse(404, "Registration not found");
  const opened = await openGatewayPayment(input, gateway, reg);
  if (!opened.ok) return opened;
  const { paymentId } = opened;
  try {
    const { url } = await gateway.startCheckout({
      reference: paymentId,
      amount: input.amount,
      email: payerEmail(input),
      phone: input.payer.phone,
      callbackUrl: new URL(`/payment-success?reference=${paymentId}`, input.origin).href,
    });
    // Only a web address can be handed to the payer's browser (a meta refresh and a link: app/routes/dashboard/checkout-handover.tsx).
    const checkoutUrl = new URL(url, input.origin);
    if (checkoutUrl.protocol !== "https:" && checkoutUrl.protocol !== "http:")
      throw new GatewayError(`a checkout address that is not a web address (${checkoutUrl.protocol})`, "refused");
    await Payment.updateOne({ _id: paymentId }, { $set: { checkoutUrl: checkoutUrl.href } });
    return { ok: true, url: checkoutUrl.href, paymentId };
  } catch (error) {
    await closeUnstarted(gateway, paymentId, error);
    return refuse(502, CHECKOUT_FAILED);
  }
}

export const PROMPT_NOT_OFFERED =
  "Paying by a prompt on your phone is not available at the moment. Pay to the school's Mobile Money number.";
export const PROMPT_OPEN =
  "A payment for this ward is still open: approve its prompt on your phone, or try again in a few minutes.";
export const NOT_THE_PARENTS_NUMBER = "Only the parent's number on the registration can be asked to pay.";

/**
 * A Mobile Money prompt on the payer's own phone, without a checkout page (a basic phone through the USSD menu): the
 * same open gateway payment as a checkout, then the gateway's direct charge to the payer's number, which must be the
 * number the registration names as the parent's. What the gateway answers (the prompt sent, a code wanted first, or
 * already declined) is returned; the payment itself is settled through verification, as every gateway payment is.
 */
export async function startPhonePrompt(
  input: CheckoutInput & {
    network: MomoNetwork;
    /** The caller checked that the signed-in account owns the registration and proved its phone by a code. */
    provenAccount?: boolean;
  },
): Promise<Result<{ paymentId: string; answer: ChargeAnswer }, "amount">> {
  const gateway = await activeGateway();
  if (!gateway?.chargeMobileMoney) return refuse(409, PROMPT_NOT_OFFERED);
  const reg = await registrationFees(input.registrationId);
  if (!reg) return refuse(404, "Registration not found");
  if (reg.whatsappNumberNormalized !== input.payer.phone && !input.provenAccount)
    return refuse(403, NOT_THE_PARENTS_NUMBER);
  const limited = await checkPaymentPrompt(input.payer.phone);
  if (limited) return refuse(429, limited.message);
  const opened = await openGatewayPayment(input, gateway, reg);
  if (!opened.ok) return opened.message === CHECKOUT_OPEN ? refuse(409, PROMPT_OPEN) : opened;
  const { paymentId } = opened;
  try {
    const answer = await gateway.chargeMobileMoney({
      reference: paymentId,
      amount: input.amount,
      email: payerEmail(input),
      phone: input.payer.phone,
      network: input.network,
    });
    // A charge the network declined at once is settled now (through verification), so the ward may try again.
    if (answer.state === "failed" || answer.state === "paid") await refreshGatewayPayment(paymentId);
    // The network wants a code first (Paystack's send_otp, Telecel's voucher): the payment waits for it.
    if (answer.state === "otp") await Payment.updateOne({ _id: paymentId }, { $set: { chargeStep: "otp" } });
    return { ok: true, paymentId, answer };
  } catch (error) {
    await closeUnstarted(gateway, paymentId, error);
    return refuse(502, CHECKOUT_FAILED);
  }
}

export const NO_CODE_WANTED = "No payment from this number is waiting for a code.";
export const WRONG_CODE = "The network did not take that code. Check it and send it again.";

/**
 * The code the network sent the payer for a prompt that asked for one (by SMS `OTP <code>`, or on the USSD menu), for
 * the number's payment waiting for it: the gateway gets it, and the prompt then comes to the phone. A wrong code is
 * the gateway's refusal, and the payment keeps waiting for the right one until it expires.
 */
export async function submitPromptCode(
  phone: string,
  code: string,
): Promise<Result<{ answer: ChargeAnswer; amount: number }>> {
  const payment = await Payment.findOne({
    state: "pending",
    method: "gateway-momo",
    payerPhone: phone,
    chargeStep: "otp",
  })
    .sort({ createdAt: -1 })
    .select("_id amount gateway")
    .lean<{ _id: string; amount: number; gateway: string | null }>();
  if (!payment) return refuse(404, NO_CODE_WANTED);
  const gateway = await gatewayNamed(payment.gateway ?? "");
  if (!gateway?.submitChargeOtp) return refuse(409, PROMPT_NOT_OFFERED);
  if (!/^[A-Za-z0-9]{3,12}$/.test(code)) return refuse(400, "The code is the letters and digits the network sent.");
  try {
    const answer = await gateway.submitChargeOtp(payment._id, code);
    if (answer.state !== "otp") await Payment.updateOne({ _id: payment._id }, { $set: { chargeStep: null } });
    if (answer.state === "failed" || answer.state === "paid") await refreshGatewayPayment(payment._id);
    return { ok: true, answer, amount: payment.amount };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return refuse(error.kind === "refused" ? 400 : 502, error.kind === "refused" ? WRONG_CODE : CHECKOUT_FAILED);
  }
}

/**
 * Paystack needs an e-mail address for every payer; a parent without one gets parent-<number>@ a domain the school
 * sets (PAYER_EMAIL_DOMAIN), else EMAIL_FROM's, else the portal's own host. Paystack may write to it: a domain the
 * school receives mail for keeps those receipts with the school.
 */
export function payerEmailDomain(origin: string, env = process.env): string {
  const fromAddress = /@([^\s>]+)>?\s*$/.exec(env.EMAIL_FROM?.trim() ?? "")?.[1];
  return env.PAYER_EMAIL_DOMAIN?.trim() || fromAddress || new URL(origin).hostname;
}

export type SettleOutcome = "confirmed" | "already" | "flagged" | "declined" | "pending" | "exception" | "unknown";

/**
 * What the gateway said about a transaction, applied once to the payment holding its reference, whichever path
 * brought it (webhook, return page, reconciliation) and however often: success with the same amount in GHS confirms
 * it (one receipt number, one message); another amount or currency flags it for the office with both figures; a
 * failure refuses it; a success for a payment already closed is an exception for the office.
 */
export async function settleGatewayPayment(tx: GatewayTransaction): Promise<SettleOutcome> {
  const payment = await Payment.findOne({ _id: String(tx.reference), method: "gateway-momo" })
    .select("_id registrationId amount state gateway flag")
    .lean<{ _id: string; registrationId: string; amount: number; state: string; gateway: string; flag: unknown }>();
  if (!payment) return "unknown";
  const actor = `gateway:${payment.gateway}`;
  if (tx.status === "pending") return "pending";
  // A payment flagged for the office (another amount or currency) waits for the office, whatever the gateway says
  // after: a later event for the expected amount must not settle what a person has to look at.
  if (payment.state === "pending" && payment.flag) return "flagged";
  if (tx.status === "failed") {
    if (payment.state !== "pending") return "already";
    return (await rejectPayment(payment._id, DECLINED, actor)) ? "declined" : "already";
  }
  if (payment.state === "confirmed") return "already";
  if (payment.state !== "pending") {
    await recordException({
      kind: "paid-after-closing",
      reference: payment._id,
      paymentId: payment._id,
      portalAmount: payment.amount,
      gatewayAmount: tx.amount,
    });
    return "exception";
  }
  if (tx.amount !== payment.amount || tx.currency !== "GHS") {
    const reason = `The gateway reports ${tx.currency} ${(tx.amount / 100).toFixed(2)}; the portal expected ${formatCedis(payment.amount)}.`;
    const flagged = await Payment.updateOne(
      { _id: payment._id, state: "pending", flag: null },
      { $set: { flag: { reason, gatewayAmount: tx.amount, gatewayCurrency: tx.currency, at: new Date() } } },
    );
    if (flagged.modifiedCount === 1) {
      await audit("payment.flag", actor, payment.registrationId, { paymentId: payment._id, reason });
      await recordException({
        kind: "amount-differs",
        reference: payment._id,
        paymentId: payment._id,
        portalAmount: payment.amount,
        gatewayAmount: tx.amount,
        note: reason,
      });
    }
    return "flagged";
  }
  await Payment.updateOne(
    { _id: payment._id, state: "pending" },
    { $set: { network: tx.network, gatewayTransactionId: tx.gatewayId, gatewayFee: tx.customerFee } },
  );
  const outcome = await confirmPayment(payment._id, actor);
  return outcome.confirmed ? "confirmed" : "already";
}

export type WebhookAnswer = { status: 200 | 400 | 401 | 404 | 503; body: string };

/**
 * A gateway's webhook: the signature is checked on the raw bytes before anything parses them. A valid
 * `charge.success` is the signal, the gateway's verification of its reference the truth: the payment is settled from
 * what `verify` answers (Paystack's webhook carries the charged amount, fee included, but not the amount asked for;
 * its verification has both), once, whatever order the webhook and the return page's check arrive in. Other events
 * and unknown references are answered 200 (logged) so the gateway stops retrying; a gateway that cannot be asked is
 * 503, so that it sends the event again. Answered only once the change is written: a crash before that gets the event
 * again.
 */
export async function receiveWebhook(name: string, raw: Buffer, signature: string | null): Promise<WebhookAnswer> {
  const gateway = await gatewayNamed(name);
  if (!gateway) return { status: 404, body: "Not found" };
  if (!webhookSignatureMatches(gateway.webhookKey, raw, signature)) {
    webhookLog.warn(`${name}: refused a request whose signature does not match`);
    callbacksRefused.inc({ callback: "payment-webhook", reason: "signature" });
    return { status: 401, body: "Invalid signature" };
  }
  let event: { event?: unknown; data?: unknown };
  try {
    event = JSON.parse(raw.toString("utf8")) as typeof event;
  } catch {
    return { status: 400, body: "The body is not JSON" };
  }
  if (event?.event !== "charge.success" || typeof event.data !== "object" || event.data === null)
    return { status: 200, body: "ignored" };
  const reference = (event.data as { reference?: unknown }).reference;
  if (typeof reference !== "string" || !reference || reference.length > 100)
    return { status: 400, body: "No reference" };
  let tx: GatewayTransaction | null;
  try {
    tx = await gateway.verify(reference);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    webhookLog.warn(`${name}: could not verify ${reference.slice(0, 60)}: ${error.message}`);
    return { status: 503, body: "The transaction could not be verified yet" };
  }
  if (!tx || !Number.isSafeInteger(tx.amount)) {
    webhookLog.warn(`${name}: the gateway has no transaction with the reference ${reference.slice(0, 60)}`);
    return { status: 200, body: "unknown" };
  }
  // The event says paid, the gateway not yet: asked again when the gateway sends the event again.
  if (tx.status === "pending") return { status: 503, body: "The gateway has not settled the transaction yet" };
  const outcome = await settleGatewayPayment(tx);
  if (outcome === "unknown") webhookLog.warn(`${name}: no payment has the reference ${reference.slice(0, 60)}`);
  return { status: 200, body: outcome };
}

/**
 * The return page's check: a gateway payment still pending is verified with its gateway before the page says
 * anything. `checked` is false when the gateway could not be asked (the page then says it will update).
 */
export async function refreshGatewayPayment(
  paymentId: string,
): Promise<{ payment: PaymentRow | null; checked: boolean }> {
  const payment = await getPayment(paymentId);
  if (!payment || payment.method !== "gateway-momo" || payment.state !== "pending" || payment.flag)
    return { payment, checked: true };
  const gateway = await gatewayNamed(payment.gateway ?? "");
  if (!gateway) return { payment, checked: false };
  try {
    const tx = await gateway.verify(payment._id);
    if (tx) await settleGatewayPayment(tx);
    return { payment: await getPayment(paymentId), checked: true };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    log.warn(`verifying ${paymentId} with ${gateway.name}: ${error.message}`);
    return { payment, checked: false };
  }
}

/**
 * The payer cancels an open checkout (Payment History): the gateway is asked first, so a payment approved on the phone
 * meanwhile is confirmed rather than refused; otherwise the payment is closed with nothing taken, and the ward may
 * start another. Returns what became of it.
 */
export async function cancelCheckout(
  paymentId: string,
  actorId: string,
): Promise<"cancelled" | "confirmed" | "closed"> {
  const { payment } = await refreshGatewayPayment(paymentId);
  if (payment?.state === "confirmed") return "confirmed";
  if (payment?.state !== "pending" || payment.flag) return "closed";
  return (await rejectPayment(paymentId, CHECKOUT_CANCELLED, actorId, { notifyParent: false }))
    ? "cancelled"
    : "closed";
}
