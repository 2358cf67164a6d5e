import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Form } from "react-router";
import type { Route } from "./+types/whatsapp-groups-delete";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { DeleteActions } from "#app/components/form/fields.tsx";
import { handleDeleteGroup, requireGroup } from "#app/routes/admin/+shared/whatsapp-groups-actions.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_whatsapp" } } } satisfies RouteHandle;

/** The no-JS confirmation step for deleting a group (with JS: a dialog on the list). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const g = await requireGroup(params.groupId);
  return { group: { id: g._id, subjectName: g.subjectName, programme: g.programme } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  return handleDeleteGroup(params.groupId, user._id);
}

export default function DeleteGroup({ loaderData }: Route.ComponentProps) {
  const { group } = loaderData;
  const name = `${group.subjectName} (${programmeLabel(group.programme) || group.programme})`;
  return (
    <AdminPage title="Delete WhatsApp Group" width="xl" card="plain">
      <p className="mt-3 text-gray-800">Are you sure you want to delete the WhatsApp group {name}?</p>
      <Form method="post" className="mt-6">
        <DeleteActions label="Delete Group" cancelTo="/admin/whatsapp-groups" />
      </Form>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Delete WhatsApp Group | Admin | ${SCHOOL_NAME}` }];
}
