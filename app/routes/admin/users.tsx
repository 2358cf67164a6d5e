import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form, Link } from "react-router";
import { formatPhone } from "#app/domain/phone.ts";
import { z } from "zod";
import type { Route } from "./+types/users";
import { ItemRow } from "#app/components/ui/item-row.tsx";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { ROLES, ROLE_LABELS, roleBadgeClass } from "#app/domain/roles.ts";
import { FAILED_FETCH_USERS, NO_USERS_MATCHING } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { approveFacilitator, searchUsers, USER_LIST_LIMIT } from "#app/models/user-admin.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { hasEveryPermission } from "#app/models/admin-permission.server.ts";
import { FilterForm, FilterSearch, FilterSelect } from "#app/components/ui/filter-form.tsx";
import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { searchField } from "#app/forms/parse.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_edit_users" } } } satisfies RouteHandle;

const ROLE_FILTERS = [
  { value: "", label: "All Roles" },
  { value: "student", label: "Students" },
  { value: "parent", label: "Parents" },
  { value: "facilitator", label: "Facilitators" },
  { value: "admin", label: "Admins" },
] as const;

const QuerySchema = z.object({
  q: searchField(),
  role: z.enum(ROLES).optional().catch(undefined),
});

/**
 * User Management needs can_edit_users (docs/product.md#roles-and-permissions), for the page and for every
 * POST it offers (impersonation start and reset links check it themselves).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { permissions } = await requireAdmin(request, handle.rules.access.admin);
  const filters = QuerySchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    role: url.searchParams.get("role") || undefined,
  });
  const canEdit = permissions.can_edit_users;
  const canManagePermissions = hasEveryPermission(permissions);
  try {
    const { users, more } = await searchUsers(filters);
    return {
      filters,
      canEdit,
      canManagePermissions,
      error: null,
      more,
      limit: USER_LIST_LIMIT,
      users: users.map(({ _id, fullName, phone, email, role, createdAt, disabledAt, pendingApproval }) => ({
        id: _id,
        fullName,
        phone,
        email: email ?? null,
        role,
        createdAt: new Date(createdAt).toISOString(),
        pending: Boolean(pendingApproval),
        disabled: Boolean(disabledAt),
      })),
    };
  } catch {
    return {
      filters,
      canEdit,
      canManagePermissions,
      error: FAILED_FETCH_USERS,
      more: false,
      limit: USER_LIST_LIMIT,
      users: [],
    };
  }
}

const ApproveSchema = z.object({ intent: z.literal("approve"), userId: z.string().regex(ID_PATTERN) });

/** Approving a facilitator who signed up (View as and reset links have their own routes); any other post is a 400. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const parsed = ApproveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Unknown request", { status: 400 });
  if (!(await approveFacilitator(parsed.data.userId))) throw data("No facilitator waiting", { status: 404 });
  await audit("user.approve", user._id, parsed.data.userId, {});
  const here = new URL(request.url);
  return redirectWithToast(`${here.pathname}${here.search}`, {
    type: "success",
    title: "Facilitator approved",
    description: "The account can sign in now.",
  });
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { filters, users, error, more, canEdit, canManagePermissions, limit } = loaderData;
  return (
    <AdminPage
      title="User Management"
      actions={<>{canEdit ? <ButtonLink to="/admin/users/new">Add a user</ButtonLink> : null}</>}
    >
      <FilterForm label="Search users">
        <FilterSearch id="user-q" label="Search by name or phone" value={filters.q} />
        <FilterSelect id="user-role" name="role" label="Role" value={filters.role ?? ""} options={ROLE_FILTERS} />
      </FilterForm>
      <ErrorAlert message={error} />
      <Section
        id="users-heading"
        title={
          <>
            Users ({users.length}
            {more ? "+" : ""})
          </>
        }
        className="rounded-xl border border-gray-200 bg-white"
        headingClassName="border-b border-gray-200 px-4 py-3 text-lg font-semibold text-gray-900"
      >
        {/* docs/product.md#screens: the list scrolls at a fixed maximum height (96 units), from a tablet up; on a phone the page scrolls instead (a box inside a scrolling page cut its rows in half). Focusable so keyboard users can scroll it. */}
        <div className="sm:max-h-96 sm:overflow-y-auto" role="region" aria-label="User list" tabIndex={0}>
          {users.length === 0 && !error ? (
            <p className="px-4 py-6 text-center text-gray-700">{NO_USERS_MATCHING}</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {users.map((u) => (
                <ItemRow
                  key={u.id}
                  title={u.fullName}
                  details={
                    <p className="text-sm text-gray-700">
                      {formatPhone(u.phone)}
                      {u.email ? ` · ${u.email}` : ""}
                    </p>
                  }
                >
                  <div className="flex flex-wrap items-center gap-2">
                    {canEdit ? (
                      <Link
                        to={`/admin/users/${u.id}`}
                        className="text-sm font-medium text-brand-700 underline"
                        aria-label={`Manage ${u.fullName}`}
                      >
                        Manage
                      </Link>
                    ) : null}
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadgeClass(u.role)}`}>
                      {ROLE_LABELS[u.role as keyof typeof ROLE_LABELS] ?? u.role}
                    </span>
                    {u.disabled ? (
                      <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-900">
                        Turned off
                      </span>
                    ) : null}
                    {u.pending ? (
                      <>
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          Waiting for approval
                        </span>
                        {canEdit ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="approve" />
                            <input type="hidden" name="userId" value={u.id} />
                            <Button type="submit" aria-label={`Approve facilitator ${u.fullName}`}>
                              Approve
                            </Button>
                          </Form>
                        ) : null}
                      </>
                    ) : null}
                    {u.role !== "admin" ? (
                      canEdit ? (
                        <>
                          <Form method="post" action="/impersonation/start">
                            <input type="hidden" name="userId" value={u.id} />
                            <Button type="submit" variant="secondary" aria-label={`View as ${u.role}: ${u.fullName}`}>
                              View as {u.role}
                            </Button>
                          </Form>
                          <Link
                            to={`/admin/users/${u.id}/reset-link`}
                            className="text-sm font-medium text-brand-700 underline"
                            aria-label={`Reset password for ${u.fullName}`}
                          >
                            Reset password
                          </Link>
                        </>
                      ) : (
                        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800">
                          View Only
                        </span>
                      )
                    ) : canManagePermissions ? (
                      <Link
                        to={`/admin/users/${u.id}/permissions`}
                        className="text-sm font-medium text-brand-700 underline"
                        aria-label={`Permissions of ${u.fullName}`}
                      >
                        Permissions
                      </Link>
                    ) : null}
                  </div>
                </ItemRow>
              ))}
            </ul>
          )}
        </div>
      </Section>
      {more ? <p className="text-sm text-gray-700">Showing the newest {limit} users. Search to find others.</p> : null}
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `User Management | Admin | ${SCHOOL_NAME}` }];
}
