import { Form, Link } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useClientValidation, type FormConstraint } from "#app/components/form/use-client-validation.ts";
import { SelectField, SubmitButton, TextField, type AnyField, SchemaForm } from "#app/components/form/fields.tsx";
import { PARENT_METHOD_OPTIONS } from "#app/forms/payments.fields.ts";

/**
 * A ward's open Mobile Money payment on Payment History: approve it on the phone, continue at the gateway or cancel
 * it; one the office is checking (the network reported another amount) says so instead.
 */
export function OpenCheckout({
  open,
  wardName,
}: {
  open: { id: string; amount: string; flagged: boolean };
  wardName: string;
}) {
  return (
    <div
      className="mt-4 space-y-3 border-t border-gray-200 pt-4"
      role="group"
      aria-label={`Open payment for ${wardName}`}
    >
      {open.flagged ? (
        <p className="text-sm text-gray-800">
          A Mobile Money payment of <strong>{open.amount}</strong> for {wardName} is being checked by the school&apos;s
          office (the network reported another amount). The office will confirm it or call you.
        </p>
      ) : (
        <p className="text-sm text-gray-800">
          A Mobile Money payment of <strong>{open.amount}</strong> for {wardName} is open: approve it on your phone, or
          cancel it to start another.
        </p>
      )}
      {open.flagged ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={`/dashboard/payments/checkout/${open.id}`}
            className="font-semibold text-brand-700 underline"
            reloadDocument
          >
            Continue the payment
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel-checkout" />
            <input type="hidden" name="paymentId" value={open.id} />
            <SubmitButton variant="secondary" pendingLabel="Cancelling...">
              Cancel this payment
            </SubmitButton>
          </Form>
        </div>
      )}
    </div>
  );
}

/** `constraint`: from the loader (the schema's constraints); the schema itself loads only to validate (ADR 0065). */
export function ParentPaymentForm({
  wards,
  lastResult,
  constraint,
}: {
  wards: { id: string; wardName: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const validate = useClientValidation(() =>
    import("#app/forms/payments.schema.ts").then((m) => m.ParentPaymentSchema),
  );
  const [form, fields] = usePortalForm("parent-payment", {
    lastResult,
    defaultValue: {
      registrationId: wards.length === 1 ? wards[0].id : "",
      method: "mtn-momo",
      paidOn: new Date().toISOString().slice(0, 10),
    },
    constraint,
    validate,
  });
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <SchemaForm form={form} className="grid gap-4 sm:grid-cols-2">
      <SelectField
        field={f.registrationId}
        label="Ward"
        options={wards.map((w) => ({ value: w.id, label: w.wardName }))}
        placeholder={wards.length === 1 ? null : "Choose the ward…"}
      />
      <SelectField field={f.method} label="How you paid" options={PARENT_METHOD_OPTIONS} placeholder={null} />
      <TextField
        field={f.reference}
        label="Transaction reference"
        hint="As it appears in your Mobile Money or bank message."
        required
        inputProps={{ maxLength: 60, autoComplete: "off" }}
      />
      <TextField field={f.amount} label="Amount paid (GH₵)" inputProps={{ inputMode: "decimal", maxLength: 14 }} />
      <TextField field={f.paidOn} label="Date paid" inputProps={{ type: "date" }} />
      <div className="sm:col-span-2">
        <SubmitButton pendingLabel="Sending...">Send payment details</SubmitButton>
      </div>
    </SchemaForm>
  );
}
