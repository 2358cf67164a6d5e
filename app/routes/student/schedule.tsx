import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/schedule";
import { requireRole } from "#app/utils/auth.server.ts";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { LESSON_DAY_NAMES } from "#app/domain/lessons.ts";
import { DOWNLOAD_COMPLETE, DOWNLOAD_STARTED, NO_SCHEDULE } from "#app/domain/messages.ts";
import { TimetableList, toPublishedTimetable } from "#app/components/dashboard/timetable-list.tsx";
import { listTimetablesFor } from "#app/models/timetable.server.ts";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import { ScheduleQuery, wardWeek, type LessonCardData } from "#app/routes/student/+shared/schedule.server.ts";
import { Badge, Card, usePortalToast } from "#app/routes/student/+shared/components.tsx";
import { Section } from "#app/components/ui/section.tsx";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

/** docs/product.md#constants: 'Download Complete' follows 'Download Started' after 2 s. */
const DOWNLOAD_TOAST_DELAY_MS = 2000;

export async function loader({ request, url }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration } = await getStudentPortal(request, info);
  // An unknown day or week is ignored: the page falls back to the whole week the vacation is in.
  const parsed = ScheduleQuery.safeParse({
    day: url.searchParams.get("day") ?? undefined,
    week: url.searchParams.get("week") ?? undefined,
  });
  const query = parsed.success ? parsed.data : {};
  const [week, uploaded] = await Promise.all([
    wardWeek(registration, query),
    registration ? listTimetablesFor([registration]) : [],
  ]);
  return {
    timetables: uploaded.map((t) => toPublishedTimetable(t)),
    registered: Boolean(registration?.subjects.length),
    programmeLabel: registration?.programmeLabel ?? null,
    day: query.day ?? null,
    ...week,
  };
}

function LessonCard({ lesson }: { lesson: LessonCardData }) {
  const cancelled = lesson.phase === "cancelled";
  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${lesson.isToday && !cancelled ? "border-brand-600" : "border-gray-200"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className={`font-semibold text-gray-900 ${cancelled ? "line-through" : ""}`}>{lesson.subject}</h3>
        <p className="flex gap-2">
          {cancelled ? <Badge tone="red">Cancelled</Badge> : null}
          {lesson.phase === "running" ? <Badge tone="green">Running now</Badge> : null}
          {lesson.isToday && !cancelled ? <Badge tone="blue">Today</Badge> : null}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">Day</dt>
        <dd className="text-gray-900">{lesson.day}</dd>
        <dt className="text-gray-700">Time</dt>
        <dd className="text-gray-900">{lesson.time}</dd>
        <dt className="text-gray-700">Where</dt>
        <dd className="text-gray-900">Online</dd>
        <dt className="text-gray-700">Facilitator</dt>
        <dd className="text-gray-900">{lesson.facilitator}</dd>
      </dl>
      {lesson.movedFrom ? <p className="mt-2 text-sm text-gray-700">Moved from {lesson.movedFrom}.</p> : null}
      {lesson.notes || lesson.materialLink || lesson.materialFile ? (
        <div className="mt-3 border-t border-gray-200 pt-2 text-sm">
          <p className="font-semibold text-gray-900">Notes and materials</p>
          {lesson.notes ? <p className="mt-1 whitespace-pre-line text-gray-800">{lesson.notes}</p> : null}
          {lesson.materialLink ? (
            <p className="mt-1 break-all">
              <a href={lesson.materialLink} rel="noopener noreferrer" className="text-brand-700 underline">
                {lesson.materialLink}
              </a>
            </p>
          ) : null}
          {lesson.materialFile ? (
            <p className="mt-1">
              <a href={lesson.materialFile.href} className="font-semibold text-brand-700 underline">
                Open the file: {lesson.materialFile.name}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {lesson.joinLink ? (
        <a
          href={lesson.joinLink}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass("primary")} mt-3 w-full`}
        >
          Join the lesson <span className="sr-only">{lesson.subject}</span>
        </a>
      ) : null}
    </li>
  );
}

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { programmeLabel, day, todayName, shown, todays, summary, timetables, week, timetableSet, registered } =
    loaderData;
  const showToast = usePortalToast();
  const hydrated = useHydrated();

  if (!registered || !timetableSet) {
    return (
      <div className="space-y-6">
        <TimetableList timetables={timetables} headingId="school-timetables" />
        <Section
          id="schedule-heading"
          title={NO_SCHEDULE}
          className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center"
          headingClassName="text-xl font-semibold text-gray-900"
        >
          <p className="mt-2 text-gray-800">
            {registered
              ? "The school has not set its timetable for your subjects yet. Your lessons appear here as soon as it does."
              : "Your weekly timetable appears here once you are registered for your subjects."}
          </p>
          {programmeLabel ? null : (
            <ButtonLink to="/registration" className="mt-4">
              Complete Registration Form
            </ButtonLink>
          )}
        </Section>
      </div>
    );
  }

  const weekParam = `week=${week.monday}`;
  const pdfHref = `/student-dashboard/schedule.pdf?${weekParam}${day ? `&day=${day}` : ""}`;
  const filters = [{ label: "All", value: null }, ...LESSON_DAY_NAMES.map((d) => ({ label: d, value: d }))];
  return (
    <div className="space-y-6">
      <TimetableList timetables={timetables} headingId="school-timetables" />
      <section aria-labelledby="schedule-heading">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="schedule-heading" className="text-xl font-semibold text-gray-900">
              Class Schedule
            </h2>
            <p className="mt-1 text-gray-700">Your weekly timetable for {programmeLabel}</p>
            <p className="mt-1 text-sm text-gray-700">Week of {week.label}. Lessons are online.</p>
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
                    to={`?${weekParam}${f.value ? `&day=${f.value}` : ""}`}
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
        <nav aria-label="Weeks" className="mt-3 flex gap-4">
          {week.previous ? (
            <Link to={`?week=${week.previous}`} className="font-semibold text-brand-700 underline">
              Previous week
            </Link>
          ) : null}
          {week.next ? (
            <Link to={`?week=${week.next}`} className="font-semibold text-brand-700 underline">
              Next week
            </Link>
          ) : null}
        </nav>

        <div
          role="note"
          aria-labelledby="todays-classes"
          className="mt-4 rounded-lg border border-brand-600 bg-brand-50 p-4 text-brand-800"
        >
          <p id="todays-classes" className="font-semibold">
            Today's Classes
          </p>
          {todays.length ? (
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
            {shown.map((lesson) => (
              <LessonCard key={lesson.id} lesson={lesson} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center font-semibold text-gray-900">
            {day ? `No classes on ${day}` : "No classes this week"}
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
