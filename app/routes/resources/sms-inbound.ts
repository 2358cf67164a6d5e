import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/sms-inbound";
import { MALFORMED_BODY } from "#app/utils/form-body.server.ts";
import {
  answerInboundSms,
  callbackAddressAllowed,
  phoneCallbackSecretMatches,
} from "#app/services/phone-channel.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";

export const handle = { rules: { access: "callback", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

/**
 * Africa's Talking's incoming-SMS callback (docs/phones-without-a-browser.md): a form with `from`, `to`, `text`, `id`,
 * `date` and `linkId`. Authenticated by the secret in the path first (404 otherwise); the reply goes through the
 * outbox, so the callback is answered at once.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!callbackAddressAllowed(context.get(clientAddressContext)) || !(await phoneCallbackSecretMatches(params.secret)))
    throw data("Not found", { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) throw data(MALFORMED_BODY, { status: 400 });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 1000) : "";
  };
  const outcome = await answerInboundSms(
    { from: field("from"), text: field("text"), id: field("id") },
    appOrigin(request),
  );
  if (outcome === "invalid") throw data("from and id are required", { status: 400 });
  return new Response(outcome, { status: 200, headers: { "Content-Type": "text/plain" } });
}

/** Nothing to read here: the same 404 as a wrong secret. */
export function loader() {
  throw data("Not found", { status: 404 });
}
