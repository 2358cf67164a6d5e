import { readableReference } from "#app/domain/registration-reference.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/ward";
import { requireRole } from "#app/utils/auth.server.ts";
import { getParentRegistration } from "#app/models/registration.server.ts";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";
import { programmeLabel, WARD_FORM_LABELS, type WardForm } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { lessonPhase, shortDay, timeLabel } from "#app/domain/lessons.ts";
import { lessonsForWard } from "#app/services/teaching/lessons.server.ts";
import { wardAttendance, wardWork } from "#app/services/teaching/progress.server.ts";
import { PortalHeader } from "#app/components/dashboard/portal-header.tsx";
import { AttendanceTable } from "#app/components/dashboard/attendance-table.tsx";
import { WorkSummary } from "#app/components/dashboard/work-summary.tsx";
import { Section } from "#app/components/ui/section.tsx";

export const handle = { rules: { access: { roles: ["parent", "admin"] } } } satisfies RouteHandle;

const PANEL = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm";

/**
 * A ward's page in the parent portal (docs/decisions/0103-attendance-where-it-is-read.md): its attendance per subject,
 * its work and marks (docs/decisions/0108-work-handed-in-and-marked.md) and its lessons of the coming week. Only a ward the parent owns (linked, submitted or by the proven number): any other
 * id is "not found", so the page does not tell whether a registration exists.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const ward = await getParentRegistration(effectiveUser, String(params.id));
  if (!ward) throw data("Ward not found", { status: 404 });
  const today = schoolDay();
  const now = new Date();
  const [attendance, work, lessons, unseenCount] = await Promise.all([
    wardAttendance(ward),
    wardWork(ward, now),
    lessonsForWard(
      {
        id: String(ward._id),
        vacation: ward.vacation ?? null,
        programme: ward.programme,
        subjects: ward.subjects ?? [],
        wardForm: ward.wardForm,
      },
      today,
      addDays(today, 6),
    ),
    countUnseenAnnouncements(effectiveUser),
  ]);
  return {
    name: effectiveUser.fullName,
    role: effectiveUser.role,
    unseenCount,
    ward: {
      id: String(ward._id),
      wardName: ward.wardName,
      vacation: ward.vacation ?? "",
      programme: programmeLabel(ward.programme),
      form: WARD_FORM_LABELS[ward.wardForm as WardForm] ?? ward.wardForm,
      reference: ward.reference,
      withdrawn: Boolean(ward.withdrawnAt),
    },
    attendance,
    work,
    lessons: lessons
      .map((l) => ({
        id: l._id,
        subject: l.subject,
        day: shortDay(l.date),
        phase: lessonPhase(l, now),
        time: `${timeLabel(l.start)} to ${timeLabel(l.end)}`,
      }))
      .filter((l) => l.phase !== "over"),
  };
}

export default function WardPage({ loaderData }: Route.ComponentProps) {
  const { name, role, unseenCount, ward, attendance, work, lessons } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <PortalHeader portal="Parent Portal" name={name} role={role} unseenCount={unseenCount} />
      <p className="mt-4 text-sm">
        <Link to="/parent-dashboard" className="font-semibold text-brand-700 underline">
          Back to your wards
        </Link>
      </p>
      <main id="main" className="mt-4 space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{ward.wardName}</h1>
          <p className="mt-1 text-gray-700">
            {ward.vacation ? `${ward.vacation} · ` : ""}
            {ward.programme} · {ward.form} · reference{" "}
            <span className="font-mono">{readableReference(ward.reference)}</span>
            {ward.withdrawn ? " · withdrawn" : ""}
          </p>
        </div>
        <Section id="attendance-heading" title="Attendance" className={PANEL}>
          <p className="mt-1 text-sm text-gray-700">
            Lessons attended (present or late) of the lessons whose register the facilitator has taken. Excused lessons
            are not counted.
          </p>
          <AttendanceTable
            label={`${ward.wardName}: attendance by subject`}
            subjects={attendance.subjects}
            overall={attendance.overall}
          />
        </Section>
        <Section id="work-heading" title="Work and marks" className={PANEL}>
          <p className="mt-1 text-sm text-gray-700">
            The average is over marked work only. Work missing (due, nothing handed in) is listed under its subject, not
            counted as 0; work due before {ward.wardName} enrolled is not asked of them.
          </p>
          <WorkSummary wardName={ward.wardName} work={work} />
          <p className="mt-3 text-sm">
            <a href={`/wards/${ward.id}/report.pdf`} className="font-semibold text-brand-700 underline">
              Download {ward.wardName}&apos;s report (PDF)
            </a>
          </p>
        </Section>
        <Section id="lessons-heading" title="Lessons this week" className={PANEL}>
          {lessons.length ? (
            <ul className="mt-3 divide-y divide-gray-200">
              {lessons.map((l) => (
                <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <span className="font-semibold text-gray-900">{l.subject}</span>
                  <span className="text-gray-800">
                    {l.day}, {l.time}
                    {l.phase === "cancelled" ? <strong className="ml-2 text-red-800">Cancelled</strong> : null}
                    {l.phase === "running" ? <strong className="ml-2 text-green-800">On now</strong> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-gray-700">No lessons in the coming seven days.</p>
          )}
        </Section>
      </main>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.ward.wardName ?? "Ward"} | Parent Portal | ${SCHOOL_NAME}` }];
}
