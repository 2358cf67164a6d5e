import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import type { Route } from "./+types/registrations-delete-all";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { DeleteAllSchema } from "#app/forms/admin-registrations.schema.ts";
import { ALL_REGISTRATIONS_DELETE_FAILED, ALL_REGISTRATIONS_DELETED } from "#app/domain/messages.ts";
import { TextField, DeleteActions, SchemaForm } from "#app/components/form/fields.tsx";
import { countRegistrationsByProgramme, deleteAllRegistrations } from "#app/models/registration.server.ts";
import { removeWorkOf } from "#app/models/submission.server.ts";
import { removeAttendanceOf } from "#app/models/attendance.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { logFor } from "#app/models/infra/log.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const { total } = await countRegistrationsByProgramme();
  return { total };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: DeleteAllSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  let outcome: { deleted: number; kept: number };
  try {
    outcome = await deleteAllRegistrations();
  } catch {
    return redirectWithToast("/admin/registrations", { type: "error", title: ALL_REGISTRATIONS_DELETE_FAILED });
  }
  if (outcome.deleted) {
    await removeWorkOf("orphaned").catch((error: unknown) =>
      logFor("registrations").error({ err: error }, "work not removed"),
    );
    await removeAttendanceOf("orphaned").catch((error: unknown) =>
      logFor("registrations").error({ err: error }, "attendance not removed"),
    );
  }
  await audit("registration.delete-all", user._id, null, outcome).catch(() => {});
  return redirectWithToast("/admin/registrations", {
    type: "success",
    title: ALL_REGISTRATIONS_DELETED,
    // Registrations with confirmed payments stay with their payments and receipts (docs/decisions/0091).
    description: outcome.kept
      ? `${outcome.kept} registration(s) with confirmed payments were kept: withdraw them instead.`
      : undefined,
  });
}

export default function DeleteAllRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("delete-all-registrations", DeleteAllSchema, actionData?.result, undefined, {
    checkOn: "submit",
  });
  return (
    <AdminPage title="Delete all registrations" width="xl" card="danger">
      <p className="mt-3 text-gray-800">
        This permanently deletes all {loaderData.total} registrations. It cannot be undone. Registrations with confirmed
        payments are kept with their payments and receipts.
      </p>
      <SchemaForm form={form} className="mt-5 space-y-4">
        <TextField field={fields.confirm} label="Type DELETE to confirm" inputProps={{ autoComplete: "off" }} />
        <DeleteActions label="Delete All" cancelTo="/admin/registrations" />
      </SchemaForm>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Delete all registrations | Admin | ${SCHOOL_NAME}` }];
}
