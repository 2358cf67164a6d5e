import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { FEES_2026, OWING_2026 } from "#tests/support/fee-schedule.ts";
import { startPaystackStandIn } from "#tests/support/stand-ins/paystack.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";

import { signWebhook } from "#app/services/money/gateway/gateway.ts";

/**
 * A Mobile Money prompt on the parent's phone through Paystack's Charge API (its stand-in). The modules that count
 * prompts per number (app/utils/rate-limits.server.ts) read the database's address when first imported: after it is up.
 */
useTestDatabase("phone_prompt_test");

let standIn: Awaited<ReturnType<typeof startPaystackStandIn>>;
let n = 0;
let checkout: typeof import("#app/services/money/checkout.server.ts");
let models: {
  Registration: typeof import("#app/models/registration.server.ts").Registration;
  Payment: typeof import("#app/models/payment.server.ts").Payment;
  Outbox: typeof import("#app/models/outbox.server.ts").Outbox;
};
let PROMPTS_BUSY: string;

beforeAll(async () => {
  standIn = await startPaystackStandIn();
  process.env.PAYSTACK_BASE_URL = standIn.baseUrl;
  process.env.PAYSTACK_TIMEOUT_MS = "1000";
  checkout = await import("#app/services/money/checkout.server.ts");
  ({ PROMPTS_BUSY } = await import("#app/utils/rate-limits.server.ts"));
  models = {
    Registration: (await import("#app/models/registration.server.ts")).Registration,
    Payment: (await import("#app/models/payment.server.ts")).Payment,
    Outbox: (await import("#app/models/outbox.server.ts")).Outbox,
  };
  await Promise.all([models.Registration.init(), models.Payment.init(), models.Outbox.init()]);
  await (
    await import("#app/models/settings.server.ts")
  ).saveSettings({
    paymentGateway: "paystack",
    paystackSecretKey: standIn.secretKey,
    smsNotifications: true,
    paymentNotifications: true,
  });
  await (await import("#app/models/fee-schedule.server.ts")).saveFeeSchedule("2026", FEES_2026);
});
afterAll(() => standIn.close());

/** A ward owing GH₵ 450.00, and its parent. */
async function ward() {
  n += 1;
  const reg = await models.Registration.create(registrationDoc(n, OWING_2026));
  return {
    registrationId: String(reg._id),
    payer: { _id: `parent${n}`, phone: reg.whatsappNumberNormalized, email: null },
  };
}

function chargeSuccess(reference: string, amount: number) {
  const raw = Buffer.from(
    JSON.stringify({
      event: "charge.success",
      data: { id: 1, reference, status: "success", amount, currency: "GHS", authorization: { bank: "MTN" } },
    }),
  );
  return { raw, signature: signWebhook(standIn.secretKey, raw) };
}

