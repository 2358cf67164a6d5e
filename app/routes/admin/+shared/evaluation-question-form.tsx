import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { parseWithZod } from "#app/forms/parse.ts";
import { QuestionFieldsSchema, QuestionSchema } from "#app/forms/evaluation.schema.ts";
import { CHOICE_OPTIONS_HINT, QUESTION_TYPES, QUESTION_TYPE_LABELS, type Question } from "#app/domain/evaluations.ts";
import {
  CheckboxField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "#app/components/form/fields.tsx";

const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));

/** Add a question, or edit one (`question` given). One POST per change; works without JavaScript. */
export function QuestionForm({
  id,
  question,
  lastResult,
  submitLabel,
}: {
  id: string;
  question?: Question;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const [form, fields] = usePortalForm(id, {
    lastResult,
    defaultValue: question
      ? {
          ...question,
          options: question.options.join("\n"),
          required: question.required ? "on" : undefined,
          perSubject: question.perSubject ? "on" : undefined,
        }
      : { type: "rating", required: "on" },
    constraint: getZodConstraint(QuestionFieldsSchema),
    validate: ({ formData }) => parseWithZod(formData, { schema: QuestionSchema }),
  });
  const intent = question ? "edit-question" : "add-question";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {question ? <input type="hidden" name="questionId" value={question.id} /> : null}
      <FormErrors form={form} />
      <SelectField field={fields.type} label="Type" options={TYPE_OPTIONS} placeholder={null} />
      <TextField field={fields.prompt} label="Question" inputProps={{ autoComplete: "off" }} />
      <TextareaField field={fields.options} label="Options (choice questions)" hint={CHOICE_OPTIONS_HINT} rows={3} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          field={fields.lowLabel}
          label="Label for 1 (ratings)"
          inputProps={{ placeholder: "Poor", autoComplete: "off" }}
        />
        <TextField
          field={fields.highLabel}
          label="Label for 5 (ratings)"
          inputProps={{ placeholder: "Excellent", autoComplete: "off" }}
        />
      </div>
      <CheckboxField field={fields.required} label="Required" />
      <CheckboxField
        field={fields.perSubject}
        label="Per subject"
        hint="Asked once for each of the ward's subjects in this form's audience."
      />
      <SubmitButton pendingLabel="Saving..." name="intent" value={intent}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
