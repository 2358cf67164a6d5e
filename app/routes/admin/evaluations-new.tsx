import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/evaluations-new";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { EvaluationDetailsSchema, toDateTimeInput } from "#app/forms/evaluation.schema.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { createEvaluationForm } from "#app/models/evaluation.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { EvaluationDetailsForm } from "#app/routes/admin/+shared/evaluation-details-form.tsx";
import { EVALUATIONS_PATH } from "#app/services/content/evaluations.server.ts";
import { FormPage } from "#app/components/ui/form-page.tsx";

export const handle = { rules: { access: { admin: "can_manage_evaluations" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  // Suggested window: from now, for two weeks.
  const now = Date.now();
  return { opensAt: toDateTimeInput(new Date(now)), closesAt: toDateTimeInput(new Date(now + 14 * 86_400_000)) };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const submission = parseWithZod(await request.formData(), { schema: EvaluationDetailsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const id = await createEvaluationForm(submission.value, user._id);
  await audit("evaluation.create", user._id, id, { title: submission.value.title });
  return redirectWithToast(`${EVALUATIONS_PATH}/${id}`, {
    type: "success",
    title: "Form created",
    description: "Now add its questions.",
  });
}

export default function NewEvaluation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage title="New evaluation form" backTo="/admin/evaluations" backLabel="Back to evaluation forms" wide>
      <EvaluationDetailsForm
        id="evaluation-new"
        lastResult={actionData?.result}
        current={{ title: "", intro: "", programmes: [], subject: "", anonymous: false, ...loaderData }}
        submitLabel="Create form"
      />
    </FormPage>
  );
}

export function meta() {
  return [{ title: `New evaluation form | Admin | ${SCHOOL_NAME}` }];
}
