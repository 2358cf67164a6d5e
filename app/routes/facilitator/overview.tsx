import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/overview";
import { requireRole } from "#app/utils/auth.server.ts";
import { countFacilitatorStudents, listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { timeAgo } from "#app/domain/dates.ts";
import { counted } from "#app/domain/counted.ts";
import { teachingOverview } from "#app/services/teaching/teaching-overview.server.ts";
import { pendingReviews, subjectsPerformance } from "#app/services/teaching/handins.server.ts";
import { Card, DashboardPage, EmptyState, StatCard } from "#app/components/dashboard/page.tsx";
import { Link } from "react-router";
import { classLabel } from "#app/domain/classes.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { classesGiven } from "#app/services/teaching/classes.server.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const subjects = await listFacilitatorSubjects(effectiveUser._id);
  const names = subjects.map((s) => s.name);
  const now = new Date();
  const [subjectStudents, teaching, pending, { teaching: vacation }] = await Promise.all([
    countFacilitatorStudents(names),
    teachingOverview(names, now),
    pendingReviews(names),
    vacationPointers(),
  ]);
  // The classes the office gave this facilitator beyond their subjects' (ADR 0112): theirs to teach too.
  const given =
    effectiveUser.role === "facilitator" && vacation
      ? (await classesGiven(effectiveUser._id, vacation.name)).filter((c) => !names.includes(c.subject))
      : [];
  const performance = await subjectsPerformance(names, teaching.vacation);
  return {
    totalStudents: subjectStudents + given.reduce((sum, c) => sum + (c.seats ?? 0), 0),
    pending,
    performance,
    activeClasses: subjects.length + given.length,
    classesGiven: given.map((c) => ({
      key: `${c.programme} ${c.subject} ${c.n}`,
      title: `${c.subject}, ${programmeLabel(c.programme)}: ${classLabel(c.n)}`,
      students: counted(c.seats ?? 0, "student"),
    })),
    name: effectiveUser.displayName || effectiveUser.fullName,
    teaching: {
      ...teaching,
      activity: teaching.activity.map((a) => ({ id: a.id, text: a.text, when: timeAgo(a.at, now) })),
    },
  };
}

export default function FacilitatorOverview({ loaderData }: Route.ComponentProps) {
  const { totalStudents, activeClasses, name, teaching, pending, performance, classesGiven } = loaderData;
  return (
    <DashboardPage title="Overview" description={`Welcome, ${name}.`}>
      {activeClasses === 0 ? (
        <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          The office has not given you a subject or a class yet: it does so under Admin → Subjects or Admin → Classes,
          and then your students and lessons show here.
        </p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Students" value={totalStudents} hint="Registered in your subjects and classes" />
        <StatCard label="Active Classes" value={activeClasses} hint="Your subjects and the classes given to you" />
        <StatCard label="Pending Reviews" value={pending} hint="Work handed in, not marked yet" />
        <StatCard
          label="Avg Performance"
          value={performance.average === null ? "None yet" : `${performance.average}%`}
          hint={
            performance.students
              ? `Of ${counted(performance.students, "student")} with marked work`
              : "Once work is marked"
          }
        />
      </dl>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        {classesGiven.length ? (
          <Card title="Classes the office gave you" className="lg:col-span-2">
            <ul className="divide-y divide-gray-200">
              {classesGiven.map((c) => (
                <li key={c.key} className="flex justify-between gap-3 py-2 text-sm">
                  <span className="font-semibold text-gray-900">{c.title}</span>
                  <span className="shrink-0 text-gray-700">{c.students}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-gray-700">Their lessons are under Classes, with their registers.</p>
          </Card>
        ) : null}
        <Card title="Upcoming Classes">
          <p className="mb-3 text-sm text-gray-800">
            {teaching.vacation
              ? `${counted(teaching.lessonsThisWeek, "lesson")} this week · ${counted(teaching.registersToTake, "register")} to take`
              : "No vacation is teaching now."}{" "}
            <Link to="/facilitator-dashboard/classes" className="font-semibold text-brand-700 underline">
              Start a class or take a register
            </Link>
          </p>
          {teaching.upcoming.length ? (
            <ul className="divide-y divide-gray-200">
              {teaching.upcoming.map((c) => (
                <li key={c.id} className="py-3">
                  <p className="font-semibold text-gray-900">
                    {c.subject}
                    {c.running ? <span className="ml-2 text-sm font-semibold text-green-800">Running now</span> : null}
                  </p>
                  <p className="text-sm text-gray-700">
                    {c.when} · {c.audience}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>No lesson of your subjects is coming up.</EmptyState>
          )}
        </Card>
        <Card title="Performance breakdown">
          {performance.students ? (
            <ul className="space-y-3">
              {performance.bands.map((b) => (
                <li key={b.label}>
                  <div className="flex justify-between text-sm">
                    <span className="font-medium text-gray-900">{b.label}</span>
                    <span className="text-gray-800">
                      {b.percent}% ({counted(b.students, "student")})
                    </span>
                  </div>
                  <div className="mt-1 h-2 rounded bg-gray-200" aria-hidden="true">
                    <div className="h-2 rounded bg-brand-700" style={{ width: `${b.percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>
              No marked work yet.{" "}
              <Link to="/facilitator-dashboard/assignments" className="font-semibold text-brand-700 underline">
                Set an assignment
              </Link>
            </EmptyState>
          )}
        </Card>
        <Card title="Recent Activities" className="lg:col-span-2">
          {teaching.activity.length ? (
            <ul className="divide-y divide-gray-200">
              {teaching.activity.map((a) => (
                <li key={a.id} className="flex justify-between gap-3 py-2 text-sm">
                  <span className="text-gray-900">{a.text}</span>
                  <span className="shrink-0 text-gray-700">{a.when}</span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>Nothing in your subjects in the last two weeks.</EmptyState>
          )}
        </Card>
      </div>
    </DashboardPage>
  );
}
