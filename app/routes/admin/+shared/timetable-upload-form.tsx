/** The single-timetable upload form (app/routes/admin/timetable-upload.tsx); its file field is last, so the text fields
 * reach the server before the file streams. */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { parseWithZod } from "#app/forms/parse.ts";
import { TIMETABLE_ACCEPT, TimetableClientSchema, TimetableFieldsSchema } from "#app/forms/admin-timetable.schema.ts";
import { PROGRAMME_OPTIONS } from "#app/domain/programmes.ts";
import { ErrorList, FormErrors, SelectField, TextareaField, TextField } from "#app/components/form/fields.tsx";
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
  const [form, fields] = useForm({
    id: "timetable-single",
    lastResult,
    constraint: getZodConstraint(TimetableFieldsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TimetableClientSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const fileProps = getInputProps(fields.file, { type: "file", ariaAttributes: true });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="single" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.title} label="Title" required inputProps={{ maxLength: 200 }} />
      <TextareaField field={fields.description} label="Description (optional)" rows={3} />
      <SelectField
        field={fields.programme}
        label="Programme"
        required
        options={PROGRAMME_OPTIONS}
        placeholder="Select programme"
      />
      {/* Last in the form, so the text fields arrive before the file is streamed. */}
      <div>
        <label htmlFor={fields.file.id} className="mb-1 block text-sm font-medium text-gray-900">
          Timetable file
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
        <input
          {...fileProps}
          key={fileProps.key}
          accept={TIMETABLE_ACCEPT}
          className="block w-full text-sm text-gray-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white"
          aria-describedby={[`${fields.file.id}-hint`, fields.file.errors?.length ? fields.file.errorId : null]
            .filter(Boolean)
            .join(" ")}
        />
        <p id={`${fields.file.id}-hint`} className="mt-1 text-sm text-gray-700">
          JPG, PNG or PDF, up to 5 MB.
        </p>
        <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
      </div>
      <Button type="submit" disabled={disabled}>
        {busy ? "Uploading..." : "Upload Timetable"}
      </Button>
    </Form>
  );
}
