import type { Route } from "./+types/evaluations";
import { requireRole } from "#app/utils/auth.server.ts";
import { pageRoles } from "#app/components/dashboard/nav.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles("evaluations"));
  return {};
}

export default function Evaluations() {
  return (
    <DashboardPage title="Evaluation Forms" description="Forms to tell us how your ward's classes are going.">
      <EmptyState>No evaluation forms are available yet. When the school opens one, it will appear here.</EmptyState>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Evaluation Forms | ${SCHOOL_NAME}` }];
}
