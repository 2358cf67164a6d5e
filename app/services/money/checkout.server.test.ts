import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { FEES_2026, OWING_2026 } from "#tests/support/fee-schedule.ts";
import { startPaystackStandIn } from "#tests/support/stand-ins/paystack.ts";
import { Registration } from "#app/models/registration.server.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { Payment } from "#app/models/payment.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { ReconciliationException } from "#app/models/reconciliation-exception.server.ts";
import { saveFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { saveSettings } from "#app/models/settings.server.ts";

import { submitPayment } from "#app/services/money/payments.server.ts";
import { signWebhook } from "#app/services/money/gateway/gateway.ts";
import {
  AWAITING_COVERS,
  CHECKOUT_CANCELLED,
  CHECKOUT_FAILED,
  CHECKOUT_OPEN,
  cancelCheckout,
  payerEmailDomain,
  receiveWebhook,
  refreshGatewayPayment,
  startCheckout,
} from "#app/services/money/checkout.server.ts";
import { reconcile, reconcileToday, resolveException } from "#app/services/money/reconciliation.server.ts";

useTestDatabase("checkout_test");

let standIn: Awaited<ReturnType<typeof startPaystackStandIn>>;
let n = 0;

beforeAll(async () => {
  standIn = await startPaystackStandIn();
  process.env.PAYSTACK_BASE_URL = standIn.baseUrl;
  process.env.PAYSTACK_TIMEOUT_MS = "1000";
  await Promise.all([Registration.init(), Payment.init(), Outbox.init(), ReconciliationException.init()]);
  await saveSettings({
    paymentGateway: "paystack",
    paystackSecretKey: standIn.secretKey,
    smsNotifications: true,
    paymentNotifications: true,
  });
  await saveFeeSchedule("2026", FEES_2026);
});
afterAll(() => standIn.close());

/** A ward owing GH₵ 450.00, and its parent. */
async function ward() {
  n += 1;
  const reg = await Registration.create(registrationDoc(n, OWING_2026));
  return {
    registrationId: String(reg._id),
    payer: { _id: `parent${n}`, phone: reg.whatsappNumberNormalized, email: null },
  };
}

const start = async (amount: number) => {
  const w = await ward();
  const started = await startCheckout({
    ...w,
    amount,
    viewedAsBy: null,
    origin: "https://portal.example.org",
  });
  if (!started.ok) throw new Error(`refused: ${started.message}`);
  return { ...w, paymentId: started.paymentId, url: started.url };
};

/** Paystack's `charge.success` for a transaction, signed as Paystack signs it. */
/** A `charge.success` webhook in Paystack's documented shape: the charged `amount`, no `requested_amount`. */
function chargeSuccess(reference: string, amount: number, currency = "GHS", key = standIn.secretKey) {
  const raw = Buffer.from(
    JSON.stringify({
      event: "charge.success",
      data: { id: 1, reference, status: "success", amount, currency, authorization: { bank: "MTN" } },
    }),
  );
  return { raw, signature: signWebhook(key, raw) };
}
const messagesFor = (paymentId: string) => Outbox.countDocuments({ key: `payment-confirmed:${paymentId}:sms` });

describe("checkout", () => {
  it("creates a pending payment for exactly the amount and sends the payer to the gateway with its reference", async () => {
    const { paymentId, url } = await start(20000);
    expect(url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(await Payment.findById(paymentId).lean()).toMatchObject({
      amount: 20000,
      method: "gateway-momo",
      source: "gateway",
      gateway: "paystack",
      state: "pending",
      reference: paymentId,
    });
    expect(standIn.transactions.get(paymentId)).toMatchObject({
      amount: 20000,
      currency: "GHS",
      callback_url: `https://portal.example.org/payment-success?reference=${paymentId}`,
    });
  });

  it("keeps one open checkout per ward: of three started at once for the whole balance one goes on; cancelled, another may start", async () => {
    const w = await ward();
    const attempt = () =>
      startCheckout({ ...w, amount: 45000, viewedAsBy: null, origin: "https://portal.example.org" });
    const results = await Promise.all([attempt(), attempt(), attempt()]);
    const started = results.flatMap((r) => (r.ok ? [r] : []));
    expect(started).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.message === CHECKOUT_OPEN && r.status === 409)).toHaveLength(2);
    expect(await Payment.countDocuments({ registrationId: w.registrationId, state: "pending" })).toBe(1);
    const { paymentId } = started[0];
    expect(await attempt()).toMatchObject({ ok: false, message: CHECKOUT_OPEN });
    // Cancelled (the gateway has nothing paid for it): closed with nothing taken, and the ward may start again.
    expect(await cancelCheckout(paymentId, w.payer._id)).toBe("cancelled");
    expect(await Payment.findById(paymentId).lean()).toMatchObject({
      state: "rejected",
      rejectedReason: CHECKOUT_CANCELLED,
    });
    expect(await attempt()).toMatchObject({ ok: true, paymentId: expect.any(String) });
  });

  it("refuses an amount under the minimum or over the balance, with nothing created", async () => {
    const w = await ward();
    const attempt = (amount: number) =>
      startCheckout({ ...w, amount, viewedAsBy: null, origin: "https://portal.example.org" });
    expect(await attempt(4999)).toMatchObject({
      ok: false,
      field: "amount",
      message: "Pay at least GH₵ 50.00 at a time.",
    });
    expect(await attempt(45001)).toMatchObject({ field: "amount", message: "Pay at most the balance, GH₵ 450.00." });
    expect(await Payment.countDocuments({ registrationId: w.registrationId })).toBe(0);
  });

  it("offers only the rest while a payment the parent reported waits for the school, and nothing once it covers it", async () => {
    const w = await ward();
    const attempt = (amount: number) =>
      startCheckout({ ...w, amount, viewedAsBy: null, origin: "https://portal.example.org" });
    const reported = (amount: number) =>
      submitPayment({
        registrationId: w.registrationId,
        amount,
        method: "mtn-momo",
        reference: `MOMO${n}${amount}`,
        paidOn: new Date(),
        payerPhone: w.payer.phone,
        note: null,
        source: "parent",
        actorId: w.payer._id,
        viewedAsBy: null,
      });
    await reported(25000);
    expect(await attempt(45000)).toMatchObject({ field: "amount", message: "Pay at most the balance, GH₵ 200.00." });
    await reported(20000);
    expect(await attempt(5000)).toMatchObject({ field: "amount", message: AWAITING_COVERS, status: 409 });
    expect(await Payment.countDocuments({ registrationId: w.registrationId, method: "gateway-momo" })).toBe(0);
  });

  it("leaves no pending payment when the gateway is down, and says nothing was taken", async () => {
    const w = await ward();
    standIn.state.failNext = 1;
    const refused = await startCheckout({
      ...w,
      amount: 45000,
      viewedAsBy: null,
      origin: "https://portal.example.org",
    });
    expect(refused).toEqual({ ok: false, message: CHECKOUT_FAILED, status: 502 });
    expect(await Payment.find({ registrationId: w.registrationId }).lean()).toMatchObject([{ state: "rejected" }]);
    expect(await Registration.findById(w.registrationId).lean()).toMatchObject({ amountPaid: 0 });
  });
});

