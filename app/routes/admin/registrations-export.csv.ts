import type { RouteHandle } from "#app/utils/route-rules.ts";
import { vacationFilter } from "#app/services/content/vacations.server.ts";
import type { Route } from "./+types/registrations-export.csv";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { fullExportResponse } from "#app/routes/admin/+shared/registrations-csv.server.ts";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

/** GET /admin/registrations/export: every registration as CSV (19 columns, streamed). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  // One vacation's (`?vacation=`, else the one teaching) or every vacation's ("all").
  const vacation = await vacationFilter(url.searchParams.get("vacation"));
  return fullExportResponse(vacation.name);
}
