/**
 * Paystack, from its documented REST API (https://paystack.com/docs/api/transaction/): every call carries
 * `Authorization: Bearer <secret key>` and answers `{ status, message, data }`.
 * - `POST /transaction/initialize` with `email`, `amount` (pesewas, as a string), `currency: "GHS"`, our `reference`,
 *   `callback_url`, `channels: ["mobile_money"]` → `data.authorization_url`, the checkout the payer is sent to.
 * - `GET /transaction/verify/:reference` → the transaction: `status` (success, failed, reversed, abandoned, ongoing,
 *   pending, processing, queued), `amount`, `requested_amount`, `currency`, `paid_at`, `id`, `authorization.bank` (the
 *   MoMo network). `amount` is what the payer was charged: with the fee passed to the customer (Dashboard → Settings →
 *   "Who should be charged transaction fees"), the amount asked for plus that fee; `requested_amount` is what the
 *   portal asked for, and what it compares (https://paystack.com/docs/payments/verify-payments/).
 *   An unknown reference is a 400 or 404 saying "Transaction reference not found".
 * - `GET /transaction?from&to&perPage&page` → a page of transactions and `meta.pageCount`.
 * - `POST /charge` with `email`, `amount`, `currency: "GHS"`, our `reference` and `mobile_money: { phone, provider }`
 *   (providers `mtn`, `vod` for Telecel Cash, `atl` for AirtelTigo Money) sends the payer's phone a prompt
 *   (https://paystack.com/docs/payments/payment-channels/#mobile-money). Its `data.status` says what next:
 *   `pay_offline` or `pending` (the prompt is on the phone; `display_text` says so), `send_otp` (the network sent a code
 *   or, for Telecel, the payer makes a voucher: `POST /charge/submit_otp` with `otp` and `reference`), `success`,
 *   `failed` or `timeout`. Whatever it says, the payment is settled through verification, as the webhook is.
 * Webhooks are signed with the same secret key (HMAC-SHA512 of the raw body, header `x-paystack-signature`).
 * Ghanaian numbers go in the local form Paystack's Ghana docs use (0551234987).
 */
import type { MomoNetwork } from "#app/domain/checkout.ts";
import {
  GatewayError,
  networkLabel,
  type GatewayTransaction,
  type ChargeAnswer,
  type PaymentGateway,
} from "#app/services/money/gateway/gateway.ts";

export type PaystackConfig = { secretKey: string; baseUrl: string; timeoutMs: number };

export const PAYSTACK_BASE_URL = "https://api.paystack.co";
const PAGE_SIZE = 100;
/** A reconciliation period has far fewer pages than this; the cap keeps a wrong `pageCount` from looping. */
const MAX_PAGES = 100;

type PaystackTransaction = {
  id?: number | string;
  reference?: string;
  status?: string;
  amount?: number;
  requested_amount?: number | null;
  currency?: string;
  paid_at?: string | null;
  paidAt?: string | null;
  authorization?: { bank?: string | null } | null;
};

/** Paystack's transaction as the portal reads it (also the `data` of a `charge.success` webhook). */
export function fromPaystack(data: PaystackTransaction): GatewayTransaction {
  const status =
    data.status === "success" ? "success" : ["failed", "reversed"].includes(String(data.status)) ? "failed" : "pending";
  const paidAt = data.paid_at ?? data.paidAt ?? null;
  const charged = Number(data.amount);
  const requested = data.requested_amount == null ? charged : Number(data.requested_amount);
  return {
    reference: String(data.reference ?? ""),
    status,
    // Charged less than asked (a partial charge): that is what was paid, and the amount check flags it.
    amount: Math.min(charged, requested),
    customerFee: charged > requested ? charged - requested : 0,
    currency: String(data.currency ?? ""),
    paidAt: paidAt ? new Date(paidAt) : null,
    network: networkLabel(data.authorization?.bank),
    gatewayId: data.id == null ? null : String(data.id),
  };
}

const PAYSTACK_PROVIDER: Record<MomoNetwork, string> = { mtn: "mtn", telecel: "vod", airteltigo: "atl" };

