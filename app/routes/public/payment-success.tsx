import { Link } from "react-router";
import type { Route } from "./+types/payment-success";
import { buttonClass } from "#app/components/ui/button.tsx";
import { paymentView } from "#app/domain/payment-view.ts";
import { getPayment } from "#app/models/payment.server.ts";
import { getRegistrationDetail } from "#app/models/registration-admin.server.ts";
import { SCHOOL_NAME, SUPPORT_HOURS } from "#app/domain/school.ts";
import { SupportPhones } from "#app/components/support-phones.tsx";

/**
 * Where a gateway sends the payer back (app/utils/payments.server.ts is the seam):
 * `?reference=<payment id>` (unguessable) shows that payment; anything else
 * gets the generic thank-you page with next steps.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const reference = url.searchParams.get("reference") ?? "";
  if (!/^[a-z0-9]{20,40}$/.test(reference)) return { payment: null };
  const payment = await getPayment(reference);
  if (!payment) return { payment: null };
  const reg = await getRegistrationDetail(payment.registrationId);
  const view = paymentView(payment);
  return {
    payment: {
      amount: view.amount,
      method: view.method,
      reference: view.reference,
      stateLabel: view.stateLabel,
      state: view.state,
      receiptCode: view.receiptCode,
      wardName: reg?.wardName ?? "",
    },
  };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { payment } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900">
        <h1 className="text-3xl font-bold">Thank you for your payment</h1>
        <p className="mt-2">
          We have received your payment details. Your ward's place in the vacation classes is confirmed once we have
          checked the payment.
        </p>
        {payment ? (
          <dl className="mt-4 grid grid-cols-2 gap-2" aria-label="Your payment">
            <dt>Ward</dt>
            <dd className="font-semibold">{payment.wardName}</dd>
            <dt>Amount</dt>
            <dd className="font-semibold">{payment.amount}</dd>
            <dt>Method</dt>
            <dd className="font-semibold">{payment.method}</dd>
            {payment.reference ? (
              <>
                <dt>Reference</dt>
                <dd className="font-mono font-semibold">{payment.reference}</dd>
              </>
            ) : null}
            <dt>State</dt>
            <dd className="font-semibold">{payment.stateLabel}</dd>
            {payment.receiptCode ? (
              <>
                <dt>Receipt</dt>
                <dd className="font-semibold">{payment.receiptCode}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
      <h2 className="mt-8 text-xl font-semibold text-gray-900">Next steps</h2>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-gray-800">
        <li>Keep the Mobile Money confirmation message until we confirm the payment on WhatsApp or by phone.</li>
        <li>Make sure your ward has joined the WhatsApp class pages listed on the registration confirmation page.</li>
        <li>
          Your ward can sign in to the{" "}
          <Link to="/portal?role=student" className="font-semibold text-brand-700 underline">
            student portal
          </Link>{" "}
          to see subjects, class pages and the weekly schedule.
        </li>
      </ol>
      <p className="mt-6 text-gray-700">
        Questions about a payment? Call <SupportPhones linkClassName="font-semibold text-brand-700 underline" /> (
        {SUPPORT_HOURS}).
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Back to the home page
        </Link>
        <Link to="/portal" className={buttonClass("secondary")}>
          Sign In
        </Link>
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Payment received | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
