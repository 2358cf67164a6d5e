import { data } from "react-router";
import type { Route } from "./+types/sms-delivery";
import { callbackSecretMatches, recordAfricasTalkingReport } from "#app/utils/messaging/delivery-reports.server.ts";

/** Africa's Talking's delivery reports (docs/messages.md). Authenticated by the secret in the URL, first. */
export async function action({ request, params }: Route.ActionArgs) {
  if (!callbackSecretMatches(params.secret)) throw data("Not found", { status: 404 });
  const outcome = await recordAfricasTalkingReport(await request.formData());
  return new Response(outcome, { status: 200, headers: { "Content-Type": "text/plain" } });
}

/** Nothing to read here: the same 404 as a wrong secret. */
export function loader() {
  throw data("Not found", { status: 404 });
}
