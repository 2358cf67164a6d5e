import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Link } from "react-router";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { WorkWindowSchema } from "#app/forms/assignment.schema.ts";
import { CheckboxField, SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import type { Route } from "./+types/assignment-work";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { formatTimestamp } from "#app/domain/dates.ts";
import { formatScore } from "#app/domain/performance.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { dueInputOf, dueText } from "#app/domain/work.ts";
import { assignmentWork, setWorkWindow } from "#app/services/teaching/handins.server.ts";
import { Card, DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/**
 * An assignment's work (docs/decisions/0108-work-handed-in-and-marked.md): what was handed in, in the order it came,
 * with its mark or a link to mark it, and who has handed in nothing. For the subject's facilitator and admins with the
 * subjects permission.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const work = await assignmentWork(String(params.assignmentId), effectiveUser);
  if (!work.ok)
    throw data(
      work.status === 403 ? "Only the subject's facilitator sees its work." : "This assignment does not exist.",
      {
        status: work.status,
      },
    );
  const { assignment: a, rows, missing } = work;
  const max = a.maxScore ?? 100;
  return {
    title: a.title,
    subject: a.subject,
    due: dueText(a.dueAt),
    dueValue: dueInputOf(a.dueAt),
    refuseLate: Boolean(a.refuseLate),
    maxScore: max,
    toMark: rows.filter((r) => !r.marked).length,
    rows: rows.map((r) => ({
      id: r.id,
      wardName: r.wardName,
      submittedAt: formatTimestamp(r.submittedAt),
      late: r.late,
      files: r.files,
      mark: r.marked && r.score !== null ? `${formatScore(r.score)} of ${max}` : null,
    })),
    missing,
  };
}

/** The due time and the late rule, changed. */
export async function action({ request, params }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  const submission = parseWithZod(await request.formData(), { schema: WorkWindowSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const id = String(params.assignmentId);
  const outcome = await setWorkWindow(id, actorOf(info), submission.value);
  if (!outcome.ok) throw data("This assignment cannot be changed.", { status: outcome.status });
  return redirectWithToast(`/facilitator-dashboard/assignments/${id}`, { type: "success", title: "Due time saved" });
}

export default function AssignmentWork({ loaderData: d, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("work-window", WorkWindowSchema, actionData?.result, {
    due: d.dueValue,
    refuseLate: d.refuseLate ? "on" : undefined,
  });
  return (
    <DashboardPage
      title={`Work handed in: ${d.title}`}
      description={
        <>
          {d.subject} · Due: {d.due} · out of {d.maxScore}
        </>
      }
      back={{ to: "/facilitator-dashboard/assignments", label: "Back to Assignments" }}
    >
      <p className="mb-4 text-gray-900" role="status">
        {d.rows.length} handed in · {d.toMark} to mark · {d.missing.length} not handed in
      </p>
      {d.rows.length ? (
        <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Work handed in for {d.title}</caption>
            <thead className="bg-gray-50 text-gray-900">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Student
                </th>
                <th scope="col" className="px-3 py-2">
                  Handed in
                </th>
                <th scope="col" className="px-3 py-2">
                  Mark
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} className="border-t border-gray-200">
                  <th scope="row" className="px-3 py-2 font-semibold text-gray-900">
                    {r.wardName}
                  </th>
                  <td className="px-3 py-2 text-gray-800">
                    {r.submittedAt}
                    {r.late ? <strong className="text-amber-900"> (late)</strong> : null}
                    {r.files ? ` · ${r.files} file${r.files === 1 ? "" : "s"}` : ""}
                  </td>
                  <td className="px-3 py-2">
                    {r.mark ? <span className="mr-2 text-gray-900">{r.mark}</span> : null}
                    <Link
                      to={`/facilitator-dashboard/work/${r.id}`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      {r.mark ? "Change mark" : "Mark"}
                      <span className="sr-only"> {r.wardName}&apos;s work</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState>No work has been handed in yet.</EmptyState>
      )}
      <Card title="Due time" className="mt-6">
        <SchemaForm form={form} className="max-w-xl space-y-4">
          <TextField
            field={fields.due}
            label="Due (optional)"
            hint="Ghana time. Empty: work is taken any time. Work handed in keeps the late mark it got then."
            type="datetime-local"
          />
          <CheckboxField field={fields.refuseLate} label="Refuse work handed in after the due time" />
          <SubmitButton pendingLabel="Saving...">Save Due Time</SubmitButton>
        </SchemaForm>
      </Card>
      {d.missing.length ? (
        <Card title={`Not handed in (${d.missing.length})`} className="mt-6">
          <ul className="columns-1 text-sm text-gray-900 sm:columns-2">
            {d.missing.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        </Card>
      ) : null}
    </DashboardPage>
  );
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `Work handed in: ${d?.title ?? "Assignment"} | Facilitator | ${SCHOOL_NAME}` }];
}