type PaystackCharge = { status?: boolean; message?: string; data?: { status?: string; display_text?: string } };

/** A charge's `data.status` as the portal reads it; anything else Paystack may add is taken as not decided yet. */
function chargeAnswer(status: number, json: PaystackCharge): ChargeAnswer {
  const data = json.data;
  if (status !== 200 || !data?.status)
    throw new GatewayError(`Paystack refused the charge: ${json.message ?? status}`, "refused");
  const message = data.display_text?.trim() || null;
  switch (data.status) {
    case "success":
      return { state: "paid", message };
    case "failed":
    case "timeout":
      return { state: "failed", message: message ?? json.message ?? null };
    case "send_otp":
      return { state: "otp", message };
    default:
      return { state: "prompted", message };
  }
}

/** +233551234987 → 0551234987. */
function localNumber(phone: string) {
  return phone.startsWith("+233") ? `0${phone.slice(4)}` : phone;
}

export function paystack(config: PaystackConfig): PaymentGateway {
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; json: T }> {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.secretKey}`,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const why = (error as Error).name === "TimeoutError" ? "did not answer in time" : "could not be reached";
      throw new GatewayError(`Paystack ${why}`, "unreachable");
    }
    const json = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (response.status >= 500 || !json) throw new GatewayError(`Paystack answered ${response.status}`, "unreachable");
    return { status: response.status, json };
  }

  return {
    name: "paystack",
    webhookKey: config.secretKey,
    async startCheckout(request) {
      const { status, json } = await call<{
        status?: boolean;
        message?: string;
        data?: { authorization_url?: string };
      }>("POST", "/transaction/initialize", {
        email: request.email,
        amount: String(request.amount),
        currency: "GHS",
        reference: request.reference,
        callback_url: request.callbackUrl,
        channels: ["mobile_money"],
        metadata: {
          custom_fields: [{ display_name: "Phone", variable_name: "phone", value: localNumber(request.phone) }],
        },
      });
      const url = json.data?.authorization_url;
      if (status !== 200 || !json.status || !url || !/^https:\/\//.test(url))
        throw new GatewayError(`Paystack refused the checkout: ${json.message ?? status}`, "refused");
      return { url };
    },
    async chargeMobileMoney(request) {
      const { status, json } = await call<PaystackCharge>("POST", "/charge", {
        email: request.email,
        amount: String(request.amount),
        currency: "GHS",
        reference: request.reference,
        mobile_money: { phone: localNumber(request.phone), provider: PAYSTACK_PROVIDER[request.network] },
      });
      return chargeAnswer(status, json);
    },
    async submitChargeOtp(reference, otp) {
      const { status, json } = await call<PaystackCharge>("POST", "/charge/submit_otp", { otp, reference });
      return chargeAnswer(status, json);
    },
    async verify(reference) {
      const { status, json } = await call<{ status?: boolean; message?: string; data?: PaystackTransaction }>(
        "GET",
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      if ((status === 400 || status === 404) && /not found/i.test(json.message ?? "")) return null;
      if (status !== 200 || !json.status || !json.data)
        throw new GatewayError(`Paystack refused the verification: ${json.message ?? status}`, "refused");
      return fromPaystack(json.data);
    },
    async listTransactions(from, to) {
      const all: GatewayTransaction[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query = new URLSearchParams({
          from: from.toISOString(),
          to: to.toISOString(),
          perPage: String(PAGE_SIZE),
          page: String(page),
        });
        const { status, json } = await call<{
          status?: boolean;
          message?: string;
          data?: PaystackTransaction[];
          meta?: { pageCount?: number };
        }>("GET", `/transaction?${query}`);
        if (status !== 200 || !json.status || !Array.isArray(json.data))
          throw new GatewayError(`Paystack refused the list: ${json.message ?? status}`, "refused");
        all.push(...json.data.map(fromPaystack));
        if (page >= (json.meta?.pageCount ?? 1) || json.data.length === 0) break;
      }
      return all;
    },
  };
}
