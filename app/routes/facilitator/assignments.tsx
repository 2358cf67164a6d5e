import { TOO_MANY_PIXELS } from "#app/domain/files.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useResetAfterSuccess } from "#app/components/form/use-reset-after-success.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { useRef } from "react";
import { FormDraft } from "#app/components/form/form-draft.tsx";
import type { Route } from "./+types/assignments";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { parseUpload, UPLOAD_TYPES } from "#app/utils/uploads.server.ts";
import { assignmentChoices, setAssignment } from "#app/services/teaching/assignments.server.ts";
import {
  ASSIGNMENT_ACCEPT,
  ASSIGNMENT_FILE_REQUIRED,
  ASSIGNMENT_INVALID_TYPE,
  ASSIGNMENT_MAX_BYTES,
  ASSIGNMENT_MAX_LABEL,
  ASSIGNMENT_TOO_LARGE,
  NO_SUBJECTS_YET,
  AssignmentFieldsSchema,
  AssignmentUploadSchema,
} from "#app/forms/assignment.schema.ts";
import {
  CheckboxField,
  ErrorList,
  FileField,
  FormErrors,
  SubmitButton,
  SelectField,
  TextField,
} from "#app/components/form/fields.tsx";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { AssignmentList } from "#app/components/dashboard/assignment-list.tsx";
import { loadAssignmentItems } from "#app/routes/dashboard/+shared/assignments.server.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] }, body: "upload" } } satisfies RouteHandle;

const ALLOWED = [
  UPLOAD_TYPES.pdf,
  UPLOAD_TYPES.jpg,
  UPLOAD_TYPES.png,
  UPLOAD_TYPES.mp4,
  UPLOAD_TYPES.mov,
  UPLOAD_TYPES.avi,
];
const FilterSchema = z.object({ subject: z.string().trim().max(100).optional() });

export async function loader({ request, url }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const parsed = FilterSchema.safeParse({ subject: url.searchParams.get("subject") ?? undefined });
  if (!parsed.success) throw data("Invalid subject filter.", { status: 400 });
  const subject = parsed.data.subject || null;
  const [choices, items] = await Promise.all([
    assignmentChoices(effectiveUser),
    loadAssignmentItems(effectiveUser._id, subject),
  ]);
  const classes = choices.classes.map((c) => ({ value: c.value, label: c.label }));
  return { options: { own: choices.own, others: choices.others, classes }, items, subject };
}

const FAILURE_MESSAGES = {
  "too-large": ASSIGNMENT_TOO_LARGE,
  "invalid-type": ASSIGNMENT_INVALID_TYPE,
  empty: ASSIGNMENT_FILE_REQUIRED,
  "too-many": "Choose one file",
  malformed: "The upload could not be read.",
  "too-many-pixels": TOO_MANY_PIXELS,
} as const;

export async function action({ request }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  const upload = await parseUpload(request, { fileField: "file", allowed: ALLOWED, maxBytes: ASSIGNMENT_MAX_BYTES });
  if (!upload.ok && upload.failure === "malformed") throw data("The upload could not be read.", { status: 400 });
  // A refused file (too large, wrong type, empty) still brings back every text field
  // typed before it (the file input is the form's last field): see parseUpload.
  const submission = parseWithZod(upload.fields, { schema: AssignmentFieldsSchema });
  if (submission.status !== "success" || !upload.ok) {
    const fieldErrors: Record<string, string[]> = upload.ok ? {} : { file: [FAILURE_MESSAGES[upload.failure]] };
    return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  const set = await setAssignment(actorOf(info), submission.value, upload.file);
  if (!set.ok) return replyToRefusal(submission, set);
  return redirectWithToast("/facilitator-dashboard/assignments", {
    type: "success",
    title: "Assignment uploaded successfully",
  });
}

export default function FacilitatorAssignments({ loaderData, actionData }: Route.ComponentProps) {
  const { options, items, subject } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm("assignment-upload", AssignmentUploadSchema, actionData?.result, {
    maxScore: "100",
  });
  // Uploaded: the form starts empty with JavaScript as without, so the same file is not sent twice.
  useResetAfterSuccess(form, "upload", actionData?.result);
  const selectProps = getSelectProps(fields.subject, { ariaAttributes: true });
  const descriptionProps = getTextareaProps(fields.description, { ariaAttributes: true });
  const inputClass = "block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900";
  return (
    <DashboardPage title="Assignments" description="Set work for your students: they hand it in here, and you mark it.">
      <Card title="Upload an assignment">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} ref={formRef} className="space-y-4">
          <FormDraft formId="assignment-upload" formRef={formRef} />
          <input type="hidden" name="intent" value="upload" />
          <FormErrors form={form} />
          <div>
            <label htmlFor={fields.subject.id} className="mb-1 block text-sm font-medium text-gray-900">
              Subject
              <span aria-hidden="true" className="text-red-700">
                {" "}
                *
              </span>
            </label>
            {options.own.length === 0 && options.others.length === 0 ? (
              <p className="mb-1 text-sm text-amber-900">{NO_SUBJECTS_YET}</p>
            ) : null}
            <select
              {...selectProps}
              key={selectProps.key}
              className={inputClass}
              aria-describedby={fields.subject.errors?.length ? fields.subject.errorId : undefined}
            >
              <option value="">Select a subject…</option>
              {options.own.length ? (
                <optgroup label="Your subjects">
                  {options.own.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {options.others.length ? (
                <optgroup label={options.own.length ? "Other subjects" : "Subjects"}>
                  {options.others.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
            <ErrorList id={fields.subject.errorId} errors={fields.subject.errors} />
          </div>
          {options.classes.length ? (
            <SelectField
              field={fields.forClass}
              label="Class"
              options={options.classes}
              placeholder="Every class of the subject"
              hint="A subject split into classes: set this work for one of them, or leave it for every class."
            />
          ) : null}
          <TextField field={fields.title} label="Title" />
          <div>
            <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium text-gray-900">
              Description (optional)
            </label>
            <textarea
              {...descriptionProps}
              key={descriptionProps.key}
              rows={3}
              className={inputClass}
              aria-describedby={fields.description.errors?.length ? fields.description.errorId : undefined}
            />
            <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
          </div>
          <TextField
            field={fields.due}
            label="Due (optional)"
            hint="Date and time, Ghana time. Empty: students hand in any time this vacation."
            type="datetime-local"
          />
          <TextField field={fields.maxScore} label="Maximum score" type="number" />
          <CheckboxField
            field={fields.refuseLate}
            label="Refuse work handed in after the due time"
            hint="Unticked, late work is taken and marked late."
          />
          <FileField
            field={fields.file}
            label="File"
            accept={ASSIGNMENT_ACCEPT}
            hint={`Optional. PDF, JPG, JPEG, PNG, MP4, MOV or AVI, up to ${ASSIGNMENT_MAX_LABEL}.`}
          />
          <SubmitButton pendingLabel="Uploading...">Upload</SubmitButton>
        </Form>
      </Card>
      <section aria-labelledby="uploaded-heading" className="mt-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="uploaded-heading" className="text-lg font-semibold text-gray-900">
            Uploaded assignments{subject ? `: ${subject}` : ""}
          </h2>
          {subject ? (
            <Link to="/facilitator-dashboard/assignments" className="text-sm font-semibold text-brand-700 underline">
              Show all subjects
            </Link>
          ) : null}
        </div>
        <AssignmentList items={items} redirectTo="/facilitator-dashboard/assignments" />
      </section>
    </DashboardPage>
  );
}
