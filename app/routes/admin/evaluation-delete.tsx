import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data } from "react-router";
import type { Route } from "./+types/evaluation-delete";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { evaluationDeleteSchema, EVALUATION_DELETE_WORD } from "#app/forms/evaluation.schema.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { TextField, DeleteActions, SchemaForm } from "#app/components/form/fields.tsx";
import { countResponses, deleteEvaluationForm } from "#app/models/evaluation.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { EVALUATIONS_PATH } from "#app/services/content/evaluations.server.ts";
import { requireEvaluationForm } from "#app/routes/admin/+shared/evaluation-form.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_manage_evaluations" } } } satisfies RouteHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  return { id: form._id, title: form.title, responses: await countResponses(form._id) };
}

/** Deleting removes the form and every response; with responses, the word DELETE must be typed. Audited. */
export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const form = await requireEvaluationForm(params.formId);
  const responses = await countResponses(form._id);
  const submission = parseWithZod(await request.formData(), { schema: evaluationDeleteSchema(responses > 0) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await deleteEvaluationForm(form._id);
  await audit("evaluation.delete", user._id, form._id, { title: form.title, responses: outcome.responses });
  return redirectWithToast(EVALUATIONS_PATH, { type: "success", title: "Evaluation form deleted" });
}

export default function DeleteEvaluation({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, responses } = loaderData;
  const schema = evaluationDeleteSchema(responses > 0);
  const [form, fields] = useSchemaForm("delete-evaluation", schema, actionData?.result, undefined, {
    checkOn: "submit",
  });
  return (
    <AdminPage title={<>Delete “{title}”</>} width="xl" card="danger">
      <p className="mt-3 text-gray-800">
        {responses
          ? `This permanently deletes the form and its ${responses} ${responses === 1 ? "response" : "responses"}. It cannot be undone; download the CSV first if you need the answers.`
          : "This permanently deletes the form. No parent has answered it."}
      </p>
      <SchemaForm form={form} className="mt-5 space-y-4">
        {responses ? (
          <TextField
            field={fields.confirm}
            label={`Type ${EVALUATION_DELETE_WORD} to confirm`}
            inputProps={{ autoComplete: "off" }}
          />
        ) : null}
        <DeleteActions label="Delete form" cancelTo={`/admin/evaluations/${id}`} />
      </SchemaForm>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Delete evaluation form | Admin | ${SCHOOL_NAME}` }];
}
