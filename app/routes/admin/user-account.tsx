import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/user-account";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { ChangeRoleSchema, DeleteUserSchema, MANAGED_ROLES, SetDisabledSchema } from "#app/forms/user-admin.schema.ts";
import { ROLE_LABELS, roleBadgeClass } from "#app/domain/roles.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { formatDate } from "#app/domain/dates.ts";
import { formatStoredPhone } from "#app/domain/phone.ts";
import { CheckboxField, SelectField, SubmitButton, SchemaForm } from "#app/components/form/fields.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { hasEveryPermission } from "#app/models/admin-permission.server.ts";
import {
  accountForAdmin,
  changeRole,
  deleteAccount,
  setDisabled,
  type Actor,
} from "#app/services/people/user-accounts.server.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_edit_users" } } } satisfies RouteHandle;

const ParamsSchema = z.object({ userId: z.string().regex(ID_PATTERN) });
const ROLE_OPTIONS = MANAGED_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

function userIdOf(params: unknown) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw data("User not found.", { status: 404 });
  return parsed.data.userId;
}

/** One account, as User Management changes it (docs/decisions/0098). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, permissions } = await requireAdmin(request, handle.rules.access.admin);
  const account = await accountForAdmin(userIdOf(params));
  if (!account) throw data("User not found.", { status: 404 });
  const own = account._id === user._id;
  const mayChange = !own && (account.role !== "admin" || hasEveryPermission(permissions));
  return {
    own,
    mayChange,
    mayManagePermissions: hasEveryPermission(permissions),
    account: {
      id: account._id,
      fullName: account.fullName,
      role: account.role,
      phone: formatStoredPhone(account.phone),
      email: account.email,
      createdAt: formatDate(account.createdAt),
      disabled: Boolean(account.disabledAt),
      disabledOn: account.disabledAt ? formatDate(account.disabledAt) : null,
      demo: account.disabledBy === "demo",
      pending: Boolean(account.pendingApproval),
      records: account.records,
    },
  };
}

type Intent = "role" | "disabled" | "delete";

export async function action({ request, params }: Route.ActionArgs) {
  const { user, permissions } = await requireAdmin(request, handle.rules.access.admin);
  const userId = userIdOf(params);
  const formData = await request.formData();
  const actor: Actor = { id: user._id, mayManageAdmins: hasEveryPermission(permissions) };
  const here = `/admin/users/${userId}`;
  const refused = (intent: Intent, reply: SubmissionResult<string[]>, status: number) =>
    data({ intent, result: reply }, { status });
  switch (intentOf(formData)) {
    case "role": {
      const submission = parseWithZod(formData, { schema: ChangeRoleSchema });
      if (submission.status !== "success") return refused("role", submission.reply(), 400);
      const outcome = await changeRole(actor, userId, submission.value.role);
      if (!outcome.ok) return refused("role", submission.reply({ formErrors: [outcome.message] }), outcome.status);
      if (!outcome.changed)
        return redirectWithToast(here, { type: "info", title: "No change", description: "The account has that role." });
      return redirectWithToast(here, {
        type: "success",
        title: "Role changed",
        description: `The account is now a ${ROLE_LABELS[submission.value.role].toLowerCase()} account.`,
      });
    }
    case "disable":
    case "enable": {
      const submission = parseWithZod(formData, { schema: SetDisabledSchema });
      if (submission.status !== "success") return refused("disabled", submission.reply(), 400);
      const disable = submission.value.intent === "disable";
      const outcome = await setDisabled(actor, userId, disable);
      if (!outcome.ok) return refused("disabled", submission.reply({ formErrors: [outcome.message] }), outcome.status);
      return redirectWithToast(here, {
        type: "success",
        title: disable ? "Account turned off" : "Account turned on",
        description: disable
          ? "It cannot sign in, and every device signed in to it has been signed out."
          : "It can sign in again.",
      });
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: DeleteUserSchema });
      if (submission.status !== "success") return refused("delete", submission.reply(), 400);
      const outcome = await deleteAccount(actor, userId);
      if (!outcome.ok) return refused("delete", submission.reply({ formErrors: [outcome.message] }), outcome.status);
      return redirectWithToast("/admin/users", {
        type: "success",
        title: "Account deleted",
        description: `${outcome.fullName}'s account no longer exists.`,
      });
    }
    default:
      return unknownIntent();
  }
}

export default function UserAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { account, own, mayChange, mayManagePermissions } = loaderData;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <AdminPage title={account.fullName} back={{ to: "/admin/users", label: "Back to User Management" }} width="2xl">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-xl border border-gray-200 bg-white p-4 text-sm">
        <dt className="font-semibold text-gray-900">Role</dt>
        <dd>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadgeClass(account.role)}`}>
            {ROLE_LABELS[account.role]}
          </span>
        </dd>
        <dt className="font-semibold text-gray-900">Phone</dt>
        <dd>{account.phone}</dd>
        <dt className="font-semibold text-gray-900">Email</dt>
        <dd>{account.email ?? "None"}</dd>
        <dt className="font-semibold text-gray-900">Added</dt>
        <dd>{account.createdAt}</dd>
        <dt className="font-semibold text-gray-900">State</dt>
        <dd>
          {account.disabled
            ? `Turned off on ${account.disabledOn}: cannot sign in${account.demo ? " (a demo account, whose password is published)" : ""}`
            : account.pending
              ? "Waiting for approval"
              : "Active"}
        </dd>
        <dt className="font-semibold text-gray-900">Named by</dt>
        <dd>{account.records.length ? account.records.join(", ") : "Nothing in the school's records"}</dd>
      </dl>
      <p className="flex flex-wrap gap-4 text-sm">
        {account.role !== "admin" ? (
          <Link to={`/admin/users/${account.id}/reset-link`} className="font-medium text-brand-700 underline">
            Reset password
          </Link>
        ) : mayManagePermissions ? (
          <Link to={`/admin/users/${account.id}/permissions`} className="font-medium text-brand-700 underline">
            Permissions
          </Link>
        ) : null}
      </p>
      {own ? (
        <p className="rounded-md bg-gray-100 p-3 text-sm text-gray-900">
          This is your own account: another admin changes its role or turns it off.
        </p>
      ) : !mayChange ? (
        <p className="rounded-md bg-gray-100 p-3 text-sm text-gray-900">
          Only an admin who holds every permission changes another admin's account.
        </p>
      ) : (
        <>
          <RoleForm current={account.role} lastResult={resultFor("role")} />
          <DisableForm disabled={account.disabled} lastResult={resultFor("disabled")} />
          {account.role === "admin" ? null : account.records.length ? (
            <Section
              id="delete-heading"
              title="Delete the account"
              className="space-y-2 rounded-xl border border-gray-200 bg-white p-4"
            >
              <p className="text-sm text-gray-800">
                The school's records name this account, so it is not deleted: turn it off instead, and the records keep
                their name.
              </p>
            </Section>
          ) : (
            <DeleteForm lastResult={resultFor("delete")} />
          )}
        </>
      )}
    </AdminPage>
  );
}

type Result = SubmissionResult<string[]> | undefined;

function RoleForm({ current, lastResult }: { current: string; lastResult: Result }) {
  const [form, fields] = useSchemaForm("user-role", ChangeRoleSchema, lastResult, {
    role: current === "admin" ? "" : current,
  });
  return (
    <Section id="role-heading" title="Role" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <SchemaForm form={form} className="space-y-3">
        <input type="hidden" name="intent" value="role" />
        <SelectField
          field={fields.role}
          label="New role"
          options={ROLE_OPTIONS}
          placeholder={current === "admin" ? "Select role" : null}
          hint={
            current === "admin"
              ? "An admin moved to another role loses the admin pages and permissions. Admins are made with npm run create-admin."
              : "What the account sees from its next page on. Admins are made with npm run create-admin."
          }
        />
        <SubmitButton pendingLabel="Changing...">Change role</SubmitButton>
      </SchemaForm>
    </Section>
  );
}

function DisableForm({ disabled, lastResult }: { disabled: boolean; lastResult: Result }) {
  const [form] = usePortalForm("user-disabled", { lastResult });
  return (
    <Section
      id="sign-in-heading"
      title="Signing in"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      <SchemaForm form={form} className="space-y-3">
        <p className="text-sm text-gray-800">
          {disabled
            ? "The account is turned off: it cannot sign in. Turning it on lets it sign in again with its password."
            : "Turning the account off stops it signing in, and signs out every device signed in to it, at once. Its records stay."}
        </p>
        <SubmitButton name="intent" value={disabled ? "enable" : "disable"} variant={disabled ? "primary" : "danger"}>
          {disabled ? "Turn account on" : "Turn account off"}
        </SubmitButton>
      </SchemaForm>
    </Section>
  );
}

function DeleteForm({ lastResult }: { lastResult: Result }) {
  const [form, fields] = useSchemaForm("user-delete", DeleteUserSchema, lastResult, undefined, { checkOn: "submit" });
  return (
    <Section
      id="delete-heading"
      title="Delete the account"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      <SchemaForm form={form} className="space-y-3">
        <input type="hidden" name="intent" value="delete" />
        <p className="text-sm text-gray-800">
          Nothing in the school's records names this account, so it may be deleted.
        </p>
        <CheckboxField field={fields.confirm} label="Yes, delete this account for good" />
        <SubmitButton variant="danger" pendingLabel="Deleting...">
          Delete account
        </SubmitButton>
      </SchemaForm>
    </Section>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.account.fullName ?? "User"} | User Management | ${SCHOOL_NAME}` }];
}
