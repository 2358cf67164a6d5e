import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/evaluations";
import { ItemRow } from "#app/components/ui/item-row.tsx";
import { requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { openState } from "#app/domain/evaluations.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { formsForWards } from "#app/models/evaluation.server.ts";
import { parentWards } from "#app/routes/dashboard/+shared/evaluations.server.ts";

export const handle = { rules: { access: { roles: ["parent"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const wards = await parentWards(effectiveUser);
  const list = await formsForWards(effectiveUser._id, wards);
  // Each ward once, by its newest registration; a form links to the registration it asks about.
  const people = wards.filter((w, i) => wards.findIndex((o) => o.key === w.key) === i);
  return {
    wards: people.map((w) => ({
      id: w._id,
      wardName: w.wardName,
      programme: programmeLabel(w.programme),
      forms: list
        .filter((x) => x.ward.key === w.key)
        .map((x) => ({
          registrationId: x.ward._id,
          id: x.form._id,
          title: x.form.title,
          intro: x.form.intro,
          state: openState(x.form),
          closesAt: formatDateTime(x.form.closesAt),
          answeredAt: x.answeredAt ? formatDateTime(x.answeredAt) : null,
          anonymous: x.form.anonymous,
        })),
    })),
  };
}

export default function Evaluations({ loaderData }: Route.ComponentProps) {
  const { wards } = loaderData;
  return (
    <DashboardPage title="Evaluation Forms" description="Forms to tell us how your ward's classes are going.">
      {wards.every((w) => w.forms.length === 0) ? (
        <EmptyState>No evaluation forms are available yet. When the school opens one, it will appear here.</EmptyState>
      ) : (
        <div className="space-y-6">
          {wards.map((w) => (
            <section
              key={w.id}
              aria-labelledby={`ward-${w.id}`}
              className="rounded-xl border border-gray-200 bg-white p-5"
            >
              <h2 id={`ward-${w.id}`} className="text-lg font-semibold text-gray-900">
                {w.wardName} <span className="text-sm font-normal text-gray-700">· {w.programme}</span>
              </h2>
              {w.forms.length ? (
                <ul className="mt-3 divide-y divide-gray-200">
                  {w.forms.map((f) => (
                    <ItemRow
                      key={f.id}
                      title={f.title}
                      className="py-3"
                      details={
                        <p className="text-sm text-gray-700">
                          {f.state === "open" ? `Open until ${f.closesAt}` : `Closed ${f.closesAt}`}
                          {f.answeredAt
                            ? f.state === "open"
                              ? ` · Answered, last saved ${f.answeredAt}`
                              : ` · Answered ${f.answeredAt}`
                            : f.state === "open"
                              ? " · Not answered yet"
                              : " · Not answered"}
                          {f.anonymous ? " · Anonymous" : ""}
                        </p>
                      }
                    >
                      {f.state === "open" ? (
                        <Link
                          to={`/dashboard/evaluations/${f.id}/${f.registrationId}`}
                          className="font-semibold text-brand-700 underline"
                        >
                          {f.answeredAt ? "Edit answers" : "Answer"}
                          <span className="sr-only">
                            {" "}
                            {f.title} for {w.wardName}
                          </span>
                        </Link>
                      ) : (
                        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800">
                          {f.answeredAt ? "Answered" : "Closed"}
                        </span>
                      )}
                    </ItemRow>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-gray-700">No forms for {w.wardName} at the moment.</p>
              )}
            </section>
          ))}
        </div>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Evaluation Forms | ${SCHOOL_NAME}` }];
}
