/** The registration page's payment forms: a payment the office received, the amount due, a payment's decisions. */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";

import { Form } from "react-router";
import { AdjustDueSchema, OFFICE_METHOD_OPTIONS, RecordPaymentSchema } from "#app/forms/payments.schema.ts";
import type { PaymentView } from "#app/domain/payment-view.ts";
import {
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ErrorList,
  type AnyField,
} from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";

import type { ActionReply } from "#app/routes/admin/+shared/registration-detail-forms.tsx";

export function RecordPaymentForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm("record-payment", RecordPaymentSchema, lastResult, {
    method: "mtn-momo",
    paidOn: new Date().toISOString().slice(0, 10),
  });
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-gray-200 p-4">
      <h3 className="font-semibold text-gray-900">Record a payment</h3>
      <input type="hidden" name="intent" value="record" />
      <FormErrors form={form} />
      <TextField field={f.amount} label="Amount (GH₵)" inputProps={{ inputMode: "decimal", maxLength: 14 }} />
      <SelectField field={f.method} label="Method" options={OFFICE_METHOD_OPTIONS} placeholder={null} />
      <TextField
        field={f.reference}
        label="Transaction reference"
        hint="Required except for cash."
        required={false}
        inputProps={{ maxLength: 60, autoComplete: "off" }}
      />
      <TextField field={f.paidOn} label="Paid on" inputProps={{ type: "date" }} />
      <TextField field={f.payerPhone} label="Payer phone" type="tel" inputProps={{ maxLength: 30 }} />
      <TextareaField field={f.note} label="Note" rows={2} />
      <SubmitButton pendingLabel="Recording...">Record payment</SubmitButton>
    </Form>
  );
}

export function AdjustDueForm({ lastResult, current }: { lastResult?: SubmissionResult<string[]>; current: string }) {
  const [form, fields] = useSchemaForm("adjust-due", AdjustDueSchema, lastResult, { amountDue: current });
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 self-start rounded-lg border border-gray-200 p-4">
      <h3 className="font-semibold text-gray-900">Adjust the amount due</h3>
      <input type="hidden" name="intent" value="adjust-due" />
      <FormErrors form={form} />
      <TextField
        field={f.amountDue}
        label="New amount due (GH₵)"
        inputProps={{ inputMode: "decimal", maxLength: 14 }}
      />
      <TextField field={f.reason} label="Reason for the change" inputProps={{ maxLength: 300 }} />
      <SubmitButton pendingLabel="Saving...">Change amount due</SubmitButton>
    </Form>
  );
}

export function PaymentActions({ payment, reply }: { payment: PaymentView; reply?: ActionReply }) {
  if (payment.state === "pending" && payment.viaGateway) {
    return (
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <GatewayConfirmForm payment={payment} reply={reply} />
        <ReasonForm intent="reject" payment={payment} reply={reply} />
      </div>
    );
  }
  if (payment.state === "pending") {
    return (
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="paymentId" value={payment.id} />
          <Button type="submit" aria-label={`Confirm payment ${payment.reference}`}>
            Confirm
          </Button>
        </Form>
        <ReasonForm intent="reject" payment={payment} reply={reply} />
      </div>
    );
  }
  if (payment.state === "confirmed") return <ReasonForm intent="void" payment={payment} reply={reply} />;
  return null;
}

/**
 * Confirm on a gateway payment: the server asks the gateway first; the reason is needed only when the gateway has not
 * approved it (the office has seen the money arrive), and is kept in the audit trail.
 */
function GatewayConfirmForm({ payment, reply }: { payment: PaymentView; reply?: ActionReply }) {
  const formId = `confirm-${payment.id}`;
  const [form, fields] = usePortalForm(formId, { lastResult: reply?.form === formId ? reply.result : undefined });
  const override = fields.override as AnyField;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="paymentId" value={payment.id} />
      <div className="flex min-w-56 flex-col gap-1">
        <label htmlFor={override.id} className="text-xs font-medium text-gray-900">
          Reason, only to confirm {payment.amount} without the gateway&apos;s approval
        </label>
        <input
          {...getInputProps(override, { type: "text", ariaAttributes: true })}
          maxLength={300}
          className="rounded-md border border-gray-400 px-2 py-2 text-sm"
          aria-describedby={override.errors?.length ? override.errorId : undefined}
        />
        <ErrorList id={override.errorId} errors={override.errors} />
      </div>
      <Button type="submit" aria-label={`Confirm payment ${payment.reference || payment.amount}`}>
        Confirm
      </Button>
    </Form>
  );
}

function ReasonForm({
  intent,
  payment,
  reply,
}: {
  intent: "reject" | "void";
  payment: PaymentView;
  reply?: ActionReply;
}) {
  const formId = `${intent}-${payment.id}`;
  const [form, fields] = usePortalForm(formId, { lastResult: reply?.form === formId ? reply.result : undefined });
  const reason = fields.reason as AnyField;
  const label = intent === "reject" ? "Reason for rejecting" : "Reason for voiding";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="paymentId" value={payment.id} />
      <div className="flex min-w-56 flex-col gap-1">
        <label htmlFor={reason.id} className="text-xs font-medium text-gray-900">
          {label} {payment.reference || payment.amount}
        </label>
        <input
          {...getInputProps(reason, { type: "text", ariaAttributes: true })}
          maxLength={300}
          className="rounded-md border border-gray-400 px-2 py-2 text-sm"
          aria-describedby={reason.errors?.length ? reason.errorId : undefined}
        />
        <ErrorList id={reason.errorId} errors={reason.errors} />
      </div>
      <Button type="submit" variant={intent === "void" ? "danger" : "secondary"}>
        {intent === "reject" ? "Reject" : "Void"}
      </Button>
    </Form>
  );
}
