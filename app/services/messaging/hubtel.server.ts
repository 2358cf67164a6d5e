/**
 * Hubtel SMS, from its API reference (https://developers.hubtel.com → SMS API, "Simple Messaging" and "Response
 * codes"): `POST {host}/v1/messages/send` with HTTP Basic authentication (client id and client secret) and a JSON body
 * `{ From, To, Content }`; the number as 233… The answer is `{ messageId, status, statusDescription, rate, networkId }`,
 * `status` 0 when the message was taken, or the same fields wrapped as `{ message, responseCode, data: { … } }` (the
 * developer portal's current form, `responseCode` "0000" when taken). A 2xx answer the adapter cannot read counts as
 * taken too: Hubtel has the message, and sending it again would send it twice. Refusals are HTTP errors whose body carries a `status` subcode: 1 an invalid
 * destination, 2 an invalid sender id, 3 a message too long, 4 not routable, 6 content rejected, 7–8 parameters not
 * allowed or not valid, 12 payment required; HTTP 401 a refused authorization, 402 too little credit, 403 a recipient
 * who has not consented. Field names are read in either case (the older API answered `MessageId`, `Status`).
 *
 * Delivery: Hubtel's current reference documents no delivery callback for this API but a status look-up,
 * `GET {host}/v1/messages/{messageId}` with the same authentication, answering the message's fields (flat or wrapped in
 * `data`) with its `status` word ("Delivered", "Undeliverable", "Failed", or one still on the way); the outbox asks it
 * for sent messages (`checkDelivery`).
 */
import { NO_CREDIT, ProviderError, type SmsProvider } from "#app/services/messaging/sms-provider.ts";
import { deliveryOutcome } from "#app/services/messaging/delivery-reports.server.ts";

export type HubtelConfig = { clientId: string; clientSecret: string; senderId: string; host: string };

export function hubtelConfig(env: NodeJS.ProcessEnv): HubtelConfig | null {
  const clientId = env.HUBTEL_CLIENT_ID?.trim();
  const clientSecret = env.HUBTEL_CLIENT_SECRET?.trim();
  const senderId = env.HUBTEL_SENDER_ID?.trim();
  if (!clientId || !clientSecret || !senderId) return null;
  return { clientId, clientSecret, senderId, host: env.HUBTEL_SMS_HOST?.trim() || "https://sms.hubtel.com" };
}

/** Subcodes that the same message would meet again: the number, the text or the request itself. */
const PERMANENT_SUBCODES = new Map([
  [1, "invalid destination number"],
  [3, "message too long"],
  [4, "not routable on Hubtel's gateway"],
  [6, "content rejected"],
  [7, "parameters not allowed"],
  [8, "parameters not valid"],
]);

type Answer = Record<string, unknown>;
/** A field in either spelling Hubtel has used: `messageId` or `MessageId`. */
const field = (answer: Answer, name: string): unknown => answer[name] ?? answer[name[0].toUpperCase() + name.slice(1)];

/** A reply's fields, flat or wrapped in `data` (the developer portal's form); a body that is not JSON has none. */
function readAnswer(body: string) {
  let answer: Answer = {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") answer = parsed as Answer;
  } catch {
    // not JSON: no fields
  }
  const inner = answer.data && typeof answer.data === "object" ? (answer.data as Answer) : null;
  const read = (name: string) => field(answer, name) ?? (inner ? field(inner, name) : undefined);
  return { answer, read };
}

export function hubtel(config: HubtelConfig): SmsProvider {
  const authorization = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`;
  return {
    name: "hubtel",
    async send({ to, text }, signal) {
      const response = await fetch(`${config.host}/v1/messages/send`, {
        method: "POST",
        headers: { Authorization: authorization, Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ From: config.senderId, To: to.replace(/^\+/, ""), Content: text }),
        signal,
      });
      const body = await response.text();
      const { answer, read } = readAnswer(body);
      const status = read("status");
      const subcode = status === undefined || status === null || status === "" ? NaN : Number(status);
      const why = String(read("statusDescription") ?? field(answer, "message") ?? body).slice(0, 200);
      const id = read("messageId");
      const taken = { providerMessageId: typeof id === "string" && id ? id : null };
      // Taken: status 0, or the wrapped "0000", or a 2xx whose answer names neither a status nor a code. Never sent
      // again, even without an id to match a delivery report to.
      const code = field(answer, "responseCode");
      const accepted = subcode === 0 || code === "0000" || (!Number.isFinite(subcode) && code == null);
      if (response.ok && accepted) return taken;
      if (response.status === 401) throw new ProviderError(`Hubtel refused the client id and secret: ${why}`, false);
      if (response.status === 402 || subcode === 12) throw new ProviderError(`${NO_CREDIT} (Hubtel): ${why}`, false);
      if (response.status === 403)
        throw new ProviderError(`Hubtel: the recipient has not agreed to receive messages (${why})`, true);
      const permanent = PERMANENT_SUBCODES.get(subcode);
      if (permanent && response.status < 500)
        throw new ProviderError(`Hubtel: ${permanent} (${subcode}): ${why}`, true);
      throw new ProviderError(`Hubtel answered ${response.status}${subcode ? ` (${subcode})` : ""}: ${why}`, false);
    },
    async checkDelivery(messageId, signal) {
      const response = await fetch(`${config.host}/v1/messages/${encodeURIComponent(messageId)}`, {
        headers: { Authorization: authorization, Accept: "application/json" },
        signal,
      });
      const body = await response.text();
      if (!response.ok)
        throw new ProviderError(`Hubtel answered ${response.status} to a status look-up: ${body.slice(0, 200)}`, false);
      const { read } = readAnswer(body);
      return deliveryOutcome(read("status"), read("statusDescription"));
    },
  };
}
