import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/schedule-pdf";
import { requireRole } from "#app/utils/auth.server.ts";
import { schedulePdfFileName } from "#app/utils/schedule-pdf.server.ts";
import { pdfResponse, renderPdf } from "#app/utils/pdf-render.server.ts";
import { NO_SCHEDULE } from "#app/domain/messages.ts";
import { STUDENT_PORTAL_ROLES, loadOwnedRegistration } from "#app/routes/student/+shared/portal.server.ts";
import { ScheduleQuery, wardWeek } from "#app/routes/student/+shared/schedule.server.ts";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

/** The shown week of lessons (one day of it, when filtered) as a real PDF (docs/product.md#departures). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const query = ScheduleQuery.safeParse({
    day: url.searchParams.get("day") || undefined,
    week: url.searchParams.get("week") || undefined,
  });
  if (!query.success) throw data("Unknown day or week: choose Monday to Saturday, and a week as a date.", 400);
  const registration = await loadOwnedRegistration(info.effectiveUser);
  if (!registration || registration.subjects.length === 0) throw data(NO_SCHEDULE, { status: 404 });
  const week = await wardWeek(registration, query.data);
  if (!week.timetableSet) throw data(NO_SCHEDULE, { status: 404 });
  const day = query.data.day ?? null;
  const pdf = await renderPdf({
    kind: "schedule",
    input: {
      studentName: registration.wardName,
      programmeLabel: registration.programmeLabel,
      week: week.week.label,
      day,
      // What the PDF prints of each lesson, and nothing more is sent to its thread.
      lessons: week.shown.map(({ day, time, subject, facilitator, phase, movedFrom }) => ({
        day,
        time,
        subject,
        facilitator,
        phase,
        movedFrom,
      })),
    },
  });
  return pdfResponse(
    pdf,
    `attachment; filename="${schedulePdfFileName(registration.wardName, week.week.monday, day)}"`,
  );
}
