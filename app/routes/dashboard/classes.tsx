import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/classes";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { ClassCards } from "#app/components/dashboard/class-cards.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { LessonList } from "#app/components/dashboard/lesson-list.tsx";
import { facilitatorClassesView, startLessonAction } from "#app/routes/facilitator/+shared/lessons.server.ts";

export const handle = { rules: { access: { roles: ["facilitator"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return facilitatorClassesView(effectiveUser);
}

export async function action({ request }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  return startLessonAction(await request.formData(), actorOf(info), "/dashboard/classes");
}

export default function Classes({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DashboardPage
      title="Classes"
      description={
        <>
          Your classes, one per subject. The full class tools are in your{" "}
          <Link to="/facilitator-dashboard/classes" className="font-semibold text-brand-700 underline">
            facilitator portal
          </Link>
          .
        </>
      }
    >
      <LessonList lessons={loaderData.lessons} actionResult={actionData} />
      <h2 className="mb-3 text-lg font-semibold text-gray-900">Your subjects</h2>
      <ClassCards classes={loaderData.classes} lessons={loaderData.lessons} />
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Classes | ${SCHOOL_NAME}` }];
}
