import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { requireRole } from "#app/utils/auth.server.ts";
import { listAnnouncementsFor } from "#app/models/communication.server.ts";
import { effectiveRole, homePathForRole, ROLE_LABELS } from "#app/domain/roles.ts";
import { Card, DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { sidebarLinks, visibleLinks } from "#app/components/dashboard/nav.ts";
import { routeRulesContext } from "#app/utils/request-context.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = {
  rules: { access: { roles: ["admin", "student", "parent", "facilitator"] } },
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const role = effectiveRole(effectiveUser.role);
  const announcements = await listAnnouncementsFor(role, 3);
  return {
    name: effectiveUser.displayName || effectiveUser.fullName,
    role,
    home: homePathForRole(role),
    links: visibleLinks(role, context.get(routeRulesContext)),
    announcements: announcements.map((a) => ({
      _id: a._id,
      title: a.title,
      message: a.message,
      createdAt: a.createdAt,
    })),
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { name, role, home, announcements } = loaderData;
  const links = sidebarLinks(loaderData.links).filter((l) => l.key !== "overview");
  return (
    <DashboardPage title="Overview" description={`Welcome back, ${name}. You are signed in as ${ROLE_LABELS[role]}.`}>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Your portal">
          <p className="text-gray-700">Your {ROLE_LABELS[role]} portal has everything for your role in one place.</p>
          <Link to={home} className="mt-3 inline-block font-semibold text-brand-700 underline">
            Open your {ROLE_LABELS[role]} portal
          </Link>
          {links.length ? (
            <ul className="mt-4 grid gap-2 sm:grid-cols-2">
              {links.map((l) => (
                <li key={l.to}>
                  <Link
                    to={l.to}
                    className="block rounded-md border border-gray-200 px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
        <Card title="Latest announcements">
          {announcements.length ? (
            <ul className="divide-y divide-gray-200">
              {announcements.map((a) => (
                <li key={a._id} className="py-2">
                  <p className="font-semibold text-gray-900">{a.title}</p>
                  <p className="text-sm text-gray-700">{a.message}</p>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>No announcements yet.</EmptyState>
          )}
          <Link
            to="/dashboard/notifications"
            className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
          >
            All notifications
          </Link>
        </Card>
      </div>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Dashboard | ${SCHOOL_NAME}` }];
}
