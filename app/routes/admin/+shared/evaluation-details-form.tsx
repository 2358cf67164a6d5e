import { useSchemaForm } from "#app/components/form/use-schema-form.ts";

import { EvaluationDetailsSchema } from "#app/forms/evaluation.schema.ts";
import {
  CheckboxField,
  ChoiceGroup,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  SchemaForm,
} from "#app/components/form/fields.tsx";
import { ALL_SUBJECTS, PROGRAMME_OPTIONS } from "#app/domain/programmes.ts";
import type { SubmissionResult } from "@conform-to/react";

export type DetailsValues = {
  title: string;
  intro: string;
  programmes: string[];
  subject: string;
  opensAt: string;
  closesAt: string;
  anonymous: boolean;
};

const SUBJECT_OPTIONS = ALL_SUBJECTS.map((s) => ({ value: s, label: s }));

/**
 * A form's details (new and edit pages): title, introduction, audience, opening and closing time, anonymous.
 * Once a form has answers (`locked`), its audience and anonymity are shown but cannot change.
 */
export function EvaluationDetailsForm({
  id,
  lastResult,
  current,
  locked = false,
  submitLabel,
  intent,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  current?: DetailsValues;
  locked?: boolean;
  submitLabel: string;
  intent?: string;
}) {
  const [form, fields] = useSchemaForm(id, EvaluationDetailsSchema, lastResult, current ?? { programmes: [] });
  return (
    <SchemaForm form={form} className="space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <TextField field={fields.title} label="Title" inputProps={{ autoComplete: "off" }} />
      <TextareaField
        field={fields.intro}
        label="Introduction"
        hint="Shown to parents above the questions (optional)."
        rows={3}
      />
      {locked ? (
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">
          Parents have answered this form, so who it is for and whether it is anonymous stay as they are.
          {current?.programmes.map((p) => (
            <input key={p} type="hidden" name="programmes" value={p} />
          ))}
          {current?.subject ? <input type="hidden" name="subject" value={current.subject} /> : null}
          {current?.anonymous ? <input type="hidden" name="anonymous" value="on" /> : null}
        </p>
      ) : (
        <>
          <ChoiceGroup
            field={fields.programmes}
            legend="Programmes (none ticked: all parents)"
            options={PROGRAMME_OPTIONS}
            type="checkbox"
            columns={2}
          />
          <SelectField
            field={fields.subject}
            label="Only parents of wards taking"
            options={SUBJECT_OPTIONS}
            placeholder="Any subject"
          />
          <CheckboxField
            field={fields.anonymous}
            label="Anonymous"
            hint="No name, phone number or ward is stored with the answers. Cannot be changed once parents answer."
          />
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.opensAt} label="Opens at" type="datetime-local" hint="Ghana time (GMT)." />
        <TextField field={fields.closesAt} label="Closes at" type="datetime-local" />
      </div>
      <SubmitButton pendingLabel="Saving..." name={intent ? "intent" : undefined} value={intent}>
        {submitLabel}
      </SubmitButton>
    </SchemaForm>
  );
}
