import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import { z } from "zod";
import { vacationFilter } from "#app/services/content/vacations.server.ts";
import type { Route } from "./+types/registrations-programme-export.csv";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { PROGRAMMES, programmeLabel } from "#app/domain/programmes.ts";
import { NO_DATA_TITLE, noDataForProgramme } from "#app/domain/messages.ts";
import { countRegistrationsForProgramme } from "#app/models/registration.server.ts";
import { programmeExportResponse } from "#app/routes/admin/+shared/registrations-csv.server.ts";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

/** GET /admin/registrations/export/:programme: one programme (11 columns, oldest first). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const programme = z.enum(PROGRAMMES).safeParse(params.programme);
  if (!programme.success) throw data("Unknown programme.", { status: 404 });
  const vacation = await vacationFilter(url.searchParams.get("vacation"));
  const count = await countRegistrationsForProgramme(programme.data, vacation.name);
  if (count === 0) {
    return redirectWithToast("/admin/registrations", {
      type: "error",
      title: NO_DATA_TITLE,
      description: noDataForProgramme(programmeLabel(programme.data)),
    });
  }
  return programmeExportResponse(programme.data, count, vacation.name);
}
