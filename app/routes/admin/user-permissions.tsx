import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import type { Route } from "./+types/user-permissions";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { ADMIN_PERMISSION_FLAGS } from "#app/domain/roles.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { CheckboxField, SubmitButton, type AnyField, SchemaForm } from "#app/components/form/fields.tsx";
import {
  AdminPermissionsSchema,
  LAST_PERMISSION_MANAGER,
  NEEDS_EVERY_PERMISSION,
  NOT_AN_ADMIN,
  PERMISSION_LABELS,
  PERMISSIONS_SAVED,
} from "#app/forms/admin-permissions.schema.ts";
import {
  countOtherPermissionManagers,
  getAdminPermissions,
  hasEveryPermission,
  setAdminPermissions,
} from "#app/models/admin-permission.server.ts";
import { getUserById } from "#app/models/user.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_edit_users" } } } satisfies RouteHandle;

/** Only an admin holding every flag manages permissions; the target must be an admin. */
async function requirePermissionManager(request: Request, userId: string | undefined) {
  const info = await requireAdmin(request, handle.rules.access.admin);
  if (!hasEveryPermission(info.permissions))
    throw data({ title: "Access Restricted", message: NEEDS_EVERY_PERMISSION }, { status: 403 });
  const target = ID_PATTERN.test(String(userId ?? "")) ? await getUserById(String(userId)) : null;
  if (!target) throw data("User not found.", { status: 404 });
  if (target.role !== "admin") throw data(NOT_AN_ADMIN, { status: 404 });
  return { info, target };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { target } = await requirePermissionManager(request, params.userId);
  return {
    target: { id: target._id, fullName: target.fullName },
    permissions: await getAdminPermissions(target._id, "admin"),
  };
}

/**
 * Saves the flags (audited). A flag switched off takes effect on the admin's
 * next request: requireAdmin reads the row on every request. Nobody can take
 * a permission from the last admin holding every permission.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { info, target } = await requirePermissionManager(request, params.userId);
  const submission = parseWithZod(await request.formData(), { schema: AdminPermissionsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const next = submission.value;
  const before = await getAdminPermissions(target._id, "admin");
  if (
    hasEveryPermission(before) &&
    !hasEveryPermission(next) &&
    (await countOtherPermissionManagers(target._id)) === 0
  ) {
    return data({ result: submission.reply({ formErrors: [LAST_PERMISSION_MANAGER] }) }, { status: 409 });
  }
  await setAdminPermissions(target._id, next);
  const changed = ADMIN_PERMISSION_FLAGS.filter((f) => before[f] !== next[f]).map((f) => ({ flag: f, to: next[f] }));
  await audit("admin-permissions.update", info.user._id, target._id, { changed });
  return redirectWithToast(`/admin/users/${target._id}/permissions`, { type: "success", title: PERMISSIONS_SAVED });
}

export default function UserPermissions({ loaderData, actionData }: Route.ComponentProps) {
  const { target, permissions } = loaderData;
  const [form, fields] = useSchemaForm(
    `permissions-${target.id}`,
    AdminPermissionsSchema,
    actionData?.result,
    permissions,
    {
      checkOn: "submit",
    },
  );
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <AdminPage
      title={<>Permissions: {target.fullName}</>}
      back={{ to: "/admin/users?role=admin", label: "Back to User Management" }}
      width="2xl"
    >
      <p className="text-gray-700">A permission switched off applies from this admin's next page.</p>
      <SchemaForm form={form} className="space-y-4 rounded-xl border border-gray-200 bg-white p-6">
        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold text-gray-900">Admin permissions</legend>
          {ADMIN_PERMISSION_FLAGS.map((flag) => (
            <CheckboxField
              key={flag}
              field={f[flag]}
              label={PERMISSION_LABELS[flag].label}
              hint={PERMISSION_LABELS[flag].hint}
            />
          ))}
        </fieldset>
        <SubmitButton pendingLabel="Saving...">Save permissions</SubmitButton>
      </SchemaForm>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Permissions | Admin | ${SCHOOL_NAME}` }];
}
