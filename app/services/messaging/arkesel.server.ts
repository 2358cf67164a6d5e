/**
 * Arkesel SMS (V2), from its API reference (https://developers.arkesel.com/#tag/SMS-V2): `POST {host}/api/v2/sms/send`
 * with the key in an `api-key` header and a JSON body `{ sender, message, recipients }` (numbers as 233…, no "+").
 * With `callback_url`, Arkesel reports each message's delivery there (app/routes/resources/sms-delivery.ts).
 * Taken: `{ status: "success", data: [{ recipient, id }] }`; one message goes to one number, so the id taken is the
 * one Arkesel returns, whatever form of the number it echoes (it may drop or add a prefix). A number Arkesel cannot use
 * comes back under `data[].invalid numbers`. Refusals are HTTP errors with a `message`: 401 a wrong key, 402 an empty
 * balance, 422 a request that fails validation: the sender id (`errors.sender`), which Settings can mend and the
 * message then waits for, or the message or recipients, which it will never take. The 402 and 422 meanings are
 * Arkesel's client libraries' reading of its API reference, assumed where the reference is silent (docs/decisions/0093).
 * Beside `callback_url`, Arkesel documents a look-up of one message, `GET {host}/api/v2/sms/{id}` with the same key,
 * answering `{ status: "success", data: { id, recipient, status } }`: the outbox asks it for sent messages no report
 * has settled (`checkDelivery`).
 */
import { NO_CREDIT, ProviderError, type SmsProvider } from "#app/services/messaging/sms-provider.ts";
import { deliveryOutcome, deliveryReportUrl } from "#app/services/messaging/delivery-reports.server.ts";

export type ArkeselConfig = { apiKey: string; senderId: string; host: string; callbackUrl?: string | null };

export function arkeselConfig(env: NodeJS.ProcessEnv): ArkeselConfig | null {
  const apiKey = env.ARKESEL_API_KEY?.trim();
  const senderId = env.ARKESEL_SENDER_ID?.trim();
  if (!apiKey || !senderId) return null;
  return {
    apiKey,
    senderId,
    host: env.ARKESEL_HOST?.trim() || "https://sms.arkesel.com",
    callbackUrl: deliveryReportUrl("arkesel", env),
  };
}

type Answer = {
  status?: string;
  message?: string;
  errors?: Record<string, unknown>;
  data?: Array<{ recipient?: string; id?: string } & Record<string, unknown>>;
};

export function arkesel(config: ArkeselConfig): SmsProvider {
  return {
    name: "arkesel",
    async send({ to, text }, signal) {
      const recipient = to.replace(/^\+/, "");
      const response = await fetch(`${config.host}/api/v2/sms/send`, {
        method: "POST",
        headers: { "api-key": config.apiKey, Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({
          sender: config.senderId,
          message: text,
          recipients: [recipient],
          ...(config.callbackUrl ? { callback_url: config.callbackUrl } : {}),
        }),
        signal,
      });
      const body = await response.text();
      let answer: Answer = {};
      try {
        answer = JSON.parse(body) as Answer;
      } catch {
        // not JSON: reported below with the status
      }
      const why = (answer.message ?? body).slice(0, 200);
      if (response.status === 422) {
        // A sender id Arkesel has not approved is the account's, not the message's: retried once it is fixed.
        if (answer.errors && "sender" in answer.errors)
          throw new ProviderError(
            `Arkesel refused the sender id: ${JSON.stringify(answer.errors.sender).slice(0, 200)}`,
            false,
          );
        throw new ProviderError(`Arkesel refused the message: ${why}`, true);
      }
      if (response.status === 402) throw new ProviderError(`${NO_CREDIT} (Arkesel): ${why}`, false);
      if (!response.ok) throw new ProviderError(`Arkesel answered ${response.status}: ${why}`, false);
      const sent = answer.data?.find((d) => typeof d.id === "string" && d.id);
      if (answer.status === "success" && sent) return { providerMessageId: sent.id! };
      const invalid = answer.data?.some((d) => Array.isArray(d["invalid numbers"]));
      if (invalid) throw new ProviderError(`Arkesel: invalid number ${recipient}`, true);
      throw new ProviderError(`Arkesel did not take the message: ${why}`, false);
    },
    async checkDelivery(messageId, signal) {
      const response = await fetch(`${config.host}/api/v2/sms/${encodeURIComponent(messageId)}`, {
        headers: { "api-key": config.apiKey, Accept: "application/json" },
        signal,
      });
      const body = await response.text();
      if (!response.ok)
        throw new ProviderError(
          `Arkesel answered ${response.status} to a status look-up: ${body.slice(0, 200)}`,
          false,
        );
      let data: Record<string, unknown> | undefined;
      try {
        const parsed = JSON.parse(body) as { data?: unknown };
        const value = Array.isArray(parsed.data) ? parsed.data[0] : parsed.data;
        if (value && typeof value === "object") data = value as Record<string, unknown>;
      } catch {
        // not JSON: not yet known
      }
      return deliveryOutcome(data?.status, data?.reason ?? data?.message);
    },
  };
}
