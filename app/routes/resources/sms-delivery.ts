import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/sms-delivery";
import {
  DELIVERY_REPORT_PROVIDERS,
  callbackSecretMatches,
  recordDeliveryReport,
  type DeliveryReportProvider,
} from "#app/services/messaging/delivery-reports.server.ts";
import { MALFORMED_BODY } from "#app/utils/form-body.server.ts";
import { callbackFields } from "#app/utils/callback-fields.server.ts";

export const handle = {
  rules: { access: "callback", maintenance: "open", shed: "priority", secretPath: true },
} satisfies RouteHandle;

const isProvider = (name: string | undefined): name is DeliveryReportProvider =>
  (DELIVERY_REPORT_PROVIDERS as readonly (string | undefined)[]).includes(name);

/**
 * The SMS providers' delivery reports (docs/messages.md). Authenticated by the secret in the URL, first. Africa's
 * Talking posts a form; Arkesel and Hubtel a JSON object, a form, or only a query string (by POST or GET).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isProvider(params.provider) || !callbackSecretMatches(params.secret)) throw data("Not found", { status: 404 });
  return record(request, params.provider);
}

/** Arkesel and Hubtel may report by GET; anything else here is the same 404 as a wrong secret. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isProvider(params.provider) || params.provider === "africastalking" || !callbackSecretMatches(params.secret))
    throw data("Not found", { status: 404 });
  return record(request, params.provider);
}

async function record(request: Request, provider: DeliveryReportProvider) {
  // Read only now (the app-wide body check leaves callbacks alone): a body that is not what was promised is a 400.
  const others = provider !== "africastalking";
  const field = await callbackFields(request, { json: others, query: others });
  if (!field) throw data(MALFORMED_BODY, { status: 400 });
  const outcome = await recordDeliveryReport(provider, field);
  return new Response(outcome, { status: 200, headers: { "Content-Type": "text/plain" } });
}