describe("a Mobile Money prompt on the parent's phone (Paystack's Charge API)", () => {
  const prompt = (w: Awaited<ReturnType<typeof ward>>, amount: number, payer = w.payer) =>
    checkout.startPhonePrompt({
      ...w,
      payer,
      amount,
      network: "mtn",
      viewedAsBy: null,
      origin: "https://portal.example.org",
    });

  /** A prompt for GH₵ 200.00 to which the network answered `outcome` (the stand-in's charge status), started. */
  const promptAnswered = async (outcome: typeof standIn.state.charge, w: Awaited<ReturnType<typeof ward>>) => {
    standIn.state.charge = outcome;
    const started = await prompt(w, 20000).finally(() => (standIn.state.charge = "pay_offline"));
    if (!started.ok) throw new Error(started.message);
    return started;
  };

  it("charges the parent's own number for the amount; approved on the phone, it is confirmed once from the verification", async () => {
    const w = await ward();
    const started = await prompt(w, 20000);
    if (!started.ok) throw new Error(started.message);
    expect(started.answer).toEqual({
      state: "prompted",
      message: "Please complete authorization process on your mobile phone",
    });
    expect(standIn.transactions.get(started.paymentId)).toMatchObject({ amount: 20000, currency: "GHS" });
    // A second prompt while the first is open is refused with the first's state.
    expect(await prompt(w, 5000)).toMatchObject({ ok: false, status: 409, message: checkout.PROMPT_OPEN });
    standIn.settle(started.paymentId, "success");
    const webhook = chargeSuccess(started.paymentId, 20000);
    // The webhook and a verification arriving together settle it once.
    await Promise.all([
      checkout.receiveWebhook("paystack", webhook.raw, webhook.signature),
      checkout.refreshGatewayPayment(started.paymentId),
    ]);
    expect(await models.Payment.findById(started.paymentId).lean()).toMatchObject({ state: "confirmed" });
    expect(await models.Outbox.countDocuments({ key: `payment-confirmed:${started.paymentId}:sms` })).toBe(1);
    expect(await models.Registration.findById(w.registrationId).lean()).toMatchObject({ amountPaid: 20000 });
  });

  it("refuses another number than the parent's on the registration, and a number past its hourly prompts", async () => {
    const w = await ward();
    const stranger = { _id: "stranger", phone: "+233209999999", email: null };
    expect(await prompt(w, 20000, stranger)).toMatchObject({
      ok: false,
      status: 403,
      message: checkout.NOT_THE_PARENTS_NUMBER,
    });
    for (let i = 0; i < 5; i++) {
      const tried = await prompt(w, 20000);
      if (!tried.ok) throw new Error(tried.message);
      await checkout.cancelCheckout(tried.paymentId, w.payer._id);
    }
    expect(await prompt(w, 20000)).toMatchObject({ ok: false, status: 429, message: PROMPTS_BUSY });
  });

  it("a charge the network declines at once, or times out, is closed with the balance unchanged", async () => {
    for (const outcome of ["failed", "timeout"] as const) {
      const w = await ward();
      const started = await promptAnswered(outcome, w);
      expect(started.answer.state).toBe("failed");
      expect(await models.Payment.findById(started.paymentId).lean()).toMatchObject({ state: "rejected" });
      expect(await models.Registration.findById(w.registrationId).lean()).toMatchObject({ amountPaid: 0 });
    }
  });

  it("the network's code: a wrong one is refused and the payment keeps waiting; OTP <code> by SMS brings the prompt", async () => {
    const w = await ward();
    const started = await promptAnswered("send_otp", w);
    expect(started.answer.state).toBe("otp");
    expect(await models.Payment.findById(started.paymentId).lean()).toMatchObject({
      chargeStep: "otp",
      state: "pending",
    });
    expect(await checkout.submitPromptCode(w.payer.phone, "999999")).toMatchObject({
      ok: false,
      status: 400,
      message: checkout.WRONG_CODE,
    });
    expect(await checkout.submitPromptCode("+233209999998", standIn.state.otp)).toMatchObject({
      ok: false,
      status: 404,
    });
    const channel = await import("#app/services/messaging/phone-channel.server.ts");
    const id = `otp-${n}`;
    expect(
      await channel.answerInboundSms(
        { from: w.payer.phone, text: `otp ${standIn.state.otp}`, id },
        "https://portal.example.org",
      ),
    ).toBe("queued");
    const reply = await models.Outbox.findOne({ key: `sms-reply:${id}` }).lean();
    expect(reply?.text).toBe(
      "Vacation Classes: code taken. Approve the prompt for GHS 200.00 on your phone. The receipt comes by SMS.",
    );
    expect(await models.Payment.findById(started.paymentId).lean()).toMatchObject({
      chargeStep: null,
      state: "pending",
    });
  });

  it("option 8 asks for the network's code and gives it to the gateway; the session's record keeps no code", async () => {
    const w = await ward();
    const started = await promptAnswered("send_otp", w);
    const channel = await import("#app/services/messaging/phone-channel.server.ts");
    const { UssdSession } = await import("#app/models/phone-channel-log.server.ts");
    const sessionId = `ATUid_code_${n}`;
    const dial = (text: string) =>
      channel.answerUssd(
        { sessionId, serviceCode: "*920*44#", phoneNumber: w.payer.phone, text, network: "mtn" },
        "https://portal.example.org",
      );
    await dial("");
    expect((await dial("1*8")).text).toBe("The network sent you a code to pay GHS 200.00. Enter it:");
    expect(await dial(`1*8*${standIn.state.otp}`)).toEqual({
      end: true,
      text: "Code taken. Approve the prompt for GHS 200.00 on your phone.",
    });
    expect(await models.Payment.findById(started.paymentId).lean()).toMatchObject({ chargeStep: null });
    await expect.poll(async () => (await UssdSession.findById(sessionId).lean())?.text).toBe("1*8*(code)");
  });

  it("a prompt nobody answers expires: the daily reconciliation closes it after a day, the balance unchanged", async () => {
    const w = await ward();
    const started = await promptAnswered("pay_offline", w);
    const dayAndMore = new Date(Date.now() - 26 * 3600_000);
    await models.Payment.collection.updateOne({ _id: started.paymentId as never }, { $set: { createdAt: dayAndMore } });
    const { reconcile } = await import("#app/services/money/reconciliation.server.ts");
    const summary = await reconcile({ from: new Date(Date.now() - 3 * 86_400_000), to: new Date(), actor: "test" });
    expect(summary?.closed).toBeGreaterThanOrEqual(1);
    expect(await models.Payment.findById(started.paymentId).lean()).toMatchObject({
      state: "rejected",
      rejectedReason: checkout.NOT_COMPLETED,
    });
    expect(await models.Registration.findById(w.registrationId).lean()).toMatchObject({ amountPaid: 0 });
  });
});
