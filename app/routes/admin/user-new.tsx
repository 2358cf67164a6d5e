import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data } from "react-router";
import type { Route } from "./+types/user-new";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { CreateUserSchema, MANAGED_ROLES } from "#app/forms/user-admin.schema.ts";
import { ROLE_LABELS } from "#app/domain/roles.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { SelectField, SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import { createAccount, PHONE_IN_USE } from "#app/services/people/user-accounts.server.ts";
import { hasEveryPermission } from "#app/models/admin-permission.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

export const handle = { rules: { access: { admin: "can_edit_users" } } } satisfies RouteHandle;

const ROLE_OPTIONS = MANAGED_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  return null;
}

/** Adds a student, parent or facilitator account; the person then sets a password through a reset link. */
export async function action({ request }: Route.ActionArgs) {
  const { user, permissions } = await requireAdmin(request, handle.rules.access.admin);
  const submission = parseWithZod(await request.formData(), { schema: CreateUserSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await createAccount(
    { id: user._id, mayManageAdmins: hasEveryPermission(permissions) },
    submission.value,
  );
  if ("phoneTaken" in created)
    return data({ result: submission.reply({ fieldErrors: { phone: [PHONE_IN_USE] } }) }, { status: 409 });
  return redirectWithToast(`/admin/users/${created.id}/reset-link`, {
    type: "success",
    title: "Account added",
    description: `Create a link for ${submission.value.fullName} to set a password, and send it to them.`,
  });
}

export default function NewUser({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("user-add", CreateUserSchema, actionData?.result);
  return (
    <FormPage title="Add a user" backTo="/admin/users" backLabel="Back to User Management">
      <SchemaForm form={form} className="space-y-4">
        <p className="text-sm text-gray-700">
          For someone who cannot sign up themselves. Admins are made by the operator (npm run create-admin).
        </p>
        <SelectField field={fields.role} label="Role" options={ROLE_OPTIONS} placeholder="Select role" />
        <TextField field={fields.fullName} label="Full name" inputProps={{ maxLength: 100, autoComplete: "off" }} />
        <TextField
          field={fields.phone}
          label="Phone number"
          type="tel"
          hint="The number they sign in with, e.g. 024 123 4567."
          inputProps={{ maxLength: 30, autoComplete: "off" }}
        />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          hint="Needed for a facilitator; optional for students and parents."
          inputProps={{ maxLength: 254, autoComplete: "off" }}
        />
        <SubmitButton pendingLabel="Adding...">Add user</SubmitButton>
      </SchemaForm>
    </FormPage>
  );
}

export function meta() {
  return [{ title: `Add a user | Admin | ${SCHOOL_NAME}` }];
}
