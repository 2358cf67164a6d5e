import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/sms-inbound";
import { MALFORMED_BODY } from "#app/utils/form-body.server.ts";
import { callbackFields } from "#app/utils/callback-fields.server.ts";
import { answerInboundSms, phoneCallbackAuthenticated } from "#app/services/messaging/phone-channel.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";

export const handle = {
  rules: { access: "callback", maintenance: "open", shed: "priority", secretPath: true },
} satisfies RouteHandle;

/**
 * Incoming SMS (docs/phones-without-a-browser.md), authenticated by the secret in the path first (404 otherwise); the
 * reply goes through the outbox, so the callback is answered at once.
 * - Africa's Talking posts a form with `from`, `to`, `text`, `id`, `date` and `linkId`.
 * - Hubtel pushes each message of a two-way campaign to its callback URL, as a query string (an "HTTP dynamic URL")
 *   or a body; the field names are assumed (docs/decisions/0093): `From`, the text in `Fulltext`, `Message` or
 *   `Content`, and the id in `MessageId` or `Id`.
 */
const FIELDS = {
  africastalking: { from: ["from"], text: ["text"], id: ["id"] },
  hubtel: {
    from: ["From", "from"],
    text: ["Fulltext", "Message", "Content", "Text", "text"],
    id: ["MessageId", "Id", "messageId", "id"],
  },
} as const;
type Aggregator = keyof typeof FIELDS;

async function authenticated(params: Route.ActionArgs["params"], context: Route.ActionArgs["context"]) {
  return (
    Object.hasOwn(FIELDS, params.aggregator) && phoneCallbackAuthenticated(params, context.get(clientAddressContext))
  );
}

async function answer(request: Request, aggregator: Aggregator, read: (name: string) => string) {
  const first = (names: readonly string[]) => names.map(read).find(Boolean) ?? "";
  const names = FIELDS[aggregator];
  const outcome = await answerInboundSms(
    { from: first(names.from).slice(0, 40), text: first(names.text).slice(0, 1000), id: first(names.id).slice(0, 200) },
    appOrigin(),
  );
  if (outcome === "invalid") throw data("from and id are required", { status: 400 });
  return new Response(outcome, { status: 200, headers: { "Content-Type": "text/plain" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!(await authenticated(params, context))) throw data("Not found", { status: 404 });
  const aggregator = params.aggregator as Aggregator;
  const hubtel = aggregator === "hubtel";
  const field = await callbackFields(request, { json: hubtel, query: hubtel });
  if (!field) throw data(MALFORMED_BODY, { status: 400 });
  return answer(request, aggregator, field);
}

/** Hubtel may push by GET (its query string); anything else here is the same 404 as a wrong secret. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.aggregator !== "hubtel" || !(await authenticated(params, context)))
    throw data("Not found", { status: 404 });
  const field = await callbackFields(request, { json: false, query: true });
  if (!field) throw data(MALFORMED_BODY, { status: 400 });
  return answer(request, "hubtel", field);
}
