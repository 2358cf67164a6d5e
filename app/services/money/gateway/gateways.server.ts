/**
 * Which gateway takes a payment (docs/payments.md). Settings → Integrations chooses; Paystack's secret key comes from
 * there or from PAYSTACK_SECRET_KEY. The TEST gateway approves whatever the payer clicks, so it runs only where no
 * real money is at stake: demo mode (DEMO=on) or TEST_GATEWAY=on (tests, bench), whatever the database. Elsewhere
 * "Pay with Mobile Money" is not offered until Paystack is configured, and /test-gateway/… is 404.
 */
import { env } from "#app/models/infra/env.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import type { PortalSettings } from "#app/domain/settings.ts";
import type { PaymentGateway } from "#app/services/money/gateway/gateway.ts";
import { PAYSTACK_BASE_URL, paystack } from "#app/services/money/gateway/paystack.server.ts";
import { testGateway } from "#app/services/money/gateway/test-gateway.server.ts";

export function testGatewayAllowed(): boolean {
  return env.demo || process.env.TEST_GATEWAY === "on";
}

function paystackFromConfig(settings: PortalSettings): PaymentGateway | null {
  const secretKey = settings.paystackSecretKey || process.env.PAYSTACK_SECRET_KEY?.trim() || "";
  if (!secretKey) return null;
  return paystack({
    secretKey,
    baseUrl: process.env.PAYSTACK_BASE_URL?.trim() || PAYSTACK_BASE_URL,
    timeoutMs: Number(process.env.PAYSTACK_TIMEOUT_MS ?? 15_000),
  });
}

/** The gateway new checkouts go to, or null when none may be used. */
export async function activeGateway(): Promise<PaymentGateway | null> {
  const settings = await getSettings();
  if (settings.paymentGateway === "paystack") return paystackFromConfig(settings);
  return testGatewayAllowed() ? testGateway() : null;
}

/**
 * The gateway a webhook or a payment names, whichever is chosen now: a payment started before a switch still
 * settles. Null when it is not configured (its webhooks are then answered 404).
 */
export async function gatewayNamed(name: string): Promise<PaymentGateway | null> {
  if (name === "paystack") return paystackFromConfig(await getSettings());
  if (name === "test") return testGatewayAllowed() ? testGateway() : null;
  return null;
}
