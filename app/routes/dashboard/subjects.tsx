import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/subjects";
import { requireRole } from "#app/utils/auth.server.ts";
import { countStudentsPerSubject, listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { CardList } from "#app/components/dashboard/card-list.tsx";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["facilitator"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const subjects = await listFacilitatorSubjects(effectiveUser._id);
  const counts = await countStudentsPerSubject(subjects.map((s) => s.name));
  return {
    subjects: subjects.map((s) => ({
      id: s._id,
      name: s.name,
      description: s.description,
      students: counts.get(s.name) ?? 0,
    })),
  };
}

export default function Subjects({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Subjects" description="The subjects assigned to you by the school.">
      <CardList
        items={loaderData.subjects}
        itemKey={(s) => s.id}
        layout="grid"
        heading={(s) => s.name}
        empty="No subjects are assigned to you yet. An administrator assigns subjects in the admin portal."
      >
        {(s) => (
          <>
            {s.description ? <p className="mt-1 text-sm text-gray-700">{s.description}</p> : null}
            <p className="mt-3 text-sm text-gray-800">
              {s.students} {s.students === 1 ? "student" : "students"} enrolled
            </p>
            <Link
              to={`/dashboard/students?subject=${encodeURIComponent(s.name)}`}
              className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
            >
              View students<span className="sr-only"> of {s.name}</span>
            </Link>
          </>
        )}
      </CardList>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Subjects | ${SCHOOL_NAME}` }];
}
