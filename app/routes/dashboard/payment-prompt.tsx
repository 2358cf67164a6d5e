import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useEffect } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/payment-prompt";
import { requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { SubmitButton } from "#app/components/form/fields.tsx";
import { formatCedis } from "#app/domain/money.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { maskPhone } from "#app/domain/registration.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { familyGatewayPayment, refreshGatewayPayment } from "#app/services/money/checkout.server.ts";

export const handle = { rules: { access: { roles: ["parent"] } } } satisfies RouteHandle;

/** A prompt of the family's own (404 otherwise), as it stands. */
async function ownPrompt(user: Parameters<typeof familyGatewayPayment>[0], paymentId: string) {
  const own = await familyGatewayPayment(user, paymentId);
  if (!own) throw data("Not found", { status: 404 });
  return own;
}

/**
 * After "Pay from my phone": the prompt is on the phone; this page says so and shows what became of it. With
 * JavaScript it looks again every few seconds (a webhook settles an approved prompt); "Check again" asks the gateway.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const own = await ownPrompt(effectiveUser, String(params.paymentId));
  return {
    wardName: own.wardName ?? "",
    amount: formatCedis(own.amount),
    phone: own.payerPhone ? maskPhone(formatPhone(own.payerPhone)) : "",
    state: own.state,
    receipt: own.receiptCode,
    reason: own.rejectedReason,
  };
}

/** "Check again": the gateway is asked, and the payment settled from its answer (once, whatever came before). */
export async function action({ request, params }: Route.ActionArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  await ownPrompt(effectiveUser, String(params.paymentId));
  await refreshGatewayPayment(String(params.paymentId));
  return { checked: true };
}

export default function PaymentPrompt({ loaderData }: Route.ComponentProps) {
  const { wardName, amount, phone, state, receipt, reason } = loaderData;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (state !== "pending") return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), 5_000);
    return () => clearInterval(timer);
  }, [state, revalidator]);
  return (
    <DashboardPage title="Pay from my phone" description={`Paying ${amount} for ${wardName}.`}>
      <div className="max-w-xl space-y-4 rounded-lg border border-gray-200 bg-white p-5" aria-live="polite">
        {state === "pending" ? (
          <>
            <p className="text-gray-900">
              A Mobile Money prompt for <strong>{amount}</strong> is on its way to {phone}. Approve it on your phone
              with your PIN. This page shows the payment once the network confirms it.
            </p>
            <Form method="post">
              <SubmitButton pendingLabel="Checking...">Check again</SubmitButton>
            </Form>
          </>
        ) : state === "confirmed" ? (
          <p className="text-gray-900">
            <strong>Paid: {amount}</strong> for {wardName}. Receipt {receipt}. The receipt also comes by SMS.
          </p>
        ) : (
          <p className="text-gray-900">
            <strong>Not paid.</strong> {reason ?? "The payment did not go through."} The balance is as it was.
          </p>
        )}
        <p>
          <Link to="/dashboard/payments" className="font-semibold text-brand-700 underline">
            Back to Payment History
          </Link>
        </p>
      </div>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Pay from my phone | ${SCHOOL_NAME}` }];
}
