import type { SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";

import { useClientValidation, type FormConstraint } from "#app/components/form/use-client-validation.ts";
import { SubmitButton, TextField, type AnyField, SchemaForm } from "#app/components/form/fields.tsx";

export type CheckoutOffer = {
  registrationId: string;
  /** The amount the field starts with (the balance), as typed text. */
  defaultAmount: string;
  /** The limits, formatted: "GH₵ 10.00"; max null when overpayment is allowed. */
  min: string;
  max: string | null;
};

/**
 * "Pay with Mobile Money" for one ward (docs/payments.md): a plain form post; the server checks the amount against
 * the registration and sends the payer to the gateway's checkout.
 */
export function CheckoutForm({
  offer,
  wardName,
  lastResult,
  constraint,
}: {
  offer: CheckoutOffer;
  wardName: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const validate = useClientValidation(() => import("#app/forms/payments.schema.ts").then((m) => m.CheckoutSchema));
  const [form, fields] = usePortalForm(`checkout-${offer.registrationId}`, {
    lastResult,
    defaultValue: { amount: offer.defaultAmount },
    constraint,
    validate,
  });
  const f = fields as unknown as Record<string, AnyField>;
  const range = offer.max ? `Between ${offer.min} and the balance, ${offer.max}.` : `At least ${offer.min}.`;
  return (
    <SchemaForm form={form} className="mt-4 space-y-3 border-t border-gray-200 pt-4">
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="registrationId" value={offer.registrationId} />
      <TextField
        field={f.amount}
        label={`Amount to pay for ${wardName} (GH₵)`}
        hint={`${range} You approve the payment on your phone.`}
        inputProps={{ inputMode: "decimal", maxLength: 14 }}
      />
      <SubmitButton pendingLabel="Starting payment...">Pay with Mobile Money</SubmitButton>
    </SchemaForm>
  );
}
