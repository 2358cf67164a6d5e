import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/ussd";
import { momoNetworkOf } from "#app/domain/checkout.ts";
import { MALFORMED_BODY } from "#app/utils/form-body.server.ts";
import { hubtelUssdAnswer, readHubtelUssd } from "#app/services/messaging/hubtel-ussd.server.ts";
import {
  africasTalkingScreen,
  answerUssd,
  phoneCallbackAuthenticated,
} from "#app/services/messaging/phone-channel.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";

export const handle = {
  rules: { access: "callback", maintenance: "open", shed: "priority", secretPath: true },
} satisfies RouteHandle;

/**
 * The USSD callbacks (docs/phones-without-a-browser.md), one menu for both aggregators:
 * - Africa's Talking posts a form with `sessionId`, `serviceCode`, `phoneNumber` and `text` (the choices so far),
 *   answered in plain text `CON …` or `END …`;
 * - Hubtel posts JSON (`Type`, `SessionId`, `Mobile`, `Message`, `ClientState`, …), answered in JSON
 *   (app/services/messaging/hubtel-ussd.server.ts).
 * The secret in the path is checked first (404 otherwise, as for an unknown aggregator); the body is read only after it.
 */
const SESSION_ID = /^[\w.:-]{1,100}$/;

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!(await phoneCallbackAuthenticated(params, context.get(clientAddressContext))))
    throw data("Not found", { status: 404 });
  if (params.aggregator === "hubtel") {
    const body: unknown = await request.json().catch(() => null);
    const hubtel = readHubtelUssd(body);
    if ("error" in hubtel) throw data(hubtel.error, { status: 400 });
    if (!SESSION_ID.test(hubtel.sessionId)) throw data("SessionId is not a session id", { status: 400 });
    const screen = hubtel.ended ? null : await answerUssd(hubtel.request, appOrigin());
    return Response.json(hubtelUssdAnswer(hubtel, screen));
  }
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
      network: momoNetworkOf(field("networkCode")),
    },
    appOrigin(),
  );
  return new Response(africasTalkingScreen(screen), {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Nothing to read here: the same 404 as a wrong secret. */
export function loader() {
  throw data("Not found", { status: 404 });
}
