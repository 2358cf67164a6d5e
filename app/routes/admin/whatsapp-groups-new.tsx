import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/whatsapp-groups-new";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { GroupForm } from "#app/routes/admin/+shared/whatsapp-groups-form.tsx";
import { handleCreateGroup } from "#app/routes/admin/+shared/whatsapp-groups-actions.server.ts";
import { FormPage } from "#app/components/ui/form-page.tsx";

export const handle = { rules: { access: { admin: "can_access_whatsapp" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  return handleCreateGroup(await request.formData(), user._id);
}

export default function NewGroup({ actionData }: Route.ComponentProps) {
  return (
    <FormPage title="Add WhatsApp Group" backTo="/admin/whatsapp-groups" backLabel="Back to WhatsApp groups">
      <GroupForm
        id="group-add"
        action="/admin/whatsapp-groups/new"
        lastResult={actionData?.result}
        submitLabel="Add Group"
        pendingLabel="Adding..."
      />
    </FormPage>
  );
}

export function meta() {
  return [{ title: `Add WhatsApp Group | Admin | ${SCHOOL_NAME}` }];
}