describe("webhooks and the return page", () => {
  it("refuse a wrong signature with 401 and change nothing", async () => {
    const { paymentId } = await start(45000);
    const forged = chargeSuccess(paymentId, 45000, "GHS", "sk_test_forged");
    expect(await receiveWebhook("paystack", forged.raw, forged.signature)).toMatchObject({ status: 401 });
    expect(await receiveWebhook("paystack", forged.raw, null)).toMatchObject({ status: 401 });
    expect(await Payment.findById(paymentId).lean()).toMatchObject({ state: "pending", receiptNumber: null });
    expect(await receiveWebhook("stripe", forged.raw, forged.signature)).toMatchObject({ status: 404 });
  });

  it("confirm once: the same event twice and the return page racing it give one receipt and one message", async () => {
    const { paymentId, registrationId } = await start(45000);
    standIn.settle(paymentId, "success");
    const event = chargeSuccess(paymentId, 45000);
    const answers = await Promise.all([
      receiveWebhook("paystack", event.raw, event.signature),
      receiveWebhook("paystack", event.raw, event.signature),
      refreshGatewayPayment(paymentId),
    ]);
    expect(answers.slice(0, 2).every((a) => "status" in a && a.status === 200)).toBe(true);
    const payment = await Payment.findById(paymentId).lean();
    expect(payment).toMatchObject({ state: "confirmed", network: "MTN MoMo", balanceAfter: 0 });
    expect(payment!.receiptNumber).toBeGreaterThan(0);
    expect(await messagesFor(paymentId)).toBe(1);
    expect(await Registration.findById(registrationId).lean()).toMatchObject({
      amountPaid: 45000,
      paymentStatus: "paid",
    });
    expect(await receiveWebhook("paystack", event.raw, event.signature)).toEqual({ status: 200, body: "already" });
  });

  it("flag another amount or currency for the office instead of confirming it", async () => {
    const { paymentId } = await start(30000);
    // The network took less than asked: Paystack's verification says so (the webhook is only the signal).
    standIn.settle(paymentId, "success", { amount: 3000 });
    const short = chargeSuccess(paymentId, 3000);
    expect(await receiveWebhook("paystack", short.raw, short.signature)).toEqual({ status: 200, body: "flagged" });
    const payment = await Payment.findById(paymentId).lean();
    expect(payment).toMatchObject({ state: "pending", flag: { gatewayAmount: 3000, gatewayCurrency: "GHS" } });
    expect(payment!.flag!.reason).toBe("The gateway reports GHS 30.00; the portal expected GH₵ 300.00.");
    expect(await ReconciliationException.findOne({ paymentId }).lean()).toMatchObject({
      kind: "amount-differs",
      portalAmount: 30000,
      gatewayAmount: 3000,
      state: "open",
    });
    const inNaira = (await start(30000)).paymentId;
    standIn.settle(inNaira, "success", { currency: "NGN" });
    const naira = chargeSuccess(inNaira, 30000, "NGN");
    expect(await receiveWebhook("paystack", naira.raw, naira.signature)).toEqual({ status: 200, body: "flagged" });
    // A later event for the expected amount does not settle what the office has to look at.
    const right = chargeSuccess(paymentId, 30000);
    expect(await receiveWebhook("paystack", right.raw, right.signature)).toEqual({ status: 200, body: "flagged" });
    expect(await Payment.findById(paymentId).lean()).toMatchObject({ state: "pending", receiptNumber: null });
  });

  it("confirm a charge whose fee the parent paid from the verification: the amount asked for compared, the fee apart", async () => {
    const { paymentId } = await start(20000);
    // Fees passed to the customer: Paystack charged 203.90 for the 200.00 the portal asked. Its webhook carries only
    // the charged amount; its verification has the amount asked for beside it.
    standIn.settle(paymentId, "success", { amount: 20390 });
    const event = chargeSuccess(paymentId, 20390);
    expect(await receiveWebhook("paystack", event.raw, event.signature)).toEqual({
      status: 200,
      body: "confirmed",
    });
    expect(await Payment.findById(paymentId).lean()).toMatchObject({
      state: "confirmed",
      amount: 20000,
      gatewayFee: 390,
    });
  });

  it("answer 503 while the gateway cannot verify, so that it sends the event again; then settle it once", async () => {
    const { paymentId } = await start(45000);
    const event = chargeSuccess(paymentId, 45000);
    // The event came before the gateway's own record says paid: asked again later, nothing settled meanwhile.
    expect(await receiveWebhook("paystack", event.raw, event.signature)).toMatchObject({ status: 503 });
    standIn.settle(paymentId, "success");
    standIn.state.failNext = 1;
    expect(await receiveWebhook("paystack", event.raw, event.signature)).toMatchObject({ status: 503 });
    expect(await Payment.findById(paymentId).lean()).toMatchObject({ state: "pending" });
    expect(await receiveWebhook("paystack", event.raw, event.signature)).toEqual({ status: 200, body: "confirmed" });
    expect(await messagesFor(paymentId)).toBe(1);
  });

  it("answer 200 to unknown references and other events, 400 to a body that is not JSON", async () => {
    const unknown = chargeSuccess("nosuchpayment0000000000", 100);
    expect(await receiveWebhook("paystack", unknown.raw, unknown.signature)).toEqual({ status: 200, body: "unknown" });
    const transfer = Buffer.from('{"event":"transfer.success","data":{}}');
    expect(await receiveWebhook("paystack", transfer, signWebhook(standIn.secretKey, transfer))).toEqual({
      status: 200,
      body: "ignored",
    });
    const junk = Buffer.from("not json");
    expect(await receiveWebhook("paystack", junk, signWebhook(standIn.secretKey, junk))).toMatchObject({ status: 400 });
  });

  it("the return page verifies: a failed charge is refused, the balance untouched", async () => {
    const { paymentId, registrationId } = await start(45000);
    standIn.settle(paymentId, "failed");
    const { payment, checked } = await refreshGatewayPayment(paymentId);
    expect(checked).toBe(true);
    expect(payment).toMatchObject({ state: "rejected" });
    expect(await Registration.findById(registrationId).lean()).toMatchObject({ amountPaid: 0 });
  });
});

