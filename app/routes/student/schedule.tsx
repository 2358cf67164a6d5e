import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/schedule";
import { requireRole } from "#app/utils/auth.server.ts";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import {
  CLASS_TYPE_LABELS,
  SCHEDULE_DAYS,
  SAMPLE_SCHEDULE_NOTE,
  filterByDay,
  generateSchedule,
  scheduleDayOf,
  summarizeSchedule,
  weekdayNameOf,
  type ScheduleEntry,
} from "#app/domain/schedule.ts";
import { DOWNLOAD_COMPLETE, DOWNLOAD_STARTED, NO_SCHEDULE } from "#app/domain/messages.ts";
import { TimetableList, toPublishedTimetable } from "#app/components/dashboard/timetable-list.tsx";
import { listTimetablesFor } from "#app/models/timetable.server.ts";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import { Badge, Card, usePortalToast } from "#app/routes/student/+shared/components.tsx";
import { Section } from "#app/components/ui/section.tsx";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

const ScheduleQuery = z.object({ day: z.enum(SCHEDULE_DAYS).optional() });
/** docs/product.md#constants: 'Download Complete' follows 'Download Started' after 2 s. */
const DOWNLOAD_TOAST_DELAY_MS = 2000;

export async function loader({ request, url }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration } = await getStudentPortal(request, info);
  // An unknown day is ignored: the filter falls back to the whole week.
  const query = ScheduleQuery.safeParse({ day: url.searchParams.get("day") ?? undefined });
  const day = query.success ? (query.data.day ?? null) : null;
  const now = new Date();
  const today = scheduleDayOf(now);
  const entries = registration ? generateSchedule(registration.reference, registration.subjects) : [];
  const uploaded = registration ? await listTimetablesFor([registration]) : [];
  return {
    timetables: uploaded.map((t) => toPublishedTimetable(t)),
    programmeLabel: registration?.programmeLabel ?? null,
    day,
    today,
    todayName: weekdayNameOf(now),
    shown: filterByDay(entries, day),
    todays: filterByDay(entries, today).filter(() => today !== null),
    summary: summarizeSchedule(entries, today),
  };
}

function ClassCard({ entry, isToday }: { entry: ScheduleEntry; isToday: boolean }) {
  return (
    <li className={`rounded-xl border bg-white p-4 shadow-sm ${isToday ? "border-brand-600" : "border-gray-200"}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-gray-900">{entry.subject}</h3>
        <p className="flex gap-2">
          <Badge tone={entry.type === "practical" ? "purple" : entry.type === "tutorial" ? "yellow" : "blue"}>
            {CLASS_TYPE_LABELS[entry.type]}
          </Badge>
          {isToday ? <Badge tone="green">Today</Badge> : null}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">Day</dt>
        <dd className="text-gray-900">{entry.day}</dd>
        <dt className="text-gray-700">Time</dt>
        <dd className="text-gray-900">{entry.time}</dd>
        <dt className="text-gray-700">Room</dt>
        <dd className="text-gray-900">{entry.room}</dd>
        <dt className="text-gray-700">Facilitator</dt>
        <dd className="text-gray-900">{entry.facilitator}</dd>
      </dl>
    </li>
  );
}

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { programmeLabel, day, today, todayName, shown, todays, summary, timetables } = loaderData;
  const showToast = usePortalToast();
  const hydrated = useHydrated();

  if (summary.totalClasses === 0) {
    return (
      <Section
        id="schedule-heading"
        title={NO_SCHEDULE}
        className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        <p className="mt-2 text-gray-800">
          Your weekly timetable appears here once you are registered for your subjects.
        </p>
        {programmeLabel ? null : (
          <ButtonLink to="/registration" className="mt-4">
            Complete Registration Form
          </ButtonLink>
        )}
      </Section>
    );
  }

  const pdfHref = `/student-dashboard/schedule.pdf${day ? `?day=${day}` : ""}`;
  const filters = [{ label: "All", value: null }, ...SCHEDULE_DAYS.map((d) => ({ label: d, value: d }))];
  return (
    <div className="space-y-6">
      <TimetableList timetables={timetables} headingId="school-timetables" />
      <section aria-labelledby="schedule-heading">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="schedule-heading" className="text-xl font-semibold text-gray-900">
              Class Schedule <Badge tone="yellow">Sample</Badge>
            </h2>
            <p className="mt-1 text-gray-700">Your weekly timetable for {programmeLabel}</p>
            <p className="mt-1 text-sm text-gray-700">{SAMPLE_SCHEDULE_NOTE}</p>
          </div>
          <a
            href={pdfHref}
            download
            className={buttonClass("primary")}
            onClick={() => {
              if (!hydrated) return;
              showToast({
                type: "info",
                title: DOWNLOAD_STARTED,
                description: "Your timetable PDF is being prepared.",
              });
              window.setTimeout(
                () =>
                  showToast({
                    type: "success",
                    title: DOWNLOAD_COMPLETE,
                    description: "Your timetable PDF has been downloaded.",
                  }),
                DOWNLOAD_TOAST_DELAY_MS,
              );
            }}
          >
            Download PDF
          </a>
        </div>

        <nav aria-label="Filter by day" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {filters.map((f) => {
              const active = f.value === day;
              return (
                <li key={f.label} className="shrink-0">
                  <Link
                    to={f.value ? `?day=${f.value}` : "."}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-full border px-4 py-2 text-sm font-semibold ${active ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50"}`}
                  >
                    {f.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div
          role="note"
          aria-labelledby="todays-classes"
          className="mt-4 rounded-lg border border-brand-600 bg-brand-50 p-4 text-brand-800"
        >
          <p id="todays-classes" className="font-semibold">
            Today's Classes
          </p>
          {today === null ? (
            <p className="mt-1 text-sm">No classes today ({todayName}). Classes run Monday to Friday.</p>
          ) : todays.length ? (
            <p className="mt-1 text-sm">
              You have {todays.length} {todays.length === 1 ? "class" : "classes"} today ({todayName}):{" "}
              {todays.map((e) => `${e.subject} at ${e.time}`).join(", ")}.
            </p>
          ) : (
            <p className="mt-1 text-sm">No classes today ({todayName}).</p>
          )}
        </div>

        {shown.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((e) => (
              <ClassCard key={e.id} entry={e} isToday={e.day === today} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center font-semibold text-gray-900">
            No classes on {day}
          </p>
        )}
      </section>

      <Card labelledBy="schedule-summary">
        <h2 id="schedule-summary" className="text-lg font-semibold text-gray-900">
          Schedule Summary
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[
            ["Subjects", summary.subjects],
            ["Total Classes", summary.totalClasses],
            ["Today's Classes", summary.todaysClasses],
            ["Average per Day", summary.averagePerDay],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-gray-700">{label}</dt>
              <dd className="text-2xl font-bold text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
