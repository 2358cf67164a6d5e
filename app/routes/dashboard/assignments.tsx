import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/assignments";
import { requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { AssignmentList } from "#app/components/dashboard/assignment-list.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { loadAssignmentItems } from "#app/routes/dashboard/+shared/assignments.server.ts";

export const handle = { rules: { access: { roles: ["facilitator"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return { items: await loadAssignmentItems(effectiveUser._id) };
}

export default function DashboardAssignments({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage
      title="Assignments"
      description="Tests and materials you have uploaded for your students."
      actions={<ButtonLink to="/facilitator-dashboard/assignments">Upload an assignment</ButtonLink>}
    >
      <AssignmentList items={loaderData.items} redirectTo="/dashboard/assignments" />
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Assignments | ${SCHOOL_NAME}` }];
}
