import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/all-assignments";
import { hasAdminPermission, requireUser } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { formatDate } from "#app/domain/dates.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { AssignmentList } from "#app/components/dashboard/assignment-list.tsx";
import { formatFileSize } from "#app/domain/files.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { studentWork } from "#app/services/teaching/handins.server.ts";
import { WORK_STATUS_LABELS, dueText } from "#app/domain/work.ts";
import { markText } from "#app/domain/performance.ts";
import { data, Link } from "react-router";
import { loadAssignmentItems } from "#app/routes/dashboard/+shared/assignments.server.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * /assignments. Facilitators and admins see the assignments they uploaded;
 * students see the assignments of the subjects they are registered for, with a
 * download through /assignments/:id/file (docs/decisions/0030-published-content-reaches-students-and-parents.md);
 * parents are told where their wards find them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireUser(request);
  const role = effectiveRole(info.effectiveUser.role);
  // An admin's teaching tools are part of the admin portal (docs/security.md#admin-flags).
  if (role === "admin" && !(await hasAdminPermission(info, "can_view_portal")))
    throw data("You don't have access to this page.", { status: 403 });
  const canUpload = role === "facilitator" || role === "admin";
  if (canUpload)
    return { view: "uploader" as const, items: await loadAssignmentItems(info.effectiveUser._id), published: [] };
  if (role === "student") {
    const work = await studentWork(info.effectiveUser);
    return {
      view: "student" as const,
      items: [],
      hasSubjects: work.registered,
      published: work.items.map(({ assignment: a, submission, status }) => ({
        id: a._id,
        subject: a.subject,
        title: a.title,
        description: a.description ?? null,
        fileName: a.fileName ?? null,
        fileSize: a.fileSize ?? null,
        due: dueText(a.dueAt),
        status,
        mark: submission?.markedAt && submission.score !== null ? markText(submission.score, a.maxScore ?? 100) : null,
        createdAt: new Date(a.createdAt).toISOString(),
      })),
    };
  }
  return { view: "other" as const, items: [], published: [] };
}

export default function AllAssignments({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <DashboardPage
      title="Assignments"
      description={
        data.view === "student" ? "Work your facilitators set for your subjects: hand it in here." : undefined
      }
      actions={
        data.view === "uploader" ? (
          <ButtonLink to="/facilitator-dashboard/assignments">Upload an assignment</ButtonLink>
        ) : null
      }
    >
      {data.view === "uploader" ? (
        <AssignmentList items={data.items} redirectTo="/assignments" />
      ) : data.view === "student" ? (
        data.published.length ? (
          <ul className="space-y-3">
            {data.published.map((a) => (
              <li key={a.id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
                <article aria-labelledby={`assignment-${a.id}`}>
                  <p className="text-sm font-semibold text-brand-700">{a.subject}</p>
                  <h2 id={`assignment-${a.id}`} className="font-semibold text-gray-900">
                    {a.title}
                  </h2>
                  {a.description ? (
                    <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{a.description}</p>
                  ) : null}
                  <p className="mt-1 text-sm text-gray-700">
                    Due: {a.due} ·{" "}
                    <span className="font-semibold" data-status={a.status}>
                      {WORK_STATUS_LABELS[a.status]}
                    </span>
                    {a.mark ? ` · ${a.mark}` : ""}
                  </p>
                  <p className="mt-1 text-sm text-gray-700">
                    Shared <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
                    {a.fileName && a.fileSize ? ` · ${a.fileName} · ${formatFileSize(a.fileSize)}` : ""}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-4">
                    <Link
                      to={`/assignments/${encodeURIComponent(a.id)}`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      {a.status === "marked"
                        ? "See your mark"
                        : a.status === "open" || a.status === "missing"
                          ? "Hand in"
                          : "See your work"}
                      <span className="sr-only"> for {a.title}</span>
                    </Link>
                    {a.fileName ? (
                      <a
                        href={`/assignments/${encodeURIComponent(a.id)}/file`}
                        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                      >
                        Download<span className="sr-only"> {a.title}</span>
                      </a>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>
            {data.hasSubjects
              ? "No assignments have been shared for your subjects yet."
              : "Assignments appear here once you are registered for your subjects."}
          </EmptyState>
        )
      ) : (
        <EmptyState>
          Assignments are shared with students for their subjects. Your ward sees them in the student portal.
        </EmptyState>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Assignments | ${SCHOOL_NAME}` }];
}
