import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useClientValidation, type FormConstraint } from "#app/components/form/use-client-validation.ts";
import { SchemaForm, SelectField, SubmitButton, TextField, type AnyField } from "#app/components/form/fields.tsx";
import { MOMO_NETWORKS, MOMO_NETWORK_LABELS } from "#app/domain/checkout.ts";
import type { CheckoutOffer } from "#app/components/payments/checkout-form.tsx";

const NETWORK_OPTIONS = MOMO_NETWORKS.map((value) => ({ value, label: MOMO_NETWORK_LABELS[value] }));

/**
 * "Pay from my phone" for one ward (docs/payments.md): no checkout page; the gateway sends a Mobile Money prompt to the
 * account's own number, which a code proved. Without that proof, the way to give it.
 */
export function PhonePromptForm({
  offer,
  wardName,
  phone,
  lastResult,
  constraint,
}: {
  offer: CheckoutOffer;
  wardName: string;
  /** The account's number as shown, when a code proved it; null otherwise. */
  phone: string | null;
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const validate = useClientValidation(() => import("#app/forms/payments.schema.ts").then((m) => m.PhonePromptSchema));
  const [form, fields] = usePortalForm(`phone-prompt-${offer.registrationId}`, {
    lastResult,
    defaultValue: { amount: offer.defaultAmount },
    constraint,
    validate,
  });
  const f = fields as unknown as Record<string, AnyField>;
  if (!phone)
    return (
      <p className="mt-4 border-t border-gray-200 pt-4 text-sm text-gray-800">
        To pay by a prompt on your phone, first{" "}
        <Link to="/dashboard/link-registration" className="font-semibold text-brand-700 underline">
          confirm your phone number with a code
        </Link>
        .
      </p>
    );
  return (
    <SchemaForm form={form} className="mt-4 space-y-3 border-t border-gray-200 pt-4">
      <input type="hidden" name="intent" value="phone-prompt" />
      <input type="hidden" name="registrationId" value={offer.registrationId} />
      <TextField
        field={f.amount}
        label={`Amount for a prompt to ${phone}, for ${wardName} (GH₵)`}
        hint="The prompt comes to this phone: approve it with your Mobile Money PIN."
        inputProps={{ inputMode: "decimal", maxLength: 14 }}
      />
      <SelectField field={f.network} label="Mobile Money network" options={NETWORK_OPTIONS} placeholder="Select…" />
      <SubmitButton variant="secondary" pendingLabel="Sending the prompt...">
        Pay from my phone
      </SubmitButton>
    </SchemaForm>
  );
}
