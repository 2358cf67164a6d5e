import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/payment-webhook";
import { receiveWebhook } from "#app/services/money/checkout.server.ts";

export const handle = { rules: { access: "callback", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

/**
 * A payment gateway's webhook (docs/payments.md): `POST /webhooks/payments/paystack` (or `test`). The signature
 * (`x-paystack-signature`, HMAC-SHA512 of the raw body with the gateway's key) is checked on the raw bytes before
 * anything parses them; a wrong one is answered 401 and changes nothing. The HTTP server has bounded the body.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const raw = Buffer.from(await request.arrayBuffer());
  const answer = await receiveWebhook(params.gateway, raw, request.headers.get("x-paystack-signature"));
  return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "text/plain" } });
}

/** Nothing to read here. */
export function loader() {
  throw data("Not found", { status: 404 });
}
