/** The single-timetable upload form (app/routes/admin/timetable-upload.tsx). */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { parseWithZod } from "#app/forms/parse.ts";
import { TIMETABLE_ACCEPT, TimetableClientSchema, TimetableFieldsSchema } from "#app/forms/admin-timetable.schema.ts";
import { PROGRAMME_OPTIONS, WARD_FORM_LABELS, WARD_FORMS } from "#app/domain/programmes.ts";
import {
  ChoiceGroup,
  FileField,
  FormErrors,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";

export function SingleUploadForm({
  lastResult,
  busy,
  disabled,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  disabled: boolean;
}) {
  const [form, fields] = usePortalForm("timetable-single", {
    lastResult,
    constraint: getZodConstraint(TimetableFieldsSchema),
    validate: ({ formData }) => parseWithZod(formData, { schema: TimetableClientSchema }),
    checkOn: "submit",
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="single" />
      <FormErrors form={form} />
      <TextField field={fields.title} label="Title" required inputProps={{ maxLength: 200 }} />
      <TextareaField field={fields.description} label="Description (optional)" rows={3} />
      <SelectField
        field={fields.programme}
        label="Programme"
        required
        options={PROGRAMME_OPTIONS}
        placeholder="Select programme"
      />
      <ChoiceGroup
        field={fields.forms}
        legend="For which forms? (none ticked: every form)"
        type="checkbox"
        columns={3}
        options={WARD_FORMS.map((f) => ({ value: f, label: WARD_FORM_LABELS[f] }))}
      />
      <FileField
        field={fields.file}
        label="Timetable file"
        required
        accept={TIMETABLE_ACCEPT}
        hint="JPG, PNG or PDF, up to 5 MB."
      />
      <Button type="submit" disabled={disabled}>
        {busy ? "Uploading..." : "Upload Timetable"}
      </Button>
    </Form>
  );
}
