import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/evaluations";
import { requireRole } from "#app/utils/auth.server.ts";
import { listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { listEvaluationForms } from "#app/models/evaluation.server.ts";
import { CardList } from "#app/components/dashboard/card-list.tsx";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { facilitatorSubjectsOf, formListView } from "#app/services/content/evaluations.server.ts";
import { STATE_LABELS } from "#app/domain/evaluations.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/** The evaluation forms about the facilitator's subjects (docs/decisions/0054-evaluation-forms.md). */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const mine = (await listFacilitatorSubjects(effectiveUser._id)).map((s) => s.name);
  const forms = (await listEvaluationForms()).filter((f) => facilitatorSubjectsOf(f, mine).length > 0);
  return { forms: forms.map((f) => ({ ...formListView(f), subjects: facilitatorSubjectsOf(f, mine) })) };
}

export default function FacilitatorEvaluations({ loaderData }: Route.ComponentProps) {
  const { forms } = loaderData;
  return (
    <DashboardPage title="Evaluations" description="What parents say about the subjects you teach.">
      <CardList
        items={forms}
        itemKey={(f) => f.id}
        cardClassName="p-4"
        empty="No evaluation form asks about your subjects yet."
      >
        {(f) => (
          <>
            <p className="font-semibold text-gray-900">{f.title}</p>
            <p className="text-sm text-gray-700">
              {f.audience} · {STATE_LABELS[f.state]} · {f.opensAt} – {f.closesAt}
            </p>
            <ul className="mt-2 flex flex-wrap gap-3 text-sm">
              {f.subjects.map((s) => (
                <li key={s}>
                  <Link
                    to={`/facilitator-dashboard/evaluations/${f.id}?subject=${encodeURIComponent(s)}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    Results for {s}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardList>
    </DashboardPage>
  );
}
