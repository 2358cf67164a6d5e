import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/test-gateway-prompts";
import { TestGatewayAnswers } from "#app/routes/public/+shared/test-gateway-answers.tsx";
import { formatCedis } from "#app/domain/money.ts";
import { MOMO_NETWORK_LABELS, type MomoNetwork } from "#app/domain/checkout.ts";
import { maskPhone } from "#app/domain/registration.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { testGatewayAllowed } from "#app/services/money/gateway/gateways.server.ts";
import { answerTestPrompt, testPrompts } from "#app/services/money/gateway/test-gateway.server.ts";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

/**
 * The prompts the built-in TEST gateway "sent" to parents' phones (a payment started from the USSD menu): what the
 * phone's Mobile Money prompt is in production, with Approve and Decline for each. Served only where the TEST gateway
 * may run; the numbers are masked, as a gateway's own pages show them.
 */
export async function loader() {
  if (!testGatewayAllowed()) throw data("Not found", { status: 404 });
  const prompts = await testPrompts();
  return {
    prompts: prompts.map((p) => ({
      reference: p._id,
      amount: formatCedis(p.amount),
      phone: p.phone ? maskPhone(formatPhone(p.phone)) : "",
      network: p.network ?? "",
      status: p.status,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  if (!testGatewayAllowed()) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const decision = String(form.get("decision") ?? "");
  if (decision !== "approve" && decision !== "decline") throw data("Choose Approve or Decline", { status: 400 });
  if (!(await answerTestPrompt(String(form.get("reference") ?? ""), decision)))
    throw data("Not found", { status: 404 });
  return redirect("/test-gateway");
}

export default function TestGatewayPrompts({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-3 text-center font-bold text-amber-900">
        TEST gateway: no money moves. In production the prompt appears on the parent&apos;s phone.
      </p>
      <h1 className="mt-6 text-2xl font-bold text-gray-900">Mobile Money prompts sent to phones</h1>
      {loaderData.prompts.length === 0 ? (
        <p className="mt-4 text-gray-800">No prompt has been sent yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {loaderData.prompts.map((p) => (
            <li key={p.reference} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <p className="text-gray-900">
                <span className="font-semibold">{p.amount}</span> to {p.phone} (
                {MOMO_NETWORK_LABELS[p.network as MomoNetwork] ?? p.network})
                {p.status === "pending" ? null : <span className="ml-2 text-gray-700">— {p.status}</span>}
              </p>
              {p.status === "pending" ? (
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="reference" value={p.reference} />
                  <TestGatewayAnswers />
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function meta() {
  return [{ title: `TEST prompts | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
