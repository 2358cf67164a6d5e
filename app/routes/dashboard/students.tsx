import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/students";
import { requireRole } from "#app/utils/auth.server.ts";
import { loadStudentsView } from "#app/routes/facilitator/+shared/data.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { StudentsPanel } from "#app/components/dashboard/students-panel.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["facilitator"] } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return loadStudentsView(url, effectiveUser._id);
}

export default function Students({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Student Management" description="Students enrolled in the subjects you teach.">
      <StudentsPanel
        view={loaderData}
        basePath="/dashboard/students"
        exportPath="/facilitator-dashboard/students/export"
      />
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Student Management | ${SCHOOL_NAME}` }];
}
