import type { RouteHandle } from "#app/utils/route-rules.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import type { Route } from "./+types/payments";
import { requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { submitPayment } from "#app/services/money/payments.server.ts";
import { checkoutConstraint, parentPaymentConstraint, phonePromptConstraint } from "#app/forms/constraints.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { Card, DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { PaymentStatusBadge } from "#app/components/payments/badges.tsx";
import { PaymentsTable } from "#app/components/payments/payments-table.tsx";
import { HowToPay } from "#app/components/fees-table.tsx";
import { ParentPaymentSchema } from "#app/forms/payments.schema.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { SupportPhones } from "#app/components/support-phones.tsx";
import { getParentRegistrations } from "#app/models/registration.server.ts";
import { Section } from "#app/components/ui/section.tsx";
import { CheckoutForm } from "#app/components/payments/checkout-form.tsx";
import { familyPayments } from "#app/routes/dashboard/+shared/payments-page.server.ts";
import { checkout, phonePrompt, type Payer } from "#app/routes/dashboard/+shared/payment-starts.server.ts";
import { OpenCheckout, ParentPaymentForm } from "#app/components/payments/parent-payment.tsx";
import { cancelCheckout, familyGatewayPayment } from "#app/services/money/checkout.server.ts";
import { activeGateway } from "#app/services/money/gateway/gateways.server.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { PhonePromptForm } from "#app/components/payments/phone-prompt-form.tsx";

export const handle = { rules: { access: { roles: ["parent"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const [family, gateway] = await Promise.all([familyPayments(effectiveUser), activeGateway()]);
  return {
    constraint: parentPaymentConstraint,
    checkoutConstraint,
    phonePromptConstraint,
    // "Pay from my phone" where the gateway sends prompts: to the account's number once a code proved it.
    promptPhone: gateway?.chargeMobileMoney
      ? effectiveUser.phoneVerifiedAt
        ? formatPhone(effectiveUser.phone)
        : null
      : undefined,
    ...family,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { effectiveUser, user, impersonating } = await requireRole(request, handle.rules.access.roles);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "checkout":
      return checkout(request, formData, effectiveUser, impersonating ? user._id : null);
    case "phone-prompt":
      return phonePrompt(request, formData, effectiveUser, impersonating ? user._id : null);
    // Done while viewing as the parent: the admin is who cancelled it.
    case "cancel-checkout":
      return cancelOpenCheckout(formData, effectiveUser, impersonating ? user._id : String(effectiveUser._id));
    // The "I have paid" form's own submit.
    case null:
      return reportPayment(formData, effectiveUser, impersonating ? user._id : null);
    default:
      return unknownIntent();
  }
}

/** A payment the parent made outside the portal, reported for the school to check. */
async function reportPayment(
  formData: FormData,
  effectiveUser: Awaited<ReturnType<typeof requireRole>>["effectiveUser"],
  viewedAsBy: string | null,
) {
  const submission = parseWithZod(formData, { schema: ParentPaymentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  // Only the parent's own wards: anything else is not found.
  const own = await getParentRegistrations(effectiveUser);
  if (!own.some((r) => String(r._id) === v.registrationId)) throw data("Registration not found", { status: 404 });
  const submitted = await submitPayment({
    registrationId: v.registrationId,
    amount: v.amount,
    method: v.method,
    reference: v.reference ?? null,
    paidOn: v.paidOn,
    payerPhone: effectiveUser.phone,
    note: null,
    source: "parent",
    actorId: effectiveUser._id,
    viewedAsBy,
  });
  if (!submitted.ok) return replyToRefusal(submission, submitted);
  return redirectWithToast("/dashboard/payments", {
    type: "success",
    title: "Payment details sent",
    description: "The school will check the payment and confirm it. You will see the receipt here.",
  });
}

/** "Cancel this payment" on an open checkout: the family's own only (else 404). */
async function cancelOpenCheckout(formData: FormData, payer: Payer, actorId: string) {
  const paymentId = String(formData.get("paymentId") ?? "");
  if (!(await familyGatewayPayment(payer, paymentId))) throw data("Payment not found", { status: 404 });
  const outcome = await cancelCheckout(paymentId, actorId);
  return redirectWithToast(
    "/dashboard/payments",
    outcome === "confirmed"
      ? {
          type: "success",
          title: "The payment had gone through",
          description: "It is confirmed: see the receipt below.",
        }
      : outcome === "cancelled"
        ? { type: "success", title: "Payment cancelled", description: "Nothing was taken. You can start another." }
        : { type: "info", title: "This payment is no longer open", description: "See its state in the list below." },
  );
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { wards, payments, howToPay } = loaderData;
  return (
    <DashboardPage title="Payment History" description="Fees and payments for your wards' classes.">
      {wards.length === 0 ? (
        <EmptyState>
          No registrations found for your phone number, so there are no fees to show. For questions about fees call{" "}
          <SupportPhones />.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {loaderData.testGateway && wards.some((w) => w.checkout) ? (
            <p className="rounded-md border border-dashed border-amber-600 bg-amber-50 p-3 text-sm text-amber-900">
              Pay with Mobile Money goes to the portal's TEST gateway here: no money moves.
            </p>
          ) : null}
          <Section
            id="balances-heading"
            title="Balances"
            className="grid gap-4 md:grid-cols-2"
            headingClassName="sr-only"
          >
            {wards.map((w) => (
              <Card key={w.id} title={w.wardName} headingLevel={3}>
                <p className="text-sm text-gray-700">
                  {w.programme}
                  {w.vacation ? ` · ${w.vacation}` : ""}
                </p>
                <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                  <dt className="text-gray-700">Amount due</dt>
                  <dd className="font-semibold">{w.amountDue}</dd>
                  <dt className="text-gray-700">Paid</dt>
                  <dd className="font-semibold">{w.amountPaid}</dd>
                  <dt className="text-gray-700">Balance</dt>
                  <dd className="font-semibold">{w.balance || "—"}</dd>
                  <dt className="text-gray-700">Status</dt>
                  <dd>
                    <PaymentStatusBadge status={w.status} label={w.statusLabel} />
                  </dd>
                  {howToPay?.deadline ? (
                    <>
                      <dt className="text-gray-700">Deadline</dt>
                      <dd className="font-semibold">{howToPay.deadline}</dd>
                    </>
                  ) : null}
                </dl>
                {w.awaiting ? (
                  <p className="mt-4 border-t border-gray-200 pt-4 text-sm text-gray-800">
                    <strong>{w.awaiting}</strong> for {w.wardName} is waiting for the school&apos;s confirmation.{" "}
                    {w.checkout
                      ? `Pay only the rest, ${w.rest}, or wait for the school to check it.`
                      : "Nothing more to pay until the school has checked it."}
                  </p>
                ) : null}
                {w.open ? <OpenCheckout open={w.open} wardName={w.wardName} /> : null}
                {w.checkout ? (
                  <CheckoutForm
                    offer={w.checkout}
                    wardName={w.wardName}
                    constraint={loaderData.checkoutConstraint}
                    lastResult={
                      actionData && "checkout" in actionData && actionData.checkout.registrationId === w.id
                        ? actionData.checkout.result
                        : undefined
                    }
                  />
                ) : null}
                {w.checkout && loaderData.promptPhone !== undefined ? (
                  <PhonePromptForm
                    offer={w.checkout}
                    wardName={w.wardName}
                    phone={loaderData.promptPhone}
                    constraint={loaderData.phonePromptConstraint}
                    lastResult={
                      actionData && "prompt" in actionData && actionData.prompt.registrationId === w.id
                        ? actionData.prompt.result
                        : undefined
                    }
                  />
                ) : null}
              </Card>
            ))}
          </Section>

          <Card title="I have paid">
            {howToPay ? (
              <div className="mb-4 text-sm text-gray-800">
                <HowToPay fees={howToPay} />
              </div>
            ) : null}
            <p className="mb-4 text-sm text-gray-700">
              Paid to the school's Mobile Money number or at the bank? Send us the transaction reference from your
              confirmation message. We check it and confirm the payment. (A payment made with "Pay with Mobile Money"
              above is confirmed by itself.)
            </p>
            <ParentPaymentForm
              wards={wards}
              lastResult={actionData && "result" in actionData ? actionData.result : undefined}
              constraint={loaderData.constraint}
            />
          </Card>

          <Section id="payments-heading" title="Payments" headingClassName="mb-3 text-lg font-semibold text-gray-900">
            <PaymentsTable
              payments={payments}
              label="Payments"
              emptyText="No payments recorded yet."
              stateFirst
              ward={(p) => p.wardName}
              stateNote={(p) => (p.reason ? <p className="mt-1 text-xs text-gray-800">Reason: {p.reason}</p> : null)}
            />
          </Section>
        </div>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Payment History | ${SCHOOL_NAME}` }];
}
