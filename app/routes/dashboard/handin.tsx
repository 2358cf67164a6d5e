import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/handin";
import { requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { parseUpload, UPLOAD_TYPES } from "#app/utils/uploads.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { HANDIN_ACCEPT, HANDIN_FILE_ERRORS, HandinFormSchema, HandinSchema } from "#app/forms/assignment.schema.ts";
import { formatFileSize } from "#app/domain/files.ts";
import { markText, performanceLabel } from "#app/domain/performance.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import {
  HANDIN_FILES_MAX,
  HANDIN_FILE_MAX_BYTES,
  HANDIN_TEXT_MAX,
  WORK_STATUS_LABELS,
  dueText,
} from "#app/domain/work.ts";
import { formatTimestamp } from "#app/domain/dates.ts";
import { HANDIN_REFUSALS, handIn, mayHandIn, studentAssignment } from "#app/services/teaching/handins.server.ts";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { FileField, FormErrors, SubmitButton, TextareaField } from "#app/components/form/fields.tsx";

export const handle = { rules: { access: { roles: ["student"] }, body: "handin" } } satisfies RouteHandle;

const ALLOWED = [UPLOAD_TYPES.jpg, UPLOAD_TYPES.png, UPLOAD_TYPES.pdf];

/**
 * One assignment for its student (docs/decisions/0108-work-handed-in-and-marked.md): what to do, what they handed in,
 * the mark and comment once marked, and the hand-in form while the assignment takes work. One multipart form, without
 * JavaScript too: typed text, photos of the pages or a PDF.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const found = await studentAssignment(effectiveUser, String(params.assignmentId));
  if (!found) throw data("This assignment is not one of yours.", { status: 404 });
  const { assignment: a, submission: s, timing, status } = found;
  const max = a.maxScore ?? 100;
  return {
    id: a._id,
    title: a.title,
    subject: a.subject,
    description: a.description ?? null,
    due: dueText(a.dueAt),
    refuseLate: Boolean(a.dueAt && a.refuseLate),
    maxScore: max,
    file: a.fileName ? { name: a.fileName, href: `/assignments/${a._id}/file` } : null,
    status,
    open: timing.open && !s?.markedAt,
    lateNow: timing.late,
    submission: s
      ? {
          text: s.text,
          late: s.late,
          submittedAt: formatTimestamp(s.submittedAt),
          files: s.files.map((f, i) => ({
            href: `/work/${s._id}/${i}`,
            name: f.name,
            size: formatFileSize(f.size),
            // Photos are the pages, numbered among themselves; a PDF goes by its name.
            page: f.type.startsWith("image/")
              ? s.files.slice(0, i + 1).filter((x) => x.type.startsWith("image/")).length
              : null,
          })),
          mark:
            s.markedAt && s.score !== null
              ? { text: markText(s.score, max), label: performanceLabel(s.percent ?? 0), comment: s.comment }
              : null,
        }
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { effectiveUser, impersonating } = await requireRole(request, handle.rules.access.roles);
  // Work is on time by when the student sent it, not by when the last byte of its photos arrived over 3G.
  const sentAt = new Date();
  // Who sends and where, before a byte of the photos is read: a refused upload holds no place while it arrives.
  if (impersonating) throw data(HANDIN_REFUSALS.viewingAs, { status: 403 });
  const open = await mayHandIn(effectiveUser, String(params.assignmentId), sentAt);
  if (!open.ok) {
    if (open.status === 404) throw data(open.message, { status: 404 });
    return data({ result: { status: "error" as const, error: { "": [open.message] } } }, { status: open.status });
  }
  const upload = await parseUpload(request, {
    fileField: "files",
    allowed: ALLOWED,
    maxBytes: HANDIN_FILE_MAX_BYTES,
    maxFiles: HANDIN_FILES_MAX,
    // Made JPEG and stripped by the hand-in itself (app/services/teaching/handins.server.ts).
    images: "as-sent",
  });
  if (!upload.ok && upload.failure === "malformed") throw data(HANDIN_FILE_ERRORS.malformed, { status: 400 });
  // The text comes before the files in the form, so a refused file still brings back what was typed.
  const submission = parseWithZod(upload.fields, { schema: HandinSchema });
  if (!upload.ok) {
    const message = HANDIN_FILE_ERRORS[upload.failure];
    const files = [upload.failedName ? `${upload.failedName}: ${message}` : message];
    return data({ result: submission.reply({ fieldErrors: { files } }) }, { status: 400 });
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await handIn(
    effectiveUser,
    String(params.assignmentId),
    { text: submission.value.text, files: upload.files },
    sentAt,
  );
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(outcome.message, { status: 404 });
    return replyToRefusal(submission, outcome);
  }
  return redirectWithToast(`/assignments/${String(params.assignmentId)}`, {
    type: "success",
    title: "Work handed in",
    description: outcome.late ? "It came after the due time, so it is marked late." : "Your facilitator will mark it.",
  });
}

export default function Handin({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const [form, fields] = useSchemaForm("handin", HandinFormSchema, actionData?.result, {
    text: d.submission?.text ?? "",
  });
  const s = d.submission;
  return (
    <DashboardPage
      title={d.title}
      description={
        <>
          {d.subject} · Due: {d.due}
          {d.refuseLate ? " (late work is not taken)" : ""} · out of {d.maxScore}
        </>
      }
      back={{ to: "/assignments", label: "Back to Assignments" }}
    >
      {d.description || d.file ? (
        <Card title="What to do">
          {d.description ? <p className="whitespace-pre-line text-gray-900">{d.description}</p> : null}
          {d.file ? (
            <p className="mt-2">
              <a href={d.file.href} className="font-semibold text-brand-700 underline">
                Download {d.file.name}
              </a>
            </p>
          ) : null}
        </Card>
      ) : null}
      <Card title="Your work" className="mt-4">
        <p className="font-semibold text-gray-900" data-status={d.status}>
          {WORK_STATUS_LABELS[d.status]}
        </p>
        {s ? (
          <div className="mt-2 space-y-2 text-sm text-gray-800">
            <p>
              Handed in {s.submittedAt}
              {s.late ? " (late)" : ""}.
            </p>
            {s.text ? <p className="whitespace-pre-line rounded-md bg-gray-50 p-3 text-base">{s.text}</p> : null}
            {s.files.length ? (
              <ul className="list-inside list-disc">
                {s.files.map((f) => (
                  <li key={f.href}>
                    <a href={f.href} className="font-semibold text-brand-700 underline">
                      {f.page ? `Page ${f.page}` : f.name}
                    </a>{" "}
                    ({f.page ? "photo, " : ""}
                    {f.size})
                  </li>
                ))}
              </ul>
            ) : null}
            {s.mark ? (
              <div className="rounded-md border border-green-200 bg-green-50 p-3 text-base text-gray-900">
                <p>
                  <strong>Mark: {s.mark.text}</strong> · {s.mark.label}
                </p>
                {s.mark.comment ? <p className="mt-1 whitespace-pre-line">Comment: {s.mark.comment}</p> : null}
              </div>
            ) : null}
          </div>
        ) : null}
      </Card>
      {d.open ? (
        <Card title={s ? "Hand in again" : "Hand in"} className="mt-4">
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
            <FormErrors form={form} />
            {s ? (
              <p className="text-sm text-gray-800">
                Your typed answer replaces the one before.{" "}
                {s.files.length
                  ? `Your ${s.files.length === 1 ? "file stays" : `${s.files.length} files stay`} unless you choose new files, which replace ${s.files.length === 1 ? "it" : "them"}.`
                  : null}
              </p>
            ) : null}
            {d.lateNow ? (
              <p className="text-sm font-semibold text-amber-900">The due time has passed: it will be marked late.</p>
            ) : null}
            <TextareaField
              field={fields.text}
              label="Your answer (typed)"
              hint={`Optional if you add photos or a PDF. At most ${HANDIN_TEXT_MAX} characters.`}
              rows={6}
            />
            <FileField
              field={fields.files}
              label="Photos of your pages, or a PDF"
              hint={`Up to ${HANDIN_FILES_MAX} files, each at most 10 MB. Photos are made smaller and their location removed.`}
              accept={HANDIN_ACCEPT}
              multiple
            />
            <SubmitButton pendingLabel="Handing in...">{s ? "Hand In Again" : "Hand In"}</SubmitButton>
          </Form>
        </Card>
      ) : !s?.mark ? (
        <p className="mt-4 text-gray-900">The due time has passed: this assignment no longer takes work.</p>
      ) : null}
    </DashboardPage>
  );
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `${d?.title ?? "Assignment"} | ${SCHOOL_NAME}` }];
}
