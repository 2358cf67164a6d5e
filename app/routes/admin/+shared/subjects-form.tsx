import { getFormProps } from "@conform-to/react";

import { Form } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { FormErrors, SelectField, SubmitButton, TextareaField, TextField } from "#app/components/form/fields.tsx";
import { SubjectFormSchema } from "#app/forms/admin-subject.schema.ts";
import type { DialogFormProps } from "#app/components/ui/modal-dialog.tsx";

export type SubjectValues = { name: string; description: string | null; facilitatorId: string | null };
export type FacilitatorOption = { id: string; fullName: string };

/** The subject add/edit form: a plain form on the page, the same form in a fetcher inside the edit dialog. */
export function SubjectForm({
  id,
  action,
  lastResult,
  current,
  facilitators,
  FormComponent = Form,
  submitLabel,
  pendingLabel,
  pending,
}: DialogFormProps<SubjectValues> & { facilitators: FacilitatorOption[] }) {
  const [form, fields] = useSchemaForm(
    id,
    SubjectFormSchema,
    lastResult,
    current
      ? { name: current.name, description: current.description ?? "", facilitatorId: current.facilitatorId ?? "" }
      : undefined,
  );
  const options = facilitators.map((f) => ({ value: f.id, label: f.fullName }));
  // A facilitator who is no longer one (or was removed) stays visible as a truncated id.
  if (current?.facilitatorId && !facilitators.some((f) => f.id === current.facilitatorId)) {
    options.push({ value: current.facilitatorId, label: `Unknown (${current.facilitatorId.slice(0, 8)})` });
  }
  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <FormErrors form={form} />
      <TextField field={fields.name} label="Subject name" inputProps={{ maxLength: 100 }} />
      <TextareaField field={fields.description} label="Description (optional)" rows={3} />
      <SelectField
        field={fields.facilitatorId}
        label="Facilitator (optional)"
        options={options}
        placeholder="No facilitator"
      />
      <SubmitButton pendingLabel={pendingLabel} formAction={action} pending={pending}>
        {submitLabel}
      </SubmitButton>
    </FormComponent>
  );
}
