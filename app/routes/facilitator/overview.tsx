import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/overview";
import { requireRole } from "#app/utils/auth.server.ts";
import { countFacilitatorStudents, listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import {
  SAMPLE_AVG_PERFORMANCE,
  SAMPLE_PENDING_REVIEWS,
  SAMPLE_PERFORMANCE_BREAKDOWN,
  SAMPLE_RECENT_ACTIVITIES,
  SAMPLE_UPCOMING_CLASSES,
} from "#app/domain/sample-data.ts";
import { Card, DashboardPage, SampleDataBadge, StatCard } from "#app/components/dashboard/page.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, ["facilitator", "admin"]);
  const subjects = await listFacilitatorSubjects(effectiveUser._id);
  const totalStudents = await countFacilitatorStudents(subjects.map((s) => s.name));
  return { totalStudents, activeClasses: subjects.length, name: effectiveUser.displayName || effectiveUser.fullName };
}

export default function FacilitatorOverview({ loaderData }: Route.ComponentProps) {
  const { totalStudents, activeClasses, name } = loaderData;
  return (
    <DashboardPage title="Overview" description={`Welcome, ${name}.`}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Students" value={totalStudents} hint="Registered in your subjects" />
        <StatCard label="Active Classes" value={activeClasses} hint="Your subjects" />
        <StatCard label="Pending Reviews" value={SAMPLE_PENDING_REVIEWS} sample />
        <StatCard label="Avg Performance" value={`${SAMPLE_AVG_PERFORMANCE}%`} sample />
      </dl>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card
          title={
            <>
              Upcoming Classes
              <SampleDataBadge />
            </>
          }
        >
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <button type="button" disabled aria-describedby="schedule-note" className={buttonClass("primary")}>
              Schedule New
            </button>
            <p id="schedule-note" className="text-sm text-gray-700">
              Scheduling and live classes are not available yet.
            </p>
          </div>
          <ul className="divide-y divide-gray-200">
            {SAMPLE_UPCOMING_CLASSES.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-semibold text-gray-900">
                    {c.subject}: {c.topic}
                  </p>
                  <p className="text-sm text-gray-700">
                    {c.day}, {c.time} · {c.students} students
                  </p>
                </div>
                <button type="button" disabled aria-describedby="schedule-note" className={buttonClass("secondary")}>
                  Start Class<span className="sr-only"> {c.subject}</span>
                </button>
              </li>
            ))}
          </ul>
        </Card>
        <Card
          title={
            <>
              Performance breakdown
              <SampleDataBadge />
            </>
          }
        >
          <ul className="space-y-3">
            {SAMPLE_PERFORMANCE_BREAKDOWN.map((b) => (
              <li key={b.label}>
                <div className="flex justify-between text-sm">
                  <span className="font-medium text-gray-900">{b.label}</span>
                  <span className="text-gray-800">{b.percent}%</span>
                </div>
                <div className="mt-1 h-2 rounded bg-gray-200" aria-hidden="true">
                  <div className="h-2 rounded bg-brand-700" style={{ width: `${b.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card
          title={
            <>
              Recent Activities
              <SampleDataBadge />
            </>
          }
          className="lg:col-span-2"
        >
          <ul className="divide-y divide-gray-200">
            {SAMPLE_RECENT_ACTIVITIES.map((a) => (
              <li key={a.id} className="flex justify-between gap-3 py-2 text-sm">
                <span className="text-gray-900">{a.text}</span>
                <span className="shrink-0 text-gray-700">{a.when}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </DashboardPage>
  );
}
