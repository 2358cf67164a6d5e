import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/portal-management";
import { requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["admin"] } } } satisfies RouteHandle;

const SECTIONS = [
  { to: "/admin", label: "Admin overview", text: "Users, students and subjects at a glance." },
  { to: "/admin/registrations", label: "Registrations", text: "Enrolments, exports and deletions." },
  { to: "/admin/register-student", label: "Register Student", text: "Register a ward on behalf of a parent." },
  { to: "/admin/users", label: "User Management", text: "Find users and view the portal as them." },
  { to: "/admin/whatsapp-groups", label: "WhatsApp Groups", text: "Class pages and parent groups." },
  { to: "/admin/subjects", label: "Subjects", text: "Subjects and their facilitators." },
  { to: "/admin/communications", label: "Communications", text: "Send announcements." },
  { to: "/admin/settings", label: "Settings", text: "Registration, maintenance and security settings." },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, handle.rules.access.roles);
  return {};
}

export default function PortalManagement() {
  return (
    <DashboardPage title="Portal Management" description="Manage the school portal in the admin portal.">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((s) => (
          <li key={s.to} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
            <Link to={s.to} className="text-lg font-semibold text-brand-700 underline">
              {s.label}
            </Link>
            <p className="mt-1 text-sm text-gray-700">{s.text}</p>
          </li>
        ))}
      </ul>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Portal Management | ${SCHOOL_NAME}` }];
}
