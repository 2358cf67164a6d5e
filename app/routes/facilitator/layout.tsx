import type { RouteHandle } from "#app/utils/route-rules.ts";
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireRole } from "#app/utils/auth.server.ts";
import { PortalHeader } from "#app/components/dashboard/portal-header.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

const TABS = [
  { to: "/facilitator-dashboard", label: "Overview", end: true },
  { to: "/facilitator-dashboard/classes", label: "Classes" },
  { to: "/facilitator-dashboard/assignments", label: "Assignments" },
  { to: "/facilitator-dashboard/students", label: "Students" },
  { to: "/facilitator-dashboard/whatsapp", label: "WhatsApp" },
  { to: "/facilitator-dashboard/evaluations", label: "Evaluations" },
] as const;

/** UX only: each tab's loader and action check the role itself. Shows the effective (impersonated) user. */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return {
    name: effectiveUser.fullName,
    role: effectiveUser.role,
    unseenCount: await countUnseenAnnouncements(effectiveUser),
  };
}

export default function FacilitatorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PortalHeader
        portal="Facilitator Portal"
        name={loaderData.name}
        role={loaderData.role}
        unseenCount={loaderData.unseenCount}
      />
      {/* The tabs wrap onto a second line on a phone: every tab on screen, none behind a sideways scroll. */}
      <nav aria-label="Facilitator portal tabs" className="mt-4">
        <ul className="flex flex-wrap gap-x-1 border-b border-gray-200">
          {TABS.map((t) => (
            <li key={t.to} className="shrink-0">
              <NavLink
                to={t.to}
                end={"end" in t ? t.end : false}
                className={({ isActive }) =>
                  `block border-b-2 px-3 py-3 text-sm font-semibold ${isActive ? "border-brand-700 text-brand-800" : "border-transparent text-gray-700 hover:text-gray-900"}`
                }
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: `Facilitator Portal | ${SCHOOL_NAME}` }];
}
