import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/whatsapp-groups-edit";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { GroupForm } from "#app/routes/admin/+shared/whatsapp-groups-form.tsx";
import { handleUpdateGroup, requireGroup } from "#app/routes/admin/+shared/whatsapp-groups-actions.server.ts";
import { FormPage } from "#app/components/ui/form-page.tsx";

export const handle = { rules: { access: { admin: "can_access_whatsapp" } } } satisfies RouteHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const g = await requireGroup(params.groupId);
  return {
    group: {
      id: g._id,
      subjectName: g.subjectName,
      programme: g.programme,
      groupType: g.groupType,
      whatsappLink: g.whatsappLink,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  return handleUpdateGroup(params.groupId, await request.formData(), user._id);
}

export default function EditGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData;
  return (
    <FormPage title="Edit WhatsApp Group" backTo="/admin/whatsapp-groups" backLabel="Back to WhatsApp groups">
      <GroupForm
        id="group-edit"
        action={`/admin/whatsapp-groups/${group.id}/edit`}
        lastResult={actionData?.result}
        current={group}
        submitLabel="Update Group"
        pendingLabel="Updating..."
      />
    </FormPage>
  );
}

export function meta() {
  return [{ title: `Edit WhatsApp Group | Admin | ${SCHOOL_NAME}` }];
}
