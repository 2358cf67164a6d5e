import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/evaluation-results";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { EvaluationResultsFiltersSchema } from "#app/forms/evaluation.schema.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { ALL_SUBJECTS, PROGRAMME_OPTIONS } from "#app/domain/programmes.ts";
import { FilterForm, FilterSearch, FilterSelect } from "#app/components/ui/filter-form.tsx";
import { ResultsBody } from "#app/components/evaluations/results.tsx";
import { loadResults, queueEvaluationReminders } from "#app/services/content/evaluations.server.ts";
import { requireEvaluationForm } from "#app/routes/admin/+shared/evaluation-form.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_manage_evaluations" } } } satisfies RouteHandle;

export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  const filter = EvaluationResultsFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const results = await loadResults(request, form, filter, { reminders: true });
  return {
    ...results,
    query: { programme: filter.programme ?? "", subject: filter.subject ?? "", q: filter.q },
    search: url.search,
  };
}

/** "Send reminders by SMS" to the parents who have not answered (at most one a day each). */
export async function action({ request, params, url }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  const queued = await queueEvaluationReminders(request, form);
  await audit("evaluation.remind-sms", user._id, form._id, { queued });
  return redirectWithToast(url.pathname, {
    type: "success",
    title: queued === 1 ? "1 SMS reminder queued" : `${queued} SMS reminders queued`,
    description: "See Messages. Each parent gets at most one reminder a day.",
  });
}

const SUBJECT_OPTIONS = ALL_SUBJECTS.map((s) => ({ value: s, label: s }));

export default function EvaluationResults({ loaderData }: Route.ComponentProps) {
  const { form, query, search } = loaderData;
  const base = `/admin/evaluations/${form.id}/results`;
  const filtered = !!(query.programme || query.subject || query.q);
  return (
    <AdminPage
      title={<>Results: {form.title}</>}
      back={{ to: `/admin/evaluations/${form.id}`, label: "Back to the form" }}
      description={
        <>
          {form.audience} · {form.stateLabel} · {form.opensAt} – {form.closesAt}
          {form.anonymous ? " · Anonymous" : ""}
        </>
      }
    >
      {loaderData.showReminders && loaderData.remindersTotal > 0 ? (
        <Form method="post">
          <Button type="submit" variant="secondary">
            Send reminders by SMS
          </Button>
          <span className="ml-3 text-sm text-gray-700">
            To every parent in the audience who has not answered; at most one a day each.
          </span>
        </Form>
      ) : null}
      <ResultsBody
        data={loaderData}
        exportHref={`/admin/evaluations/${form.id}/export${search}`}
        filters={
          <FilterForm action={base} label="Filter results" submitLabel="Filter" clear={filtered ? { to: base } : null}>
            <FilterSelect
              id="ev-programme"
              name="programme"
              label="Programme"
              value={query.programme}
              all="All programmes"
              options={PROGRAMME_OPTIONS}
            />
            <FilterSelect
              id="ev-subject"
              name="subject"
              label="Subject"
              value={query.subject}
              all="All subjects"
              options={SUBJECT_OPTIONS}
            />
            <FilterSearch
              id="ev-q"
              label="Search written answers"
              value={query.q}
              placeholder="Words in an answer or a ward's name"
            />
          </FilterForm>
        }
      />
    </AdminPage>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Results: ${loaderData?.form.title ?? "Evaluation form"} | Admin | ${SCHOOL_NAME}` }];
}
