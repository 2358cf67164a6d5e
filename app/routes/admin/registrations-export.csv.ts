import type { Route } from "./+types/registrations-export.csv";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { fullExportResponse } from "#app/routes/admin/+shared/registrations-csv.server.ts";

/** GET /admin/registrations/export: every registration as CSV (19 columns, streamed). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "can_access_registrations");
  return fullExportResponse();
}
