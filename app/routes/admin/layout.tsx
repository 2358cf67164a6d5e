import type { RouteHandle } from "#app/utils/route-rules.ts";
import { isRouteErrorResponse, NavLink, Outlet, useRouteError } from "react-router";
import { keepPageAfterNetworkFailure } from "#app/utils/network-submit.ts";
import type { Route } from "./+types/layout";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { ACCESS_RESTRICTED_MESSAGE, ACCESS_RESTRICTED_TITLE } from "#app/domain/messages.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_view_portal" } } } satisfies RouteHandle;

const SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/registrations", label: "Registrations" },
  { to: "/registration-view-list", label: "Registration View List" },
  { to: "/admin/register-student", label: "Register Student" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/vacations", label: "Vacations" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/users", label: "User Management" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/whatsapp-groups", label: "WhatsApp Groups" },
  { to: "/admin/subjects", label: "Subjects" },
  { to: "/admin/lessons", label: "Lessons" },
  { to: "/admin/classes", label: "Classes" },
  { to: "/admin/communications", label: "Communications" },
  { to: "/admin/evaluations", label: "Evaluations" },
  { to: "/timetable-upload", label: "Timetable Upload" },
  { to: "/admin/settings", label: "Settings" },
] as const;

/** UX only: each section's own loader and action check the admin and its permission flag. */
export const shouldRevalidate = keepPageAfterNetworkFailure;

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  return { adminName: user.fullName };
}

function AdminShell({ children, adminName }: { children: React.ReactNode; adminName?: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:flex lg:gap-8">
      <nav
        aria-label="Admin sections"
        className="-mx-4 mb-6 overflow-x-auto px-4 lg:mx-0 lg:mb-0 lg:w-56 lg:shrink-0 lg:px-0"
      >
        <div className="mb-2 flex items-center justify-between gap-2 lg:block">
          <p className="text-sm font-semibold text-gray-700">Admin Portal{adminName ? ` · ${adminName}` : ""}</p>
          <div className="lg:mt-2">
            <SignOutButton />
          </div>
        </div>
        <ul className="flex gap-2 lg:flex-col">
          {SECTIONS.map((s) => (
            <li key={s.to} className="shrink-0">
              <NavLink
                to={s.to}
                end={"end" in s ? s.end : false}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-gray-800 hover:bg-gray-200"}`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell adminName={loaderData.adminName}>
      <Outlet />
    </AdminShell>
  );
}

/** 'Access Restricted' (docs/product.md#screens) for a section the admin lacks permission for. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <AdminShell>
        <AdminPage
          title={error.data?.title ?? ACCESS_RESTRICTED_TITLE}
          className="rounded-xl border border-yellow-300 bg-yellow-50 p-6"
        >
          <p className="mt-2 text-gray-800">{error.data?.message ?? ACCESS_RESTRICTED_MESSAGE}</p>
        </AdminPage>
      </AdminShell>
    );
  }
  throw error;
}
