import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/test-gateway";
import { TestGatewayAnswers } from "#app/routes/public/+shared/test-gateway-answers.tsx";
import { formatCedis } from "#app/domain/money.ts";
import { maskPhone } from "#app/domain/registration.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { testGatewayAllowed } from "#app/services/money/gateway/gateways.server.ts";
import {
  decideTestCheckout,
  testCheckout,
  type TestDecision,
} from "#app/services/money/gateway/test-gateway.server.ts";
import { receiveWebhook } from "#app/services/money/checkout.server.ts";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

/**
 * The built-in TEST gateway's checkout page (app/services/money/gateway/test-gateway.server.ts): what Paystack's hosted page
 * and the phone's Mobile Money prompt are in production. Served only where the TEST gateway may run; the reference is
 * the payment's unguessable id.
 */
async function requireTestTransaction(reference: string | undefined) {
  if (!testGatewayAllowed()) throw data("Not found", { status: 404 });
  const transaction = /^[a-z0-9]{20,40}$/.test(reference ?? "") ? await testCheckout(reference!) : null;
  if (!transaction) throw data("Not found", { status: 404 });
  return transaction;
}

export async function loader({ params }: Route.LoaderArgs) {
  const transaction = await requireTestTransaction(params.reference);
  return {
    amount: formatCedis(transaction.amount),
    // Masked, as a gateway's own page shows it: the page is open to whoever holds the reference.
    phone: transaction.phone ? maskPhone(transaction.phone) : "",
    status: transaction.status,
  };
}

const DECISIONS = new Set<TestDecision>(["approve", "decline", "no-answer"]);

export async function action({ request, params }: Route.ActionArgs) {
  const transaction = await requireTestTransaction(params.reference);
  const decision = String((await request.formData()).get("decision") ?? "") as TestDecision;
  if (!DECISIONS.has(decision)) throw data("Choose Approve, Decline or No answer", { status: 400 });
  const webhook = await decideTestCheckout(transaction._id, decision);
  // The same path as a real gateway's webhook: signed, checked, then settled.
  if (webhook) await receiveWebhook("test", webhook.raw, webhook.signature);
  return redirect(transaction.callbackUrl ?? "/test-gateway");
}

export default function TestGateway({ loaderData }: Route.ComponentProps) {
  const { amount, phone, status } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-3 text-center font-bold text-amber-900">
        TEST gateway: no money moves. A real gateway (Paystack) shows its own page here.
      </p>
      <h1 className="mt-6 text-2xl font-bold text-gray-900">Mobile Money payment to {SCHOOL_NAME}</h1>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-gray-900">
        <dt>Amount</dt>
        <dd className="font-semibold">{amount}</dd>
        {phone ? (
          <>
            <dt>Phone</dt>
            <dd className="font-semibold">{phone}</dd>
          </>
        ) : null}
      </dl>
      {status === "pending" ? (
        <>
          <p className="mt-6 text-gray-800">What does the payer do with the prompt on their phone?</p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <TestGatewayAnswers noAnswer />
          </Form>
        </>
      ) : (
        <p className="mt-6 text-gray-800">This payment has been answered already ({status}).</p>
      )}
    </main>
  );
}

export function meta() {
  return [{ title: `TEST payment | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
