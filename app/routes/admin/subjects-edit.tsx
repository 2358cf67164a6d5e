import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/subjects-edit";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { listFacilitators } from "#app/models/user-admin.server.ts";
import { SubjectForm } from "#app/routes/admin/+shared/subjects-form.tsx";
import { handleUpdateSubject, requireSubject } from "#app/routes/admin/+shared/subjects-actions.server.ts";
import { FormPage } from "#app/components/ui/form-page.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const [s, facilitators] = await Promise.all([requireSubject(params.subjectId), listFacilitators()]);
  return {
    subject: { id: s._id, name: s.name, description: s.description ?? null, facilitatorId: s.facilitatorId ?? null },
    facilitators: facilitators.map((f) => ({ id: f._id, fullName: f.fullName })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  return handleUpdateSubject(params.subjectId, await request.formData(), user._id);
}

export default function EditSubject({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, facilitators } = loaderData;
  return (
    <FormPage title="Edit Subject" backTo="/admin/subjects" backLabel="Back to subjects">
      <SubjectForm
        id="subject-edit"
        action={`/admin/subjects/${subject.id}/edit`}
        lastResult={actionData?.result}
        current={subject}
        facilitators={facilitators}
        submitLabel="Update Subject"
        pendingLabel="Saving..."
      />
    </FormPage>
  );
}

export function meta() {
  return [{ title: `Edit Subject | Admin | ${SCHOOL_NAME}` }];
}
