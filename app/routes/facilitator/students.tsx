import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/students";
import { requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { StudentsPanel } from "#app/components/dashboard/students-panel.tsx";
import { loadStudentsView } from "#app/routes/facilitator/+shared/data.server.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, ["facilitator", "admin"]);
  return loadStudentsView(url, effectiveUser._id);
}

export default function FacilitatorStudents({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Students" description="Students registered in the subjects you teach.">
      <StudentsPanel
        view={loaderData}
        basePath="/facilitator-dashboard/students"
        exportPath="/facilitator-dashboard/students/export"
      />
    </DashboardPage>
  );
}
