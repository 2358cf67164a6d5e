import type { Route } from "./+types/subjects-edit";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { listFacilitators } from "#models/user-admin.server.ts";
import { SubjectForm } from "./+shared/subjects-form.tsx";
import { handleUpdateSubject, requireSubject } from "./+shared/subjects-actions.server.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "can_access_subjects");
  const [s, facilitators] = await Promise.all([requireSubject(params.subjectId), listFacilitators()]);
  return {
    subject: { id: s._id, name: s.name, description: s.description ?? null, facilitatorId: s.facilitatorId ?? null },
    facilitators: facilitators.map((f) => ({ id: f._id, fullName: f.fullName })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, "can_access_subjects");
  return handleUpdateSubject(params.subjectId, await request.formData(), user._id);
}

export default function EditSubject({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, facilitators } = loaderData;
  return (
    <main id="main" className="max-w-xl rounded-xl border border-gray-200 bg-white p-6">
      <BackLink to="/admin/subjects">Back to subjects</BackLink>
      <h1 className="mb-4 mt-3 text-2xl font-bold text-gray-900">Edit Subject</h1>
      <SubjectForm
        id="subject-edit"
        action={`/admin/subjects/${subject.id}/edit`}
        lastResult={actionData?.result}
        current={subject}
        facilitators={facilitators}
        submitLabel="Update Subject"
        pendingLabel="Saving..."
      />
    </main>
  );
}

export function meta() {
  return [{ title: `Edit Subject | Admin | ${SCHOOL_NAME}` }];
}
