import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/ward-report";
import { requireUser } from "#app/utils/auth.server.ts";
import { readableReportRegistration, reportPdf } from "#app/services/teaching/reports.server.ts";
import { pdfResponse } from "#app/utils/pdf-render.server.ts";

// Its student, its parent and admins of registrations: the guard (readableReportRegistration) decides per ward.
export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/** A ward's end-of-vacation report as a PDF (docs/decisions/0110); anyone else gets the same 404 as for no ward. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const info = await requireUser(request);
  const registration = /^[a-z0-9]{10,40}$/.test(String(params.id))
    ? await readableReportRegistration(info, String(params.id))
    : null;
  if (!registration) throw data("Not found", { status: 404 });
  const { pdf, fileName } = await reportPdf(registration);
  return pdfResponse(pdf, `attachment; filename="${fileName}"`);
}
