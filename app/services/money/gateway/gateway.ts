/**
 * A payment gateway as the portal uses it (docs/payments.md, docs/decisions/0079-mobile-money-checkout.md): start a
 * checkout for one pending payment, ask what became of it, list a period's transactions for reconciliation, and the
 * key its webhooks are signed with. Paystack (paystack.server.ts) and the built-in TEST gateway (test-gateway.server.ts)
 * implement it; nothing else in the app knows which one is in use.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentGatewayName } from "#app/domain/settings.ts";
import type { MomoNetwork } from "#app/domain/checkout.ts";

/** What a transaction came to: paid, refused (declined, failed, reversed), or not finished yet. */
export type GatewayStatus = "success" | "failed" | "pending";

export type GatewayTransaction = {
  /** The portal's reference: the payment's id, given to the gateway when the checkout started. */
  reference: string;
  status: GatewayStatus;
  /** In pesewas: what the portal asked for (Paystack's `requested_amount` where present). */
  amount: number;
  /** In pesewas: what the payer paid on top, when the school passes the gateway's fee to parents; else 0. */
  customerFee: number;
  currency: string;
  paidAt: Date | null;
  /** The payer's network as the gateway names it (MTN MoMo, Telecel Cash, AirtelTigo Money), when it says. */
  network: string | null;
  /** The gateway's own id of the transaction. */
  gatewayId: string | null;
};

export type CheckoutRequest = {
  reference: string;
  /** Pesewas. */
  amount: number;
  /** Paystack requires an e-mail address for every customer; parents without one get a placeholder. */
  email: string;
  /** The payer's number, normalised (+233…). */
  phone: string;
  /** Where the gateway sends the payer back: /payment-success?reference=… */
  callbackUrl: string;
};

/** A direct charge: the gateway sends the payer's phone a prompt to approve with the wallet's PIN. */
export type ChargeRequest = {
  reference: string;
  /** Pesewas. */
  amount: number;
  email: string;
  /** The wallet's number, normalised (+233…). */
  phone: string;
  network: MomoNetwork;
};

/**
 * What a direct charge came to for now: the prompt is on the phone (`prompted`), the network first wants a code sent to
 * the phone (`otp`: a voucher or one-time code, then `submitChargeOtp`), or it is already decided. `paid` and
 * `failed` are the gateway's word only: the payment is settled through `verify`, as every payment is.
 */
export type ChargeAnswer = { state: "prompted" | "otp" | "paid" | "failed"; message: string | null };

export interface PaymentGateway {
  name: PaymentGatewayName;
  /** Registers the transaction and gives the page the payer goes to. */
  startCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** The transaction as the gateway knows it, or null when it has none with this reference. */
  verify(reference: string): Promise<GatewayTransaction | null>;
  /** Every transaction created in [from, to). */
  listTransactions(from: Date, to: Date): Promise<GatewayTransaction[]>;
  /** The key of the webhooks' HMAC-SHA512 signature. */
  webhookKey: string;
  /** A prompt on the payer's phone, where the gateway offers direct charges (Paystack's Charge API; the TEST gateway). */
  chargeMobileMoney?(request: ChargeRequest): Promise<ChargeAnswer>;
  /** The code the network sent the payer, for a charge that answered `otp`. */
  submitChargeOtp?(reference: string, otp: string): Promise<ChargeAnswer>;
}

/**
 * The gateway refused the request (`refused`: a wrong key, an amount it does not take), or could not be asked
 * (`unreachable`: down, timed out, a 5xx). Either way nothing was paid through it.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: "refused" | "unreachable",
  ) {
    super(message);
  }
}

/** Paystack's webhook signature: HMAC-SHA512 of the raw body with the secret key, in hex. */
export function signWebhook(key: string, raw: string | Buffer): string {
  return createHmac("sha512", key).update(raw).digest("hex");
}

/** Compared in constant time on the raw bytes, before anything parses them. */
export function webhookSignatureMatches(key: string, raw: Buffer, signature: string | null): boolean {
  if (!key || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(key, raw), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** How Paystack names a Ghanaian mobile-money network (`authorization.bank`), as the portal shows it. */
export function networkLabel(bank: string | null | undefined): string | null {
  const name = (bank ?? "").trim().toUpperCase();
  if (!name) return null;
  if (name.startsWith("MTN")) return "MTN MoMo";
  if (name.startsWith("VOD") || name.startsWith("TELECEL")) return "Telecel Cash";
  if (name.startsWith("ATL") || name.startsWith("AIRTEL") || name.startsWith("TGO")) return "AirtelTigo Money";
  return bank!.trim().slice(0, 40);
}
