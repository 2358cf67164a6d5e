import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/classes";
import { requireRole } from "#app/utils/auth.server.ts";
import { countStudentsPerSubject, listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { ClassCards } from "#app/components/dashboard/class-cards.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, ["facilitator", "admin"]);
  const subjects = await listFacilitatorSubjects(effectiveUser._id);
  const counts = await countStudentsPerSubject(subjects.map((s) => s.name));
  return { classes: subjects.map((s) => ({ id: s._id, name: s.name, students: counts.get(s.name) ?? 0 })) };
}

export default function FacilitatorClasses({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Classes" description="One class per subject you teach.">
      <ClassCards classes={loaderData.classes} />
    </DashboardPage>
  );
}
