import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/evaluation-export.csv";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { csvResponse, type CsvColumn } from "#app/utils/csv.server.ts";
import { EvaluationResultsFiltersSchema } from "#app/forms/evaluation.schema.ts";
import { fileDate, formatDateTime } from "#app/domain/dates.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { EvaluationResponse, streamResponses, type EvaluationResponseDoc } from "#app/models/evaluation.server.ts";
import { requireEvaluationForm } from "#app/routes/admin/+shared/evaluation-form.server.ts";

export const handle = { rules: { access: { admin: "can_manage_evaluations" } } } satisfies RouteHandle;

/**
 * GET /admin/evaluations/:formId/export: one row per response, one column per question (a per-subject question:
 * one column per subject answered), filtered like the results page, streamed. Cells pass through csvCell like
 * every other export (formula injection). An anonymous form has no ward or parent columns: nothing to put there.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  const filter = EvaluationResultsFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const subjects = (
    (await EvaluationResponse.distinct("answers.subject", { formId: form._id })) as Array<string | null>
  )
    .filter((s): s is string => typeof s === "string")
    .sort((a, b) => a.localeCompare(b));
  const columns: Array<CsvColumn<EvaluationResponseDoc>> = [
    { header: "Submitted", value: (r) => formatDateTime(r.createdAt) },
    { header: "Last Saved", value: (r) => formatDateTime(r.updatedAt) },
    ...(form.anonymous
      ? []
      : [
          { header: "Ward Name", value: (r: EvaluationResponseDoc) => r.wardName ?? "" },
          { header: "Parent Name", value: (r: EvaluationResponseDoc) => r.parentName ?? "" },
        ]),
    { header: "Programme", value: (r) => (r.programme ? programmeLabel(r.programme) : "") },
  ];
  for (const q of form.questions) {
    for (const subject of q.perSubject ? subjects : [null]) {
      columns.push({
        header: subject ? `${q.prompt} (${subject})` : q.prompt,
        value: (r) => {
          const a = r.answers?.find((x) => x.questionId === q._id && (x.subject ?? null) === subject);
          return a ? (Array.isArray(a.value) ? a.value.join("; ") : a.value) : "";
        },
      });
    }
  }
  const name =
    form.title
      .replace(/[^A-Za-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 40) || "evaluation";
  return csvResponse(`${name}_responses_${fileDate(new Date())}.csv`, streamResponses(form._id, filter), columns);
}