describe("the placeholder payer e-mail", () => {
  it("uses the domain the school sets, else EMAIL_FROM's, else the portal's host", () => {
    const origin = "https://portal.example.org";
    expect(payerEmailDomain(origin, { PAYER_EMAIL_DOMAIN: "school.edu.gh" })).toBe("school.edu.gh");
    expect(payerEmailDomain(origin, { EMAIL_FROM: "Vacation Classes <office@school.edu.gh>" })).toBe("school.edu.gh");
    expect(payerEmailDomain(origin, {})).toBe("portal.example.org");
  });
});

describe("reconciliation", () => {
  it("settles what the webhook missed, lists money the portal does not know, and closes checkouts unanswered for a day", async () => {
    const from = new Date(Date.now() - 60_000);
    const missed = await start(45000);
    standIn.settle(missed.paymentId, "success");
    standIn.add({ reference: "paidelsewhere0000000001", amount: 7000 });
    const stale = await start(45000);
    // Started 25 hours ago (raw: Mongoose keeps createdAt as it was written).
    await Payment.collection.updateOne({ _id: stale.paymentId } as never, {
      $set: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    const summary = await reconcile({
      from: new Date(Date.now() - 26 * 3600_000),
      to: new Date(Date.now() + 1000),
      actor: "admin1",
    });
    expect(summary).toMatchObject({ confirmed: 1 });
    expect(summary!.closed).toBeGreaterThanOrEqual(1);
    expect(await Payment.findById(missed.paymentId).lean()).toMatchObject({ state: "confirmed" });
    expect(await Payment.findById(stale.paymentId).lean()).toMatchObject({ state: "rejected" });
    expect(await ReconciliationException.findOne({ reference: "paidelsewhere0000000001" }).lean()).toMatchObject({
      kind: "missing-in-portal",
      gatewayAmount: 7000,
    });
    // A second run finds the same and adds nothing.
    const again = await reconcile({ from, to: new Date(Date.now() + 1000), actor: "admin1" });
    expect(again).toMatchObject({ confirmed: 0, exceptions: 0 });
  });

  it("runs the daily reconciliation once per day even when every instance ticks at once", async () => {
    const day = new Date("2031-01-15T03:00:00Z");
    const runs = await Promise.all([reconcileToday(day), reconcileToday(day), reconcileToday(day)]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
  });

  it("the office confirms a differing amount for what the gateway received, once", async () => {
    const { paymentId, registrationId } = await start(45000);
    standIn.settle(paymentId, "success", { amount: 40000 });
    const part = chargeSuccess(paymentId, 40000);
    await receiveWebhook("paystack", part.raw, part.signature);
    const ex = await ReconciliationException.findOne({ paymentId }).lean();
    expect(await resolveException(ex!._id, "confirm", "admin1")).toBe(true);
    expect(await resolveException(ex!._id, "refuse", "admin1")).toBe(false);
    expect(await Payment.findById(paymentId).lean()).toMatchObject({ state: "confirmed", amount: 40000, flag: null });
    expect(await Registration.findById(registrationId).lean()).toMatchObject({ amountPaid: 40000 });
  });
});
