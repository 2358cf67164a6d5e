/**
 * The built-in TEST gateway (the default when no real gateway is chosen): a checkout page served by the portal itself
 * (/test-gateway/:reference), clearly marked TEST, whose Approve, Decline and "No answer" drive the same code as a real
 * gateway: Approve sends a signed `charge.success` webhook in Paystack's shape through `receiveWebhook`, and every
 * button returns the payer to the callback URL, where /payment-success verifies with this gateway. No money moves.
 * A direct charge (a prompt on the payer's phone) is kept as a prompt the TEST gateway "sent": /test-gateway lists
 * them, with Approve and Decline for each, as the phone would offer.
 * Its webhook key is derived from the session secret, so nobody outside the deployment can sign for it.
 */
import { createHmac } from "node:crypto";
import { MOMO_NETWORK_LABELS, type MomoNetwork } from "#app/domain/checkout.ts";
import { env } from "#app/models/infra/env.server.ts";
import { TestGatewayTransaction, type TestGatewayDoc } from "#app/models/test-gateway-transaction.server.ts";
import { signWebhook, type GatewayTransaction, type PaymentGateway } from "#app/services/money/gateway/gateway.ts";
import { receiveWebhook, refreshGatewayPayment } from "#app/services/money/checkout.server.ts";

/** The TEST gateway's webhook key for a session secret. */
export const testGatewayKeyFor = (sessionSecret: string) =>
  createHmac("sha256", sessionSecret).update("test-gateway webhook").digest("hex");
const testGatewayKey = () => testGatewayKeyFor(env.sessionSecrets[0]);

/** What the TEST gateway keeps of a transaction it was asked to start (once per reference, whatever comes again). */
function recordTransaction(
  request: { reference: string; amount: number; phone: string },
  more: Partial<Pick<TestGatewayDoc, "callbackUrl" | "network" | "prompt">>,
) {
  return TestGatewayTransaction.updateOne(
    { _id: request.reference },
    { $setOnInsert: { amount: request.amount, currency: "GHS", phone: request.phone, status: "pending", ...more } },
    { upsert: true },
  );
}

function transaction(doc: TestGatewayDoc): GatewayTransaction {
  return {
    reference: doc._id,
    status: doc.status,
    amount: doc.amount,
    customerFee: 0,
    currency: doc.currency,
    paidAt: doc.status === "success" ? doc.decidedAt : null,
    network: doc.status === "success" ? (MOMO_NETWORK_LABELS[doc.network as MomoNetwork] ?? "MTN MoMo") : null,
    gatewayId: `test_${doc._id}`,
  };
}

export function testGateway(): PaymentGateway {
  return {
    name: "test",
    webhookKey: testGatewayKey(),
    async startCheckout(request) {
      await recordTransaction(request, { callbackUrl: request.callbackUrl });
      return { url: new URL(`/test-gateway/${request.reference}`, request.callbackUrl).href };
    },
    async chargeMobileMoney(request) {
      await recordTransaction(request, { network: request.network, prompt: true });
      return { state: "prompted", message: null };
    },
    async verify(reference) {
      const doc = await TestGatewayTransaction.findById(String(reference)).lean<TestGatewayDoc>();
      return doc ? transaction(doc) : null;
    },
    async listTransactions(from, to) {
      const docs = await TestGatewayTransaction.find({ createdAt: { $gte: from, $lt: to } })
        .sort({ createdAt: 1 })
        .limit(10_000)
        .lean<TestGatewayDoc[]>();
      return docs.map(transaction);
    },
  };
}

/** The latest prompts the TEST gateway "sent" to phones, newest first, for /test-gateway. */
export async function testPrompts(limit = 20) {
  return TestGatewayTransaction.find({ prompt: true }).sort({ createdAt: -1 }).limit(limit).lean<TestGatewayDoc[]>();
}

/** A transaction the TEST checkout page shows. */
export async function testCheckout(reference: string) {
  return TestGatewayTransaction.findById(String(reference)).lean<TestGatewayDoc>();
}

export type TestDecision = "approve" | "decline" | "no-answer";

/**
 * The payer's answer on the TEST page, as the network would give it: approve or decline once (a second answer changes
 * nothing); "No answer" leaves the transaction pending. Returns the webhook a real gateway would send for it (Approve
 * only: Paystack tells the merchant of successful charges), signed, or null.
 */
export async function decideTestCheckout(
  reference: string,
  decision: TestDecision,
): Promise<{ raw: Buffer; signature: string } | null> {
  if (decision === "no-answer") return null;
  const status = decision === "approve" ? "success" : "failed";
  await TestGatewayTransaction.updateOne(
    { _id: String(reference), status: "pending" },
    { $set: { status, decidedAt: new Date() } },
  );
  const doc = await TestGatewayTransaction.findById(String(reference)).lean<TestGatewayDoc>();
  if (!doc || doc.status !== "success") return null;
  const raw = Buffer.from(
    JSON.stringify({
      event: "charge.success",
      data: {
        id: `test_${doc._id}`,
        reference: doc._id,
        status: "success",
        amount: doc.amount,
        currency: doc.currency,
        paid_at: doc.decidedAt?.toISOString(),
        channel: "mobile_money",
        authorization: { bank: "MTN", channel: "mobile_money" },
      },
    }),
  );
  return { raw, signature: signWebhook(testGatewayKey(), raw) };
}

/**
 * The parent answered a prompt (Approve or Decline on /test-gateway): as on a checkout, Approve sends the signed
 * `charge.success` webhook through the same path as a real gateway's; a decline is learnt as Paystack's is, by
 * verifying the payment. False for a reference that is no prompt.
 */
export async function answerTestPrompt(reference: string, decision: "approve" | "decline"): Promise<boolean> {
  if (!/^[a-z0-9]{20,40}$/.test(reference)) return false;
  const prompt = await TestGatewayTransaction.exists({ _id: reference, prompt: true });
  if (!prompt) return false;
  const webhook = await decideTestCheckout(reference, decision);
  if (webhook) await receiveWebhook("test", webhook.raw, webhook.signature);
  else await refreshGatewayPayment(reference);
  return true;
}
