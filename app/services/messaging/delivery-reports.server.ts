/**
 * Delivery reports: a provider posts the fate of each message it took to a URL the school set in its account (Africa's
 * Talking, Hubtel) or that goes with each message (Arkesel's `callback_url`). None of them signs its reports, so the URL
 * carries a secret (SMS_CALLBACK_SECRET), compared in constant time before the body is read; without the secret, or
 * with another, the route does not exist (404).
 */
import { recordDelivery } from "#app/models/outbox.server.ts";
import { secretMatches } from "#app/utils/secret-match.server.ts";
import { callbacksRefused } from "#app/models/infra/metrics.server.ts";
import type { DeliveryCheck } from "#app/services/messaging/sms-provider.ts";

export const DELIVERY_REPORT_PROVIDERS = ["africastalking", "arkesel", "hubtel"] as const;
export type DeliveryReportProvider = (typeof DELIVERY_REPORT_PROVIDERS)[number];

export function callbackSecretMatches(given: string | undefined, env = process.env): boolean {
  const ok = secretMatches(env.SMS_CALLBACK_SECRET?.trim(), given);
  if (!ok) callbacksRefused.inc({ callback: "sms-delivery", reason: "secret" });
  return ok;
}

/** The URL a provider posts its reports to, or null while APP_ORIGIN or SMS_CALLBACK_SECRET is unset. */
export function deliveryReportUrl(provider: DeliveryReportProvider, env = process.env): string | null {
  const origin = env.APP_ORIGIN?.trim().replace(/\/$/, "");
  const secret = env.SMS_CALLBACK_SECRET?.trim();
  return origin && secret ? `${origin}/callbacks/${provider}/sms-delivery/${encodeURIComponent(secret)}` : null;
}

/**
 * Final states, by each provider's word for them (upper-cased). Africa's Talking documents its own
 * (https://developers.africastalking.com/docs/sms/notifications: Success; Failed, Rejected, AbsentSubscriber, Expired);
 * Arkesel's and Hubtel's report words are assumed from the status words of their APIs (DELIVERED; "Delivered" in
 * Hubtel's status check) and the usual SMSC ones (DELIVRD, UNDELIV): docs/decisions/0093. Others are on the way.
 */
const DELIVERED = new Set(["SUCCESS", "DELIVERED", "DELIVRD", "DELIVEREDTOTERMINAL"]);
const FAILED = new Set([
  "FAILED",
  "REJECTED",
  "REJECTD",
  "ABSENTSUBSCRIBER",
  "EXPIRED",
  "UNDELIVERED",
  "UNDELIV",
  "UNDELIVERABLE",
]);

/** A provider's status word (a report's or a look-up's) as the outbox records it; any other word: not yet final. */
export function deliveryOutcome(status: unknown, reason?: unknown): DeliveryCheck {
  const word = String(status ?? "")
    .toUpperCase()
    .replace(/[\s_-]/g, "");
  const why = reason === undefined || reason === null || reason === "" ? undefined : String(reason).slice(0, 200);
  if (DELIVERED.has(word)) return { state: "delivered" };
  if (FAILED.has(word)) return { state: "failed", reason: why ?? String(status) };
  return { state: "pending" };
}

/** Where each provider puts the message id, its status and a reason (the first name present wins). */
const FIELDS: Record<DeliveryReportProvider, { id: string[]; status: string[]; reason: string[] }> = {
  africastalking: { id: ["id"], status: ["status"], reason: ["failureReason"] },
  arkesel: { id: ["sms_id", "id", "message_id"], status: ["status"], reason: ["reason", "message"] },
  hubtel: {
    id: ["MessageId", "messageId", "id"],
    status: ["Status", "status"],
    reason: ["StatusDescription", "statusDescription", "reason"],
  },
};

/** One report, its fields as the provider sent them (a form, a JSON object or the query string). */
export async function recordDeliveryReport(
  provider: DeliveryReportProvider,
  fields: (name: string) => string,
): Promise<"recorded" | "ignored" | "unknown"> {
  const names = FIELDS[provider];
  const first = (list: string[]) => list.map(fields).find(Boolean) ?? "";
  const id = first(names.id).slice(0, 100);
  const outcome = deliveryOutcome(first(names.status), first(names.reason));
  if (!id || outcome.state === "pending") return "ignored";
  return (await recordDelivery(provider, id, outcome.state === "delivered", outcome.reason)) ? "recorded" : "unknown";
}
