import { getFormProps } from "@conform-to/react";

import { Form } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { FormErrors, SelectField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { ALL_SUBJECTS, PROGRAMME_OPTIONS, programmeLabel } from "#app/domain/programmes.ts";
import { GROUP_TYPES, ALL_PROGRAMMES, groupTypeLabel } from "#app/domain/whatsapp.ts";
import { groupFormSchema } from "#app/forms/admin-whatsapp-group.schema.ts";
import type { DialogFormProps } from "#app/components/ui/modal-dialog.tsx";

export type GroupValues = { subjectName: string; programme: string; groupType: string; whatsappLink: string };

/**
 * The Add/Edit group form, used by the dialogs (inside a fetcher form) and by
 * the no-JS pages (a plain form). Both post to the same action.
 */
export function GroupForm({
  id,
  action,
  lastResult,
  current,
  FormComponent = Form,
  submitLabel,
  pendingLabel,
  pending,
}: DialogFormProps<GroupValues>) {
  const schema = groupFormSchema(current);
  const [form, fields] = useSchemaForm(
    id,
    schema,
    lastResult,
    current
      ? { ...current, subjectName: current.groupType === "parent" ? "" : current.subjectName }
      : { groupType: "student" },
  );
  const subjects = withCurrent(
    [...ALL_SUBJECTS],
    current?.groupType === "parent" ? undefined : current?.subjectName,
  ).map((s) => ({ value: s, label: s }));
  const programmes = withCurrentOption(
    [...PROGRAMME_OPTIONS, { value: ALL_PROGRAMMES, label: "All programmes (parent groups)" }],
    current?.programme,
    programmeLabel,
  );
  const types = withCurrentOption(
    GROUP_TYPES.map((t) => ({ value: t, label: groupTypeLabel(t) })),
    current?.groupType,
    groupTypeLabel,
  );
  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <FormErrors form={form} />
      <SelectField field={fields.groupType} label="Group type" options={types} placeholder={null} />
      <SelectField
        field={fields.subjectName}
        label="Subject"
        options={subjects}
        placeholder="Select subject"
        hint="Not needed for a Parent Group."
      />
      <SelectField field={fields.programme} label="Programme" options={programmes} placeholder="Select programme" />
      <TextField
        field={fields.whatsappLink}
        label="WhatsApp link"
        type="url"
        inputProps={{ placeholder: "https://chat.whatsapp.com/…", autoComplete: "off" }}
      />
      <SubmitButton pendingLabel={pendingLabel} formAction={action} pending={pending}>
        {submitLabel}
      </SubmitButton>
    </FormComponent>
  );
}

function withCurrent(list: string[], current?: string) {
  return current && !list.includes(current) ? [...list, current] : list;
}

function withCurrentOption(
  options: ReadonlyArray<{ value: string; label: string }>,
  current: string | undefined,
  label: (v: string) => string,
) {
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: label(current) || current }]
    : options;
}
