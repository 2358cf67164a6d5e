import { data, redirect } from "react-router";
import { parseWithZod } from "#app/forms/parse.ts";
import { CheckoutSchema, PhonePromptSchema } from "#app/forms/payments.schema.ts";
import { refusalReply } from "#app/utils/refusal-reply.server.ts";
import { browserOrigin } from "#app/utils/app-origin.server.ts";
import { getParentRegistrations } from "#app/models/registration.server.ts";
import { startCheckout, startPhonePrompt } from "#app/services/money/checkout.server.ts";

/** Payment History's two ways of paying by Mobile Money, for the parent's own wards (anything else is 404). */
export type Payer = {
  _id: string;
  phone: string;
  email?: string | null;
  role: string;
  fullName: string;
  phoneVerifiedAt?: Date | null;
};

/** A ward of the payer's own registrations, else 404 (what another family's ward would show). */
async function assertOwnWard(payer: Payer, registrationId: string) {
  const own = await getParentRegistrations(payer);
  if (!own.some((r) => String(r._id) === registrationId)) throw data("Registration not found", { status: 404 });
}

/** "Pay with Mobile Money": a pending payment, then the gateway's checkout (app/services/money/checkout.server.ts). */
export async function checkout(request: Request, formData: FormData, payer: Payer, viewedAsBy: string | null) {
  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  const registrationId = String(formData.get("registrationId") ?? "");
  if (submission.status !== "success")
    return data({ checkout: { registrationId, result: submission.reply() } }, { status: 400 });
  await assertOwnWard(payer, submission.value.registrationId);
  const started = await startCheckout({
    registrationId: submission.value.registrationId,
    amount: submission.value.amount,
    payer,
    viewedAsBy,
    // The demo opened at another address comes back there, where the browser is signed in (APP_ORIGIN otherwise).
    origin: browserOrigin(request),
  });
  if (!started.ok)
    return data(
      { checkout: { registrationId, result: refusalReply(submission, started) } },
      { status: started.status },
    );
  // Our own page hands over to the gateway: a form post may only lead to this origin (CSP form-action), and a
  // browser without JavaScript follows the hand-over page's refresh or link (docs/decisions/0087).
  return redirect(`/dashboard/payments/checkout/${started.paymentId}`);
}

const CONFIRM_NUMBER_FIRST = "Confirm your phone number with a code first (Link Registration).";

/** "Pay from my phone": a Mobile Money prompt to the account's own number, proven by a code; then the waiting page. */
export async function phonePrompt(request: Request, formData: FormData, payer: Payer, viewedAsBy: string | null) {
  const submission = parseWithZod(formData, { schema: PhonePromptSchema });
  const registrationId = String(formData.get("registrationId") ?? "");
  if (submission.status !== "success")
    return data({ prompt: { registrationId, result: submission.reply() } }, { status: 400 });
  await assertOwnWard(payer, submission.value.registrationId);
  // Only a number a code proved: the form is not offered before, and a post without it is refused.
  if (!payer.phoneVerifiedAt)
    return data(
      { prompt: { registrationId, result: submission.reply({ formErrors: [CONFIRM_NUMBER_FIRST] }) } },
      { status: 403 },
    );
  const started = await startPhonePrompt({
    ...submission.value,
    payer,
    provenAccount: true,
    viewedAsBy,
    origin: browserOrigin(request),
  });
  if (!started.ok)
    return data({ prompt: { registrationId, result: refusalReply(submission, started) } }, { status: started.status });
  return redirect(`/dashboard/payments/prompt/${started.paymentId}`);
}
