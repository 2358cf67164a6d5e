import type { Route } from "./+types/whatsapp-groups-new";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { GroupForm } from "./+shared/whatsapp-groups-form.tsx";
import { handleCreateGroup } from "./+shared/whatsapp-groups-actions.server.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "can_access_whatsapp");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, "can_access_whatsapp");
  return handleCreateGroup(await request.formData(), user._id);
}

export default function NewGroup({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="max-w-xl rounded-xl border border-gray-200 bg-white p-6">
      <BackLink to="/admin/whatsapp-groups">Back to WhatsApp groups</BackLink>
      <h1 className="mb-4 mt-3 text-2xl font-bold text-gray-900">Add WhatsApp Group</h1>
      <GroupForm id="group-add" action="/admin/whatsapp-groups/new" lastResult={actionData?.result} submitLabel="Add Group" pendingLabel="Adding..." />
    </main>
  );
}

export function meta() {
  return [{ title: `Add WhatsApp Group | Admin | ${SCHOOL_NAME}` }];
}
