import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/students";
import { requireRole } from "#app/utils/auth.server.ts";
import { loadStudentsView } from "#app/routes/facilitator/+shared/data.server.ts";
import { StudentsPage } from "#app/routes/facilitator/+shared/students-page.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return loadStudentsView(url, effectiveUser._id);
}

export default function FacilitatorStudents({ loaderData }: Route.ComponentProps) {
  return (
    <StudentsPage
      view={loaderData}
      basePath="/facilitator-dashboard/students"
      title="Students"
      description="Students registered in the subjects you teach."
    />
  );
}
