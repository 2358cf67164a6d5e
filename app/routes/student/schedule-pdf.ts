import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/schedule-pdf";
import { requireRole } from "#app/utils/auth.server.ts";
import { renderSchedulePdf, schedulePdfFileName } from "#app/utils/schedule-pdf.server.ts";
import { SCHEDULE_DAYS, filterByDay, generateSchedule } from "#app/domain/schedule.ts";
import { NO_SCHEDULE } from "#app/domain/messages.ts";
import { STUDENT_PORTAL_ROLES, loadOwnedRegistration } from "#app/routes/student/+shared/portal.server.ts";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

const PdfQuery = z.object({ day: z.enum(SCHEDULE_DAYS).optional() });

/** The shown (day-filtered) timetable as a real PDF (docs/product.md#departures). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const query = PdfQuery.safeParse({ day: url.searchParams.get("day") || undefined });
  if (!query.success) throw data("Unknown day: choose Monday to Friday.", { status: 400 });
  const day = query.data.day ?? null;
  const registration = await loadOwnedRegistration(info.effectiveUser);
  if (!registration || registration.subjects.length === 0) throw data(NO_SCHEDULE, { status: 404 });
  const entries = filterByDay(generateSchedule(registration.reference, registration.subjects), day);
  const pdf = await renderSchedulePdf({
    studentName: registration.wardName,
    programmeLabel: registration.programmeLabel,
    day,
    entries,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${schedulePdfFileName(registration.wardName, day)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
