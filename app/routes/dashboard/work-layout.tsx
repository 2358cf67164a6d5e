import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/work-layout";
import { requireUser } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { routeRulesContext } from "#app/utils/request-context.ts";
import { DashboardShell } from "#app/components/dashboard/shell.tsx";
import { ForbiddenInShell } from "#app/components/dashboard/forbidden-in-shell.tsx";
import { dashboardShellData } from "#app/routes/dashboard/+shared/shell.server.ts";
import { StudentPortalHeader } from "#app/routes/student/+shared/frame.tsx";
import { studentFrameData } from "#app/routes/student/+shared/frame.server.ts";
import { loadOwnedRegistration } from "#app/routes/student/+shared/portal.server.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * The frame of /assignments and a hand-in: a student's is the student portal's (its tabs, Assignments among them, so
 * the schedule is one tap away); everyone else's is the dashboard shell. UX only: each page checks its own access.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const info = await requireUser(request);
  if (effectiveRole(info.effectiveUser.role) === "student")
    return {
      frame: "student" as const,
      student: await studentFrameData(info, await loadOwnedRegistration(info.effectiveUser)),
      shell: null,
    };
  return {
    frame: "dashboard" as const,
    student: null,
    shell: await dashboardShellData(info, context.get(routeRulesContext)),
  };
}

export default function WorkLayout({ loaderData }: Route.ComponentProps) {
  if (loaderData.student)
    return (
      <>
        <StudentPortalHeader {...loaderData.student} nameIsHeading={false} />
        <div className="mx-auto max-w-6xl px-4 py-6">
          <Outlet />
        </div>
      </>
    );
  const { shell } = loaderData;
  return (
    <DashboardShell user={shell.user} links={shell.links} unseenCount={shell.unseenCount} badges={shell.badges}>
      <Outlet />
    </DashboardShell>
  );
}

/** A page the role may not open: 403 inside the dashboard shell, as on the dashboard's own pages. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/work-layout");
  return <ForbiddenInShell shell={data?.shell ?? undefined} />;
}
