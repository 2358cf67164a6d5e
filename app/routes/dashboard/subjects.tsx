import { Link } from "react-router";
import type { Route } from "./+types/subjects";
import { requireRole } from "#app/utils/auth.server.ts";
import { pageRoles } from "#app/components/dashboard/nav.ts";
import { countStudentsPerSubject, listFacilitatorSubjects } from "#models/facilitator.server.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, pageRoles("subjects"));
  const subjects = await listFacilitatorSubjects(effectiveUser._id);
  const counts = await countStudentsPerSubject(subjects.map((s) => s.name));
  return { subjects: subjects.map((s) => ({ id: s._id, name: s.name, description: s.description, students: counts.get(s.name) ?? 0 })) };
}

export default function Subjects({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Subjects" description="The subjects assigned to you by the school.">
      {loaderData.subjects.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.subjects.map((s) => (
            <li key={s.id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold text-gray-900">{s.name}</h2>
              {s.description ? <p className="mt-1 text-sm text-gray-700">{s.description}</p> : null}
              <p className="mt-3 text-sm text-gray-800">
                {s.students} {s.students === 1 ? "student" : "students"} enrolled
              </p>
              <Link to={`/dashboard/students?subject=${encodeURIComponent(s.name)}`} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
                View students<span className="sr-only"> of {s.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No subjects are assigned to you yet. An administrator assigns subjects in the admin portal.</EmptyState>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Subjects | ${SCHOOL_NAME}` }];
}
