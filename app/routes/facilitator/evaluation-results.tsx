import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/evaluation-results";
import { requireRole } from "#app/utils/auth.server.ts";
import { EvaluationResultsFiltersSchema } from "#app/forms/evaluation.schema.ts";
import { PROGRAMME_OPTIONS } from "#app/domain/programmes.ts";
import { listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { FilterForm, FilterSearch, FilterSelect } from "#app/components/ui/filter-form.tsx";
import { ResultsBody } from "#app/components/evaluations/results.tsx";
import { facilitatorSubjectsOf, loadResults } from "#app/services/content/evaluations.server.ts";
import { requireEvaluationForm } from "#app/routes/admin/+shared/evaluation-form.server.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/**
 * A form's results for one of the facilitator's subjects: only the responses of wards taking it, and of the
 * per-subject questions only that subject's answers. No reminders, no export (admins only). Anything else: 404.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const form = await requireEvaluationForm(params.formId);
  const mine = facilitatorSubjectsOf(
    form,
    (await listFacilitatorSubjects(effectiveUser._id)).map((s) => s.name),
  );
  if (!mine.length) throw data("Evaluation form not found.", { status: 404 });
  const filter = EvaluationResultsFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const subject = filter.subject && mine.includes(filter.subject) ? filter.subject : mine[0];
  const results = await loadResults(request, form, { ...filter, subject }, { reminders: false });
  return {
    ...results,
    subjects: mine,
    query: { programme: filter.programme ?? "", subject, q: filter.q },
  };
}

export default function FacilitatorEvaluationResults({ loaderData }: Route.ComponentProps) {
  const { form, query, subjects } = loaderData;
  const base = `/facilitator-dashboard/evaluations/${form.id}`;
  return (
    <main id="main" className="min-w-0 flex-1 space-y-6">
      <div>
        <BackLink to="/facilitator-dashboard/evaluations">All evaluations</BackLink>
        <h1 className="mt-3 text-2xl font-bold text-gray-900">
          {form.title}: {query.subject}
        </h1>
        <p className="text-gray-700">
          {form.stateLabel} · {form.opensAt} – {form.closesAt}
          {form.anonymous ? " · Anonymous" : ""}
        </p>
      </div>
      <ResultsBody
        data={loaderData}
        exportHref={null}
        filters={
          <FilterForm action={base} label="Filter results" submitLabel="Filter">
            <FilterSelect
              id="fev-subject"
              name="subject"
              label="Subject"
              value={query.subject}
              options={subjects.map((s) => ({ value: s, label: s }))}
            />
            <FilterSelect
              id="fev-programme"
              name="programme"
              label="Programme"
              value={query.programme}
              all="All programmes"
              options={PROGRAMME_OPTIONS}
            />
            <FilterSearch id="fev-q" label="Search written answers" value={query.q} />
          </FilterForm>
        }
      />
    </main>
  );
}
