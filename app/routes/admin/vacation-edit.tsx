import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/vacation-edit";
import { parseWithZod } from "#app/forms/parse.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import { VacationDatesSchema } from "#app/forms/vacation.schema.ts";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { listVacations } from "#app/models/vacation.server.ts";
import { changeVacationDates } from "#app/services/content/vacations.server.ts";
import { SubmitButton, SchemaForm } from "#app/components/form/fields.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { AdminPage } from "#app/components/ui/admin-page.tsx";
import { VacationDateFields } from "#app/routes/admin/+shared/vacation-date-fields.tsx";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

async function vacationNamed(name: string | undefined) {
  const vacation = (await listVacations()).find((v) => v.name === name);
  if (!vacation) throw data("Vacation not found", { status: 404 });
  return vacation;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const vacation = await vacationNamed(params.name);
  return { vacation };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const vacation = await vacationNamed(params.name);
  const submission = parseWithZod(await request.formData(), { schema: VacationDatesSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await changeVacationDates(vacation, submission.value, user._id);
  if (!outcome.ok) return replyToRefusal(submission, outcome);
  return redirectWithToast("/admin/vacations", {
    type: "success",
    title: "Dates saved",
    description: `${vacation.name}: its new dates are in force.`,
  });
}

export default function VacationEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { vacation } = loaderData;
  const [form, fields] = useSchemaForm("vacation-dates", VacationDatesSchema, actionData?.result, {
    registrationOpens: vacation.registrationOpens,
    registrationCloses: vacation.registrationCloses,
    lessonsStart: vacation.lessonsStart,
    lessonsEnd: vacation.lessonsEnd,
    newSchoolYear: vacation.newSchoolYear ? "on" : "",
  });
  return (
    <AdminPage title={<>Dates of {vacation.name}</>} width="2xl">
      <SchemaForm form={form} className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
        <VacationDateFields fields={fields} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pendingLabel="Saving...">Save Dates</SubmitButton>
          <Link to="/admin/vacations" className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </SchemaForm>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Vacation dates | Admin | ${SCHOOL_NAME}` }];
}
