import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/students";
import { requireRole } from "#app/utils/auth.server.ts";
import { loadStudentsView } from "#app/routes/facilitator/+shared/data.server.ts";
import { StudentsPage } from "#app/routes/facilitator/+shared/students-page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["facilitator"] } } } satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return loadStudentsView(url, effectiveUser._id);
}

export default function Students({ loaderData }: Route.ComponentProps) {
  return (
    <StudentsPage
      view={loaderData}
      basePath="/dashboard/students"
      title="Student Management"
      description="Students enrolled in the subjects you teach."
    />
  );
}

export function meta() {
  return [{ title: `Student Management | ${SCHOOL_NAME}` }];
}
