import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/classes";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { ClassCards } from "#app/components/dashboard/class-cards.tsx";
import { LessonList } from "#app/components/dashboard/lesson-list.tsx";
import { facilitatorClassesView, startLessonAction } from "#app/routes/facilitator/+shared/lessons.server.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  return facilitatorClassesView(effectiveUser);
}

export async function action({ request }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  return startLessonAction(await request.formData(), actorOf(info), "/facilitator-dashboard/classes");
}

export default function FacilitatorClasses({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DashboardPage title="Classes" description="Your lessons, and one class per subject you teach.">
      <LessonList lessons={loaderData.lessons} actionResult={actionData} />
      <h2 className="mb-3 text-lg font-semibold text-gray-900">Your subjects</h2>
      <ClassCards classes={loaderData.classes} lessons={loaderData.lessons} />
    </DashboardPage>
  );
}
