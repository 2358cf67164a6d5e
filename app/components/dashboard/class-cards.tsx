import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/dashboard/page.tsx";

export const CLASS_TOOLS_NOTE = "Creating classes and live sessions is not available yet.";

/**
 * docs/product.md#screens Classes tab: class cards marked Active with Create New Class, Start
 * Live Session and View Materials. The spec gives the first two no behaviour,
 * so they are shown disabled with a note rather than as buttons that do nothing.
 */
export function ClassCards({ classes }: { classes: Array<{ id: string; name: string; students: number }> }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" disabled aria-describedby="class-tools-note" className={buttonClass("primary")}>
          Create New Class
        </button>
        <p id="class-tools-note" className="text-sm text-gray-700">
          {CLASS_TOOLS_NOTE}
        </p>
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
              <div className="mt-4 flex flex-wrap gap-2">
                <button type="button" disabled aria-describedby="class-tools-note" className={buttonClass("secondary")}>
                  Start Live Session
                </button>
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
