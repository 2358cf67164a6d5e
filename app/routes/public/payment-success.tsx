import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/payment-success";
import { buttonClass } from "#app/components/ui/button.tsx";
import { paymentView } from "#app/domain/payment-view.ts";
import { formatCedis } from "#app/domain/money.ts";
import { getRegistrationDetail } from "#app/models/registration-admin.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { SupportPhones, SupportHours } from "#app/components/support-phones.tsx";
import { refreshGatewayPayment } from "#app/services/money/checkout.server.ts";
import { getOptionalUser } from "#app/utils/auth.server.ts";
import { maySeeRegistrationPayments } from "#app/services/money/payment-access.server.ts";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

/** How long the waiting page refreshes itself (every REFRESH_SECONDS) before it says to look again later. */
const WAIT_MINUTES = 15;
const REFRESH_SECONDS = 5;

/**
 * Where a gateway sends the payer back, and the page an "I have paid" report ends on: `?reference=<payment id>`
 * (unguessable) shows that payment. A payment made through the gateway is verified with the gateway before the page
 * says anything (app/services/money/checkout.server.ts): confirmed with its receipt, waiting for the payer's approval (the page
 * refreshes itself, no JavaScript needed), or not gone through. Anything else gets the thank-you page.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const reference = url.searchParams.get("reference") ?? "";
  if (!/^[a-z0-9]{20,40}$/.test(reference)) return { payment: null, signedIn: Boolean(await getOptionalUser(request)) };
  // The return is settled whoever opens it (the gateway is asked, not the visitor), but what the payment is — ward,
  // amount, receipt, balance — is shown only to its payer and the family's accounts; anyone else holding the id (it
  // is in receipts' SMS and request logs) sees only the state.
  const [{ payment, checked }, viewer] = await Promise.all([
    refreshGatewayPayment(reference),
    getOptionalUser(request),
  ]);
  if (!payment) return { payment: null, signedIn: Boolean(viewer) };
  // The payer, or whoever may see the registration's payments (the family's accounts, the office).
  const owner = viewer
    ? String(payment.createdBy ?? "") === String(viewer.effectiveUser._id) ||
      (await maySeeRegistrationPayments(viewer, payment.registrationId))
    : false;
  const reg = owner ? await getRegistrationDetail(payment.registrationId) : null;
  const view = paymentView(payment);
  const gateway = payment.method === "gateway-momo";
  const waiting = gateway && payment.state === "pending" && !payment.flag;
  return {
    signedIn: Boolean(viewer),
    parent: viewer?.effectiveUser.role === "parent",
    payment: {
      id: owner ? String(payment._id) : null,
      owner,
      amount: owner ? view.amount : "",
      method: view.method,
      reference: owner ? view.reference : null,
      stateLabel: view.stateLabel,
      state: view.state,
      receiptCode: owner ? view.receiptCode : null,
      reason: owner ? view.reason : null,
      balanceAfter: owner && payment.balanceAfter != null ? formatCedis(payment.balanceAfter) : null,
      wardName: reg?.wardName ?? "",
    },
    gateway,
    checked,
    waiting,
    refresh: waiting && Date.now() - new Date(payment.createdAt).getTime() < WAIT_MINUTES * 60_000,
  };
}

type Loaded = Route.ComponentProps["loaderData"];

function Outcome({ data }: { data: Loaded }) {
  const { payment } = data;
  if (!payment)
    return (
      <div className="rounded-xl border border-gray-200 bg-white p-6 text-gray-900">
        <h1 className="text-3xl font-bold">No payment to show</h1>
        <p className="mt-2">
          This page shows a payment when you arrive from "Pay with Mobile Money" or "I have paid". Your payments and
          receipts are under Payment History in the parent portal.
        </p>
      </div>
    );
  if (!("gateway" in data) || !data.gateway)
    return (
      <div className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900">
        <h1 className="text-3xl font-bold">Thank you for your payment</h1>
        <p className="mt-2">
          We have received your payment details. Your ward's place in the vacation classes is confirmed once we have
          checked the payment.
        </p>
        {payment ? <PaymentDetails payment={payment} signedIn={data.signedIn} /> : null}
      </div>
    );
  if (payment.state === "confirmed")
    return (
      <div className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-900">
        <h1 className="text-3xl font-bold">Payment confirmed</h1>
        <p className="mt-2">
          Thank you. Your Mobile Money payment has reached the school
          {payment.receiptCode ? `: receipt ${payment.receiptCode}` : ""}.
        </p>
        <PaymentDetails payment={payment} signedIn={data.signedIn} />
      </div>
    );
  if (payment.state === "rejected" || payment.state === "voided")
    return (
      <div className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-900">
        <h1 className="text-3xl font-bold">The payment did not go through</h1>
        <p className="mt-2">{payment.reason || "Nothing was taken."} The balance is unchanged.</p>
        <p className="mt-2">
          You can try again from{" "}
          <Link to="/dashboard/payments" className="font-semibold underline">
            Payment History
          </Link>
          .
        </p>
        <PaymentDetails payment={payment} signedIn={data.signedIn} />
      </div>
    );
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950" role="status">
      <h1 className="text-3xl font-bold">{data.waiting ? "Approve the prompt on your phone" : "Payment received"}</h1>
      {data.waiting ? (
        <p className="mt-2">
          {data.refresh
            ? `Enter your Mobile Money PIN when your phone asks. This page checks again every ${REFRESH_SECONDS} seconds.`
            : "The payment did not complete: no approval has come from your phone. Nothing is taken without it. Continue or cancel it from Payment History."}
          {data.checked ? "" : " We could not reach the payment gateway just now."}
        </p>
      ) : (
        <p className="mt-2">{payment.reason || "The school will check this payment and confirm it."}</p>
      )}
      <PaymentDetails payment={payment} signedIn={data.signedIn} />
      {data.waiting ? (
        <a href="" className={`mt-4 ${buttonClass("secondary")}`}>
          Check again
        </a>
      ) : null}
    </div>
  );
}

function PaymentDetails({ payment, signedIn }: { payment: NonNullable<Loaded["payment"]>; signedIn: boolean }) {
  if (!payment.owner)
    return signedIn ? (
      <p className="mt-4">This payment is not one of your family&apos;s: its details are not shown.</p>
    ) : (
      <p className="mt-4">
        <Link to="/portal?role=parent" className="font-semibold underline">
          Sign in to the parent portal
        </Link>{" "}
        to see the payment and its receipt.
      </p>
    );
  return (
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
          <dd className="font-mono font-semibold break-all">{payment.reference}</dd>
        </>
      ) : null}
      <dt>State</dt>
      <dd className="font-semibold">{payment.stateLabel}</dd>
      {payment.receiptCode && payment.id ? (
        <>
          <dt>Receipt</dt>
          <dd className="font-semibold">
            <a href={`/payments/${payment.id}/receipt.pdf`} className="underline [overflow-wrap:anywhere]">
              Download receipt {payment.receiptCode} (PDF)
            </a>
          </dd>
        </>
      ) : null}
      {payment.state === "confirmed" && payment.balanceAfter ? (
        <>
          <dt>Balance now</dt>
          <dd className="font-semibold">{payment.balanceAfter}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** What to do now, for what happened: keep the message while the school checks, keep the receipt, or try again. */
