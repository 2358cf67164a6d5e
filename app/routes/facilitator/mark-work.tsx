import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data } from "react-router";
import type { Route } from "./+types/mark-work";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { MarkSchema } from "#app/forms/assignment.schema.ts";
import { formatTimestamp } from "#app/domain/dates.ts";
import { formatFileSize } from "#app/domain/files.ts";
import { formatScore } from "#app/domain/performance.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { MARK_COMMENT_MAX } from "#app/domain/work.ts";
import { markWork, workToMark } from "#app/services/teaching/handins.server.ts";
import { actingText } from "#app/domain/audit-wording.ts";
import { fullNamesOf } from "#app/models/user.server.ts";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { SubmitButton, TextareaField, TextField, SchemaForm } from "#app/components/form/fields.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

const refused = (status: 403 | 404) =>
  data(status === 403 ? "Only the subject's facilitator marks its work." : "This work does not exist.", { status });

/**
 * Marking one piece of work (docs/decisions/0108-work-handed-in-and-marked.md): the photos shown on the page, a PDF
 * linked, the typed answer; a score out of the assignment's maximum and a comment. Saving goes on to the next work
 * still to mark. A mark changed later keeps the earlier one, listed here, and is audited.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const found = await workToMark(String(params.submissionId), effectiveUser);
  if (!found.ok) throw refused(found.status);
  const { submission: s, assignment: a, wardName } = found;
  const names = await fullNamesOf([s.markedBy, s.markedAs, ...s.markChanges.flatMap((c) => [c.markedBy, c.markedAs])]);
  return {
    assignmentId: a._id,
    title: a.title,
    subject: a.subject,
    maxScore: a.maxScore ?? 100,
    wardName,
    submittedAt: formatTimestamp(s.submittedAt),
    seen: new Date(s.submittedAt).toISOString(),
    late: s.late,
    text: s.text,
    files: s.files.map((f, i) => ({
      href: `/work/${s._id}/${i}`,
      name: f.name,
      size: formatFileSize(f.size),
      photo: f.type.startsWith("image/"),
    })),
    score: s.markedAt && s.score !== null ? formatScore(s.score) : "",
    comment: s.comment ?? "",
    // Who gave each mark: an admin viewing as the facilitator is named, with the facilitator beside.
    markedBy:
      s.markedAt && s.markedBy ? `${actingText(s.markedBy, s.markedAs, names)}, ${formatTimestamp(s.markedAt)}` : null,
    changes: s.markChanges.map((c) => ({
      score: formatScore(c.score),
      comment: c.comment,
      at: formatTimestamp(c.markedAt),
      by: c.markedBy ? actingText(c.markedBy, c.markedAs, names) : null,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  const submission = parseWithZod(await request.formData(), { schema: MarkSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const id = String(params.submissionId);
  const outcome = await markWork(id, actorOf(info), submission.value);
  if (!outcome.ok) {
    if (outcome.status === 403 || outcome.status === 404) throw refused(outcome.status);
    return replyToRefusal(submission, outcome);
  }
  const assignmentId = id.split(".")[0];
  return redirectWithToast(
    outcome.next ? `/facilitator-dashboard/work/${outcome.next}` : `/facilitator-dashboard/assignments/${assignmentId}`,
    {
      type: "success",
      title: outcome.changed ? "Mark saved" : "Mark unchanged",
      description: outcome.next ? "Here is the next work to mark." : "All the work handed in is marked.",
    },
  );
}

export default function MarkWork({ loaderData: d, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("mark-work", MarkSchema, actionData?.result, {
    score: d.score,
    comment: d.comment,
  });
  const photos = d.files.filter((f) => f.photo);
  return (
    <DashboardPage
      title={`${d.wardName}: ${d.title}`}
      description={
        <>
          {d.subject} · handed in {d.submittedAt}
          {d.late ? " (late)" : ""} · out of {d.maxScore}
        </>
      }
      back={{ to: `/facilitator-dashboard/assignments/${d.assignmentId}`, label: "Back to the work handed in" }}
    >
      <Card title="The work">
        {d.text ? <p className="whitespace-pre-line text-gray-900">{d.text}</p> : null}
        {photos.map((f, i) => (
          <figure key={f.href} className="mt-3">
            <img
              src={f.href}
              alt={`Page ${i + 1} of ${photos.length} of ${d.wardName}'s work`}
              loading="lazy"
              className="max-h-[80vh] w-auto max-w-full rounded-md border border-gray-200"
            />
            <figcaption className="text-sm text-gray-700">
              Page {i + 1} ·{" "}
              <a href={f.href} className="font-semibold text-brand-700 underline">
                Open full size
              </a>
            </figcaption>
          </figure>
        ))}
        {d.files
          .filter((f) => !f.photo)
          .map((f) => (
            <p key={f.href} className="mt-3">
              <a href={f.href} className="font-semibold text-brand-700 underline">
                Open {f.name}
              </a>{" "}
              ({f.size})
            </p>
          ))}
      </Card>
      <Card title={d.score ? "Change the mark" : "Mark"} className="mt-4">
        <SchemaForm form={form} className="max-w-xl space-y-4">
          <input type="hidden" name="seen" value={d.seen} />
          <TextField
            field={fields.score}
            label={`Score (out of ${d.maxScore})`}
            type="number"
            inputProps={{ step: "0.1", max: d.maxScore }}
          />
          <TextareaField
            field={fields.comment}
            label="Comment (optional)"
            hint={`The student and their parent see it. At most ${MARK_COMMENT_MAX} characters.`}
            rows={4}
          />
          <SubmitButton pendingLabel="Saving...">Save Mark</SubmitButton>
        </SchemaForm>
        {d.markedBy ? <p className="mt-3 text-sm text-gray-800">Marked by {d.markedBy}</p> : null}
        {d.changes.length ? (
          <div className="mt-4 text-sm text-gray-800">
            <h3 className="font-semibold text-gray-900">Earlier marks</h3>
            <ul className="list-inside list-disc">
              {d.changes.map((c, i) => (
                <li key={i}>
                  {c.score} of {d.maxScore}, given {c.at}
                  {c.by ? ` by ${c.by}` : ""}
                  {c.comment ? `: “${c.comment}”` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Card>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Mark work | Facilitator | ${SCHOOL_NAME}` }];
}
