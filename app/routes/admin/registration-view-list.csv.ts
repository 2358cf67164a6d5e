import type { RouteHandle } from "#app/utils/route-rules.ts";
import { vacationFilter } from "#app/services/content/vacations.server.ts";
import type { Route } from "./+types/registration-view-list.csv";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { listExportResponse } from "#app/routes/admin/+shared/registrations-csv.server.ts";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

/** GET /registration-view-list/export: the view list's 11 columns, oldest first. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const vacation = await vacationFilter(url.searchParams.get("vacation"));
  return listExportResponse(vacation.name);
}