function nextSteps(data: Loaded): React.ReactNode[] {
  const state = data.payment?.state;
  if (state === "confirmed")
    return [
      "Keep the receipt: download it above or from Payment History at any time.",
      "Make sure your ward has joined the WhatsApp class pages listed on the registration confirmation page.",
    ];
  if (state === "rejected" || state === "voided")
    return ["Nothing was taken for this payment. Try again from Payment History, or call the school."];
  if (state === "pending")
    return [
      "Keep the Mobile Money confirmation message until we confirm the payment.",
      "Make sure your ward has joined the WhatsApp class pages listed on the registration confirmation page.",
    ];
  return ["Your payments and receipts are under Payment History in the parent portal."];
}

/** The ward's own portal, whatever happened. */
const STUDENT_PORTAL_STEP = (
  <>
    Your ward can sign in to the{" "}
    <Link to="/portal?role=student" className="font-semibold text-brand-700 underline">
      student portal
    </Link>{" "}
    to see subjects, class pages and the weekly schedule.
  </>
);

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const parent = "parent" in loaderData && loaderData.parent;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <Outcome data={loaderData} />
      <h2 className="mt-8 text-xl font-semibold text-gray-900">Next steps</h2>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-gray-800">
        {nextSteps(loaderData).map((step, i) => (
          <li key={i}>{step}</li>
        ))}
        <li>{STUDENT_PORTAL_STEP}</li>
      </ol>
      <p className="mt-6 text-gray-700">
        Questions about a payment? Call <SupportPhones linkClassName="font-semibold text-brand-700 underline" /> (
        <SupportHours />
        ).
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {parent ? (
          <Link to="/dashboard/payments" className={buttonClass("primary")}>
            Back to Payment History
          </Link>
        ) : loaderData.signedIn ? null : (
          <Link to="/portal" className={buttonClass("primary")}>
            Sign In
          </Link>
        )}
        <Link to="/" className={buttonClass("secondary")}>
          Back to the home page
        </Link>
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Payment | ${SCHOOL_NAME}` },
    { name: "robots", content: "noindex" },
    ...(loaderData && "refresh" in loaderData && loaderData.refresh
      ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]
      : []),
  ];
}
