import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/ussd";
import { MALFORMED_BODY } from "#app/utils/form-body.server.ts";
import { answerUssd, callbackAddressAllowed, phoneCallbackSecretMatches } from "#app/services/phone-channel.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";

export const handle = { rules: { access: "callback", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

/**
 * Africa's Talking's USSD callback (docs/phones-without-a-browser.md): a form with `sessionId`, `serviceCode`,
 * `phoneNumber` and `text`, answered in plain text `CON …` or `END …`. The secret in the path is checked first (404
 * otherwise, as for a wrong aggregator); the body is read only after it.
 */
const SESSION_ID = /^[\w.:-]{1,100}$/;

export async function action({ request, params, context }: Route.ActionArgs) {
  if (
    params.aggregator !== "africastalking" ||
    !callbackAddressAllowed(context.get(clientAddressContext)) ||
    !(await phoneCallbackSecretMatches(params.secret))
  )
    throw data("Not found", { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) throw data(MALFORMED_BODY, { status: 400 });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  if (!field("sessionId") || !field("phoneNumber"))
    throw data("sessionId and phoneNumber are required", { status: 400 });
  // An aggregator's session id is a token (Africa's Talking: "ATUid_…"): anything else, a newline that would forge a
  // log line among them, is refused.
  if (!SESSION_ID.test(field("sessionId"))) throw data("sessionId is not a session id", { status: 400 });
  const screen = await answerUssd(
    {
      sessionId: field("sessionId"),
      serviceCode: field("serviceCode"),
      phoneNumber: field("phoneNumber"),
      text: field("text"),
    },
    appOrigin(request),
  );
  return new Response(screen, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Nothing to read here: the same 404 as a wrong secret. */
export function loader() {
  throw data("Not found", { status: 404 });
}
