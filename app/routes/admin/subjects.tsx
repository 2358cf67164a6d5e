import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { useFetcher, type Form } from "react-router";
import type { Route } from "./+types/subjects";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SUBJECT_DELETE_CONFIRM, SUBJECTS_FETCH_FAILED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DialogOrLink, useCloseOnSuccess } from "#app/components/ui/modal-dialog.tsx";
import { listSubjects } from "#app/models/subject.server.ts";
import { listFacilitators } from "#app/models/user-admin.server.ts";
import { SubjectForm, type FacilitatorOption, type SubjectValues } from "#app/routes/admin/+shared/subjects-form.tsx";
import { handleCreateSubject } from "#app/routes/admin/+shared/subjects-actions.server.ts";
import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  try {
    const [subjects, facilitators] = await Promise.all([listSubjects(), listFacilitators()]);
    return {
      error: null,
      facilitators: facilitators.map((f) => ({ id: f._id, fullName: f.fullName })),
      subjects: subjects.map((s) => ({
        id: s._id,
        name: s.name,
        description: s.description ?? null,
        facilitatorId: s.facilitatorId ?? null,
      })),
    };
  } catch {
    return { error: SUBJECTS_FETCH_FAILED, facilitators: [], subjects: [] };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  return handleCreateSubject(await request.formData(), user._id);
}

export default function Subjects({ loaderData, actionData }: Route.ComponentProps) {
  const { subjects, facilitators, error } = loaderData;
  const names = new Map(facilitators.map((f) => [f.id, f.fullName]));
  return (
    <AdminPage title="Subjects Management">
      <ErrorAlert message={error} />
      <Section
        id="add-subject"
        title="Add Subject"
        className="max-w-xl rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="mb-4 text-lg font-semibold text-gray-900"
      >
        <SubjectForm
          id="subject-add"
          action="/admin/subjects"
          lastResult={actionData?.result}
          facilitators={facilitators}
          submitLabel="Add Subject"
          pendingLabel="Saving..."
        />
      </Section>
      <Section
        id="all-subjects"
        title={<>All Subjects ({subjects.length})</>}
        headingClassName="mb-3 text-lg font-semibold text-gray-900"
      >
        {subjects.length === 0 ? (
          <p className="text-gray-700">No subjects yet. Add the first one above.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {subjects.map((s) => (
              <li key={s.id} className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
                <h3 className="font-semibold text-gray-900">{s.name}</h3>
                {s.description ? (
                  <p className="mt-1 flex-1 text-sm text-gray-700">{s.description}</p>
                ) : (
                  <div className="flex-1" />
                )}
                <p className="mt-2 text-sm text-gray-800">
                  Facilitator:{" "}
                  {s.facilitatorId
                    ? (names.get(s.facilitatorId) ?? <span title="Facilitator id">{s.facilitatorId.slice(0, 8)}</span>)
                    : "None"}
                </p>
                <div className="mt-3 flex gap-2">
                  <DialogOrLink
                    to={`/admin/subjects/${s.id}/edit`}
                    label="Edit"
                    ariaLabel={`Edit ${s.name}`}
                    title="Edit Subject"
                    variant="secondary"
                  >
                    {(close) => <DialogEditSubject close={close} subject={s} facilitators={facilitators} />}
                  </DialogOrLink>
                  <DialogOrLink
                    to={`/admin/subjects/${s.id}/delete`}
                    label="Delete"
                    ariaLabel={`Delete ${s.name}`}
                    title="Delete Subject"
                    variant="danger"
                  >
                    {(close) => <DialogDeleteSubject close={close} subject={s} />}
                  </DialogOrLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AdminPage>
  );
}

function DialogEditSubject({
  close,
  subject,
  facilitators,
}: {
  close: () => void;
  subject: SubjectValues & { id: string };
  facilitators: FacilitatorOption[];
}) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  useCloseOnSuccess(fetcher, useCallback(close, [close]));
  return (
    <SubjectForm
      id={`subject-edit-dialog-${subject.id}`}
      action={`/admin/subjects/${subject.id}/edit`}
      lastResult={fetcher.data?.result}
      current={subject}
      facilitators={facilitators}
      FormComponent={fetcher.Form as unknown as typeof Form}
      pending={fetcher.state !== "idle"}
      submitLabel="Update Subject"
      pendingLabel="Saving..."
    />
  );
}

function DialogDeleteSubject({ close, subject }: { close: () => void; subject: { id: string; name: string } }) {
  const fetcher = useFetcher();
  useCloseOnSuccess(fetcher, useCallback(close, [close]));
  return (
    <fetcher.Form method="post" action={`/admin/subjects/${subject.id}/delete`} className="space-y-4">
      <p className="text-gray-800">{SUBJECT_DELETE_CONFIRM}</p>
      <p className="text-sm text-gray-700">{subject.name}</p>
      <button type="submit" className={buttonClass("danger")} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Deleting..." : "Delete Subject"}
      </button>
    </fetcher.Form>
  );
}

export function meta() {
  return [{ title: `Subjects | Admin | ${SCHOOL_NAME}` }];
}
