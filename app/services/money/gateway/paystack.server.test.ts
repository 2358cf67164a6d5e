import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaystackStandIn } from "#tests/support/stand-ins/paystack.ts";
import { GatewayError, signWebhook, webhookSignatureMatches } from "#app/services/money/gateway/gateway.ts";
import { paystack } from "#app/services/money/gateway/paystack.server.ts";

let standIn: Awaited<ReturnType<typeof startPaystackStandIn>>;
beforeAll(async () => {
  standIn = await startPaystackStandIn();
});
afterAll(() => standIn.close());

const gateway = (secretKey = standIn.secretKey, timeoutMs = 2_000) =>
  paystack({ secretKey, baseUrl: standIn.baseUrl, timeoutMs });
const checkout = (reference: string, amount = 25000) => ({
  reference,
  amount,
  email: "parent@example.com",
  phone: "+233551234987",
  callbackUrl: "https://portal.example.org/payment-success?reference=" + reference,
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("expected a GatewayError");
}

describe("Paystack", () => {
  it("initialises a GHS mobile-money transaction in pesewas with our reference and returns the checkout URL", async () => {
    const { url } = await gateway().startCheckout(checkout("refinit001"));
    expect(url).toMatch(/^https:\/\/checkout\.paystack\.com\/ac_\d+$/);
    expect(standIn.transactions.get("refinit001")).toMatchObject({
      amount: 25000,
      currency: "GHS",
      email: "parent@example.com",
      channels: ["mobile_money"],
      callback_url: "https://portal.example.org/payment-success?reference=refinit001",
      metadata: { custom_fields: [{ variable_name: "phone", value: "0551234987" }] },
    });
  });

  it("verifies: pending until the payer answers, then success with the network, or failed; unknown is null", async () => {
    await gateway().startCheckout(checkout("refverify01", 12000));
    expect(await gateway().verify("refverify01")).toMatchObject({ status: "pending", amount: 12000 });
    standIn.settle("refverify01", "success");
    expect(await gateway().verify("refverify01")).toMatchObject({
      reference: "refverify01",
      status: "success",
      amount: 12000,
      currency: "GHS",
      network: "MTN MoMo",
    });
    await gateway().startCheckout(checkout("refverify02"));
    standIn.settle("refverify02", "failed");
    expect(await gateway().verify("refverify02")).toMatchObject({ status: "failed" });
    expect(await gateway().verify("refnothere")).toBeNull();
  });

  it("compares what the portal asked for: with the fee passed to the parent, the fee is recorded apart", async () => {
    await gateway().startCheckout(checkout("reffee0001", 50000));
    // The school passes Paystack's fee (1.95 %) to parents: the payer is charged 509.75, the portal asked for 500.
    standIn.settle("reffee0001", "success", { amount: 50975 });
    expect(await gateway().verify("reffee0001")).toMatchObject({ status: "success", amount: 50000, customerFee: 975 });
    // Charged less than asked: what was paid, never what was asked (the portal then flags the difference).
    await gateway().startCheckout(checkout("reffee0002", 50000));
    standIn.settle("reffee0002", "success", { amount: 30000 });
    expect(await gateway().verify("reffee0002")).toMatchObject({ amount: 30000, customerFee: 0 });
  });

  it("lists a period's transactions across pages", async () => {
    const from = new Date(Date.now() - 1000);
    for (let i = 0; i < 130; i++) standIn.add({ reference: `reflist${i}`, amount: 100 + i });
    const listed = await gateway().listTransactions(from, new Date(Date.now() + 1000));
    expect(listed.filter((t) => t.reference.startsWith("reflist"))).toHaveLength(130);
    expect(listed.find((t) => t.reference === "reflist7")).toMatchObject({ amount: 107, network: "Telecel Cash" });
  });

  it("a wrong key and a refused request are refusals; a 5xx and a timeout are unreachable", async () => {
    expect(await failure(gateway("sk_test_wrong").startCheckout(checkout("refwrongkey")))).toMatchObject({
      kind: "refused",
      message: expect.stringMatching(/Invalid key/),
    });
    await gateway().startCheckout(checkout("refdup"));
    expect(await failure(gateway().startCheckout(checkout("refdup")))).toMatchObject({
      kind: "refused",
      message: expect.stringMatching(/Duplicate Transaction Reference/),
    });
    standIn.state.failNext = 1;
    expect(await failure(gateway().verify("refdup"))).toMatchObject({ kind: "unreachable" });
    standIn.state.delayMs = 500;
    try {
      expect(await failure(gateway(standIn.secretKey, 100).verify("refdup"))).toMatchObject({
        kind: "unreachable",
        message: "Paystack did not answer in time",
      });
    } finally {
      standIn.state.delayMs = 0;
    }
  });
});

describe("Paystack's Charge API (a prompt on the payer's phone)", () => {
  const charge = (reference: string, network: "mtn" | "telecel" | "airteltigo" = "mtn") => ({
    reference,
    amount: 10000,
    email: "parent@example.com",
    phone: "+233551234987",
    network,
  });

  it("sends the number in its local form with Paystack's provider code, and reads each documented status", async () => {
    const cases = [
      ["pay_offline", "prompted", "Please complete authorization process on your mobile phone"],
      ["send_otp", "otp", "Please send the OTP sent to your phone"],
      ["success", "paid", null],
      ["failed", "failed", "Declined"],
      ["timeout", "failed", "The transaction timed out"],
    ] as const;
    for (const [status, state, message] of cases) {
      standIn.state.charge = status;
      expect(await gateway().chargeMobileMoney!(charge(`refcharge${status}`))).toEqual({ state, message });
    }
    standIn.state.charge = "pay_offline";
    await gateway().chargeMobileMoney!(charge("refchargevod", "telecel"));
    await gateway().chargeMobileMoney!(charge("refchargeatl", "airteltigo"));
    expect(standIn.transactions.get("refchargevod")).toMatchObject({
      amount: 10000,
      currency: "GHS",
      metadata: { mobile_money: { phone: "0551234987", provider: "vod" } },
    });
    expect(standIn.transactions.get("refchargeatl")?.metadata).toEqual({
      mobile_money: { phone: "0551234987", provider: "atl" },
    });
    // Whatever the charge said, the payment is settled by verifying it.
    expect((await gateway().verify("refchargesuccess"))?.status).toBe("success");
  });

  it("submits the network's code: a wrong one is refused, the right one puts the prompt on the phone", async () => {
    standIn.state.charge = "send_otp";
    expect((await gateway().chargeMobileMoney!(charge("refchargeotp"))).state).toBe("otp");
    expect(await failure(gateway().submitChargeOtp!("refchargeotp", "000000"))).toEqual({
      kind: "refused",
      message: "Paystack refused the charge: Invalid OTP",
    });
    expect(await gateway().submitChargeOtp!("refchargeotp", standIn.state.otp)).toEqual({
      state: "prompted",
      message: "Please complete authorization process on your mobile phone",
    });
    standIn.state.charge = "pay_offline";
  });

  it("a charge Paystack refuses (a duplicate reference) is a refusal; no answer is unreachable", async () => {
    await gateway().chargeMobileMoney!(charge("refchargedup"));
    expect((await failure(gateway().chargeMobileMoney!(charge("refchargedup")))).kind).toBe("refused");
    standIn.state.delayMs = 300;
    expect((await failure(gateway(standIn.secretKey, 100).chargeMobileMoney!(charge("refchargeslow")))).kind).toBe(
      "unreachable",
    );
    standIn.state.delayMs = 0;
  });
});

describe("webhook signatures", () => {
  const raw = Buffer.from('{"event":"charge.success","data":{"reference":"r1","amount":100}}');
  it("match only the HMAC-SHA512 of the exact bytes with the key", () => {
    const signature = signWebhook("sk_test_key", raw);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(webhookSignatureMatches("sk_test_key", raw, signature)).toBe(true);
    expect(webhookSignatureMatches("sk_test_other", raw, signature)).toBe(false);
    expect(webhookSignatureMatches("sk_test_key", Buffer.from(raw.toString().replace("100", "999")), signature)).toBe(
      false,
    );
    expect(webhookSignatureMatches("sk_test_key", raw, null)).toBe(false);
    expect(webhookSignatureMatches("sk_test_key", raw, "abc")).toBe(false);
    expect(webhookSignatureMatches("", raw, signWebhook("", raw))).toBe(false);
  });
});
