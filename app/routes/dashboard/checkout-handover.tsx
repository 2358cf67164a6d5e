import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useEffect } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/checkout-handover";
import { requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { formatCedis } from "#app/domain/money.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { familyGatewayPayment } from "#app/services/money/checkout.server.ts";

export const handle = { rules: { access: { roles: ["parent"] } } } satisfies RouteHandle;

/**
 * The hand-over from "Pay with Mobile Money" to the gateway's checkout page (docs/decisions/0087). The form post is
 * answered with a redirect to this page of ours, because a browser refuses a form post that redirects to another
 * origin (CSP form-action 'self'); this page then sends the payer on by a refresh (no JavaScript needed) and a link,
 * and with JavaScript at once. Only the family's own checkout that is still waiting for the gateway; anything else is
 * 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const payment = await familyGatewayPayment(effectiveUser, String(params.paymentId));
  if (!payment || payment.state !== "pending" || !payment.checkoutUrl) throw data("Not found", { status: 404 });
  const url = new URL(payment.checkoutUrl);
  return {
    url: url.href,
    host: url.origin === new URL(request.url).origin ? null : url.host,
    amount: formatCedis(payment.amount),
    wardName: payment.wardName ?? "",
  };
}

export default function CheckoutHandover({ loaderData }: Route.ComponentProps) {
  const { url, host, amount, wardName } = loaderData;
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <DashboardPage title="Continue to Mobile Money" description={`Paying ${amount} for ${wardName}.`}>
      <div className="max-w-xl space-y-4 rounded-lg border border-gray-200 bg-white p-5">
        <p className="text-gray-800">
          Taking you to the payment page{host ? ` (${host})` : ""}, where you approve {amount} on your phone. If nothing
          happens in a few seconds, use the button.
        </p>
        <a
          href={url}
          className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Continue to the payment page
        </a>
        <p className="text-sm text-gray-700">
          Changed your mind? Nothing has been taken yet. <Link to="/dashboard/payments">Back to Payment History</Link>
        </p>
      </div>
    </DashboardPage>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Continue to Mobile Money | ${SCHOOL_NAME}` },
    // The hand-over without JavaScript: a refresh is a navigation, which form-action does not govern.
    ...(loaderData ? [{ httpEquiv: "refresh", content: `0;url=${loaderData.url}` }] : []),
  ];
}
