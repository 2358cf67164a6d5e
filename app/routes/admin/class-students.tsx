import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import type { Route } from "./+types/class-students";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { classLabel } from "#app/domain/classes.ts";
import { WARD_FORM_LABELS, programmeLabel, type WardForm } from "#app/domain/programmes.ts";
import { classRoster } from "#app/services/teaching/classes.server.ts";
import { FormPage } from "#app/components/ui/form-page.tsx";

export const handle = { rules: { access: { admin: "can_access_subjects" } } } satisfies RouteHandle;

/** A class's students by name, in the order they enrolled: who went where after a split (ADR 0112). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const roster = await classRoster(params.classId);
  if (!roster) throw data("This class does not exist (its vacation may have no students in it).", { status: 404 });
  const c = roster.class;
  return {
    title: `${c.subject}, ${programmeLabel(c.programme)}: ${classLabel(c.n)}`,
    vacation: c.vacation,
    students: roster.students.map((s) => ({
      id: s._id,
      name: s.wardName,
      form: WARD_FORM_LABELS[s.wardForm as WardForm] ?? "",
    })),
  };
}

export default function ClassStudents({ loaderData }: Route.ComponentProps) {
  const { title, vacation, students } = loaderData;
  return (
    <FormPage
      title={title}
      backTo={`/admin/classes?vacation=${encodeURIComponent(vacation)}`}
      backLabel="Back to classes"
      wide
    >
      <p className="text-gray-700">
        {vacation} · {students.length === 1 ? "1 student" : `${students.length} students`}, in the order they enrolled.
      </p>
      {students.length ? (
        <ol className="mt-4 list-decimal space-y-1 pl-6">
          {students.map((s) => (
            <li key={s.id}>
              {s.name}
              {s.form ? <span className="text-gray-700"> · {s.form}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </FormPage>
  );
}

export function meta() {
  return [{ title: `Class students | Admin | ${SCHOOL_NAME}` }];
}
