import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/dashboard/page.tsx";
import type { FacilitatorLesson } from "#app/components/dashboard/lesson-list.tsx";

/**
 * docs/product.md#screens Classes tab: class cards marked Active with Create New Class, Start Live Session and View
 * Materials. Create New Class asks the office for a class (its own page); Start Live
 * Session leads to the "Start class" form of the subject's lesson that can start today, on the same page; a subject
 * with none today says so.
 */
export function ClassCards({
  classes,
  lessons,
}: {
  classes: Array<{ id: string; name: string; students: number }>;
  lessons: readonly FacilitatorLesson[];
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/facilitator-dashboard/classes/request" className={buttonClass("primary")}>
          Create New Class
        </Link>
        <p className="text-sm text-gray-700">Ask the school&apos;s office for a class the timetable does not have.</p>
      </div>
      {classes.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {classes.map((c) => (
            <li key={c.id} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-lg font-semibold text-gray-900">{c.name}</h3>
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                  Active
                </span>
              </div>
              <p className="mt-1 text-sm text-gray-700">
                {c.students} {c.students === 1 ? "student" : "students"}
              </p>
              <div className="mt-4 flex flex-wrap items-center gap-2">
                {startable(lessons, c.name) ? (
                  <a href={`#start-${startable(lessons, c.name)!.id}`} className={buttonClass("secondary")}>
                    Start Live Session<span className="sr-only"> of {c.name}</span>
                  </a>
                ) : (
                  <p className="text-sm text-gray-700">No lesson of {c.name} to start today.</p>
                )}
                <Link
                  to={`/facilitator-dashboard/assignments?subject=${encodeURIComponent(c.name)}`}
                  className={buttonClass("ghost")}
                >
                  View Materials<span className="sr-only"> for {c.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>
          No classes yet: no subjects are assigned to you. An administrator assigns subjects in the admin portal.
        </EmptyState>
      )}
    </div>
  );
}

/** The subject's first lesson that can start now or later today (its "Start class" form is in the lesson list). */
function startable(lessons: readonly FacilitatorLesson[], subject: string) {
  return lessons.find((l) => l.startable && l.subject === subject) ?? null;
}
