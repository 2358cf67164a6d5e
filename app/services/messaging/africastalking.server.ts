/**
 * Africa's Talking SMS, from its documented REST API (https://developers.africastalking.com/docs/sms/sending/bulk):
 * `POST {host}/version1/messaging`, a form with `username`, `to`, `message` and the optional sender id `from`, the API
 * key in an `apiKey` header. The answer lists each recipient with a `statusCode`: 100–102 taken; the others say why
 * not. A wrong key or username is answered 401 with a plain-text body. Delivery reports are posted to the callback
 * URL set in the account (app/routes/resources/sms-delivery.ts).
 */
import { NO_CREDIT, ProviderError, type SmsProvider } from "#app/services/messaging/sms-provider.ts";

export type AfricasTalkingConfig = { username: string; apiKey: string; senderId: string | null; host: string };

const PRODUCTION_HOST = "https://api.africastalking.com";
const SANDBOX_HOST = "https://api.sandbox.africastalking.com";

/** The account from the environment, or null when it is not configured. */
export function africasTalkingConfig(env: NodeJS.ProcessEnv): AfricasTalkingConfig | null {
  const username = env.AFRICASTALKING_USERNAME?.trim();
  const apiKey = env.AFRICASTALKING_API_KEY?.trim();
  if (!username || !apiKey) return null;
  return {
    username,
    apiKey,
    senderId: env.AFRICASTALKING_SENDER_ID?.trim() || null,
    host: env.AFRICASTALKING_HOST?.trim() || (username === "sandbox" ? SANDBOX_HOST : PRODUCTION_HOST),
  };
}

/** Recipient status codes that will not change on a retry: the number or the sender id is wrong, or the person opted out. */
const PERMANENT = new Map([
  [402, "InvalidSenderId"],
  [403, "InvalidPhoneNumber"],
  [404, "UnsupportedNumberType"],
  [406, "UserInBlacklist"],
  [409, "DoNotDisturbRejection"],
]);

type Recipient = { statusCode?: number; status?: string; number?: string; messageId?: string };

export function africasTalking(config: AfricasTalkingConfig): SmsProvider {
  return {
    name: "africastalking",
    async send({ to, text }, signal) {
      const form = new URLSearchParams({ username: config.username, to, message: text });
      if (config.senderId) form.set("from", config.senderId);
      const response = await fetch(`${config.host}/version1/messaging`, {
        method: "POST",
        headers: {
          apiKey: config.apiKey,
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: form,
        signal,
      });
      const body = await response.text();
      if (response.status === 401)
        throw new ProviderError(`Africa's Talking refused the credentials: ${body.slice(0, 200)}`, false);
      if (!response.ok)
        throw new ProviderError(`Africa's Talking answered ${response.status}: ${body.slice(0, 200)}`, false);
      let recipient: Recipient | undefined;
      try {
        recipient = (JSON.parse(body) as { SMSMessageData?: { Recipients?: Recipient[] } }).SMSMessageData
          ?.Recipients?.[0];
      } catch {
        throw new ProviderError(`Africa's Talking answered something that is not JSON: ${body.slice(0, 200)}`, false);
      }
      if (!recipient) throw new ProviderError(`Africa's Talking took no recipient: ${body.slice(0, 200)}`, true);
      const code = recipient.statusCode ?? 0;
      if (code >= 100 && code <= 102) return { providerMessageId: recipient.messageId ?? null };
      // The account's balance: a message waits for credit (the overview warns), as with every provider.
      if (code === 405) throw new ProviderError(`${NO_CREDIT} (Africa's Talking): ${recipient.status ?? ""}`, false);
      const status = recipient.status ?? PERMANENT.get(code) ?? "Failed";
      throw new ProviderError(`Africa's Talking: ${status} (${code})`, PERMANENT.has(code));
    },
  };
}
