/**
 * The built-in TEST gateway (the default when no real gateway is chosen): a checkout page served by the portal itself
 * (/test-gateway/:reference), clearly marked TEST, whose Approve, Decline and "No answer" drive the same code as a real
 * gateway: Approve sends a signed `charge.success` webhook in Paystack's shape through `receiveWebhook`, and every
 * button returns the payer to the callback URL, where /payment-success verifies with this gateway. No money moves.
 * Its webhook key is derived from the session secret, so nobody outside the deployment can sign for it.
 */
import { createHmac } from "node:crypto";
import { env } from "#app/models/infra/env.server.ts";
import { TestGatewayTransaction, type TestGatewayDoc } from "#app/models/test-gateway-transaction.server.ts";
import { signWebhook, type GatewayTransaction, type PaymentGateway } from "#app/services/money/gateway/gateway.ts";

/** The TEST gateway's webhook key for a session secret. */
export const testGatewayKeyFor = (sessionSecret: string) =>
  createHmac("sha256", sessionSecret).update("test-gateway webhook").digest("hex");
const testGatewayKey = () => testGatewayKeyFor(env.sessionSecrets[0]);

function transaction(doc: TestGatewayDoc): GatewayTransaction {
  return {
    reference: doc._id,
    status: doc.status,
    amount: doc.amount,
    customerFee: 0,
    currency: doc.currency,
    paidAt: doc.status === "success" ? doc.decidedAt : null,
    network: doc.status === "success" ? "MTN MoMo" : null,
    gatewayId: `test_${doc._id}`,
  };
}

export function testGateway(): PaymentGateway {
  return {
    name: "test",
    webhookKey: testGatewayKey(),
    async startCheckout(request) {
      await TestGatewayTransaction.updateOne(
        { _id: request.reference },
        {
          $setOnInsert: {
            amount: request.amount,
            currency: "GHS",
            phone: request.phone,
            callbackUrl: request.callbackUrl,
            status: "pending",
          },
        },
        { upsert: true },
      );
      return { url: new URL(`/test-gateway/${request.reference}`, request.callbackUrl).href };
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
