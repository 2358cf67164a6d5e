import { performanceOfRegistrations } from "#app/services/teaching/handins.server.ts";
import { NO_MARKS, performanceText } from "#app/domain/performance.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/subjects";
import { requireRole } from "#app/utils/auth.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import { Badge } from "#app/routes/student/+shared/components.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { wardAttendance } from "#app/services/teaching/progress.server.ts";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration } = await getStudentPortal(request, info);
  const [attendance, performance] = registration
    ? await Promise.all([
        wardAttendance({ _id: registration.id, subjects: registration.subjects }),
        performanceOfRegistrations([registration.id]).then((m) => m.get(registration.id) ?? null),
      ])
    : [null, null];
  return {
    hasRegistration: Boolean(registration),
    programmeLabel: registration?.programmeLabel ?? null,
    subjects: (registration?.subjects ?? []).map((subject) => ({
      subject,
      attendance: attendance?.subjects.find((a) => a.subject === subject)?.text ?? "No lessons held yet",
      marks: performanceText(performance?.bySubject.get(subject) ?? NO_MARKS),
    })),
    overall: attendance?.overall.held ? attendance.overall.text : null,
    reportHref: registration ? `/wards/${registration.id}/report.pdf` : null,
  };
}

export default function Subjects({ loaderData }: Route.ComponentProps) {
  const { hasRegistration, programmeLabel, subjects, overall, reportHref } = loaderData;
  return (
    <Section id="subjects-heading" title="My Subjects" headingClassName="text-xl font-semibold text-gray-900">
      {programmeLabel ? <p className="mt-1 text-gray-700">{programmeLabel}</p> : null}
      {overall ? (
        <p className="mt-1 text-gray-800">
          <span className="font-semibold text-gray-900">Attendance, all subjects:</span> {overall}
        </p>
      ) : null}
      {reportHref ? (
        <p className="mt-1 text-sm">
          <a href={reportHref} className="font-semibold text-brand-700 underline">
            Download your report (PDF)
          </a>
        </p>
      ) : null}
      {subjects.length ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {subjects.map((s) => (
            <li key={s.subject} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-semibold text-gray-900">{s.subject}</h3>
                <Badge tone="green">Active</Badge>
              </div>
              <p className="mt-2 text-sm text-gray-800">Attendance: {s.attendance}</p>
              <p className="text-sm text-gray-800">Marks: {s.marks}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
          <p className="font-semibold text-gray-900">No subjects enrolled</p>
          {hasRegistration ? null : (
            <ButtonLink to="/registration" className="mt-4">
              Complete Registration Form
            </ButtonLink>
          )}
        </div>
      )}
    </Section>
  );
}
