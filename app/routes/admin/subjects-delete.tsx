import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Form } from "react-router";
import type { Route } from "./+types/subjects-delete";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { SUBJECT_DELETE_CONFIRM } from "#app/domain/messages.ts";
import { DeleteActions } from "#app/components/form/fields.tsx";
import { handleDeleteSubject, requireSubject } from "#app/routes/admin/+shared/subjects-actions.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

/** The no-JS confirmation step (docs/product.md#departures: the browser confirm becomes a page). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const s = await requireSubject(params.subjectId);
  return { subject: { id: s._id, name: s.name } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  return handleDeleteSubject(params.subjectId, user._id);
}

export default function DeleteSubject({ loaderData }: Route.ComponentProps) {
  const { subject } = loaderData;
  return (
    <AdminPage title={<>Delete Subject: {subject.name}</>} width="xl" card="plain">
      <p className="mt-3 text-gray-800">{SUBJECT_DELETE_CONFIRM}</p>
      <Form method="post" className="mt-6">
        <DeleteActions label="Delete Subject" cancelTo="/admin/subjects" />
      </Form>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Delete Subject | Admin | ${SCHOOL_NAME}` }];
}
