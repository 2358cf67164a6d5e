import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/sms-delivery";
import { callbackSecretMatches, recordAfricasTalkingReport } from "#app/services/messaging/delivery-reports.server.ts";
import { MALFORMED_BODY } from "#app/utils/form-body.server.ts";

export const handle = { rules: { access: "callback", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

/** Africa's Talking's delivery reports (docs/messages.md). Authenticated by the secret in the URL, first. */
export async function action({ request, params }: Route.ActionArgs) {
  if (!callbackSecretMatches(params.secret)) throw data("Not found", { status: 404 });
  // Read only now (the app-wide body check leaves callbacks alone): anything but a form is a 400.
  const form = await request.formData().catch(() => null);
  if (!form) throw data(MALFORMED_BODY, { status: 400 });
  const outcome = await recordAfricasTalkingReport(form);
  return new Response(outcome, { status: 200, headers: { "Content-Type": "text/plain" } });
}

/** Nothing to read here: the same 404 as a wrong secret. */
export function loader() {
  throw data("Not found", { status: 404 });
}
