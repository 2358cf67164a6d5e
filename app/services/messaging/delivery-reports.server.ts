/**
 * Delivery reports: a provider posts the fate of each message it took to a URL the school set in its account. Africa's
 * Talking signs nothing, so the URL carries a secret (SMS_CALLBACK_SECRET), compared in constant time before the body
 * is read; without the secret, or with another, the route does not exist (404).
 */
import { recordDelivery } from "#app/models/outbox.server.ts";
import { secretMatches } from "#app/utils/secret-match.server.ts";

export function callbackSecretMatches(given: string | undefined, env = process.env): boolean {
  return secretMatches(env.SMS_CALLBACK_SECRET?.trim(), given);
}

/** Africa's Talking's final states (https://developers.africastalking.com/docs/sms/notifications); others are on the way. */
const FAILED = new Set(["Failed", "Rejected", "AbsentSubscriber", "Expired"]);

/** One Africa's Talking delivery report (a form: id, status, phoneNumber, networkCode, failureReason, retryCount). */
export async function recordAfricasTalkingReport(form: FormData): Promise<"recorded" | "ignored" | "unknown"> {
  const id = String(form.get("id") ?? "").slice(0, 100);
  const status = String(form.get("status") ?? "");
  if (!id || !(status === "Success" || FAILED.has(status))) return "ignored";
  const reason = String(form.get("failureReason") ?? "").slice(0, 200) || status;
  return (await recordDelivery("africastalking", id, status === "Success", reason)) ? "recorded" : "unknown";
}
