import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/evaluations";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { countResponses, listEvaluationForms } from "#app/models/evaluation.server.ts";
import { formListView } from "#app/services/content/evaluations.server.ts";
import { STATE_LABELS } from "#app/domain/evaluations.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_manage_evaluations" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const forms = await listEvaluationForms();
  const counts = await Promise.all(forms.map((f) => countResponses(f._id)));
  return { forms: forms.map((f, i) => ({ ...formListView(f), responses: counts[i] })) };
}

const STATE_CLASS = {
  upcoming: "bg-gray-100 text-gray-800",
  open: "bg-green-100 text-green-800",
  closed: "bg-yellow-100 text-yellow-900",
} as const;

export default function Evaluations({ loaderData }: Route.ComponentProps) {
  const { forms } = loaderData;
  return (
    <AdminPage
      title="Evaluation forms"
      description="Ask parents how the classes are going; read the answers as they come in."
      actions={<ButtonLink to="/admin/evaluations/new">New form</ButtonLink>}
    >
      <DataTable
        label="Evaluation forms"
        headers={["Title", "For", "Open", "Status", "Questions", "Responses", { label: "Actions", srOnly: true }]}
        rows={forms}
        rowClassName="align-top"
        emptyText="No evaluation forms yet. Start with New form."
      >
        {(f) => (
          <>
            <td className="px-3 py-3 font-medium text-gray-900">
              {f.title}
              {f.anonymous ? (
                <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-800">Anonymous</span>
              ) : null}
            </td>
            <td className="px-3 py-3 text-gray-800">{f.audience}</td>
            <td className="whitespace-nowrap px-3 py-3 text-gray-800">
              {f.opensAt} – {f.closesAt}
            </td>
            <td className="px-3 py-3">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[f.state]}`}>
                {STATE_LABELS[f.state]}
              </span>
            </td>
            <td className="px-3 py-3 tabular-nums text-gray-800">{f.questions}</td>
            <td className="px-3 py-3 tabular-nums text-gray-800">{f.responses}</td>
            <td className="whitespace-nowrap px-3 py-3">
              <Link to={`/admin/evaluations/${f.id}`} className="font-semibold text-brand-700 underline">
                Edit<span className="sr-only"> {f.title}</span>
              </Link>{" "}
              ·{" "}
              <Link to={`/admin/evaluations/${f.id}/results`} className="font-semibold text-brand-700 underline">
                Results<span className="sr-only"> of {f.title}</span>
              </Link>
            </td>
          </>
        )}
      </DataTable>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Evaluation forms | Admin | ${SCHOOL_NAME}` }];
}
