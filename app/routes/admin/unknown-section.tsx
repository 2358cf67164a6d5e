import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/unknown-section";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_view_portal" } } } satisfies RouteHandle;

/** An admin path that names no section: the spec's words, with the status of a page that does not exist. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return new Response("Not found", { status: 404 });
}

export default function UnknownSection() {
  return (
    <AdminPage title="Feature not implemented yet" card="plain">
      <p className="mt-2 text-gray-700">Choose a section from the menu.</p>
    </AdminPage>
  );
}
