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

export const handle = { rules: { access: "callback", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

const isProvider = (name: string | undefined): name is DeliveryReportProvider =>
  (DELIVERY_REPORT_PROVIDERS as readonly (string | undefined)[]).includes(name);

/**
 * The SMS providers' delivery reports (docs/messages.md). Authenticated by the secret in the URL, first. Africa's
 * Talking posts a form; Arkesel and Hubtel a JSON object or a form, with anything in the query string read too.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isProvider(params.provider) || !callbackSecretMatches(params.secret)) throw data("Not found", { status: 404 });
  const provider = params.provider;
  // Read only now (the app-wide body check leaves callbacks alone): a body that is not what was promised is a 400.
  const json = provider !== "africastalking" && /json/i.test(request.headers.get("Content-Type") ?? "");
  const body: Record<string, unknown> | FormData | null = json
    ? await request.json().then(
        (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null),
        () => null,
      )
    : await request.formData().catch(() => null);
  if (!body) throw data(MALFORMED_BODY, { status: 400 });
  const query = new URL(request.url).searchParams;
  const field = (name: string) => {
    const value = body instanceof FormData ? body.get(name) : body[name];
    if (typeof value === "string" || typeof value === "number") return String(value);
    return provider === "africastalking" ? "" : (query.get(name) ?? "");
  };
  const outcome = await recordDeliveryReport(provider, field);
  return new Response(outcome, { status: 200, headers: { "Content-Type": "text/plain" } });
}

/** Nothing to read here: the same 404 as a wrong secret. */
export function loader() {
  throw data("Not found", { status: 404 });
}
