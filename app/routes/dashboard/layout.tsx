import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { requireUser } from "#app/utils/auth.server.ts";
import { DashboardShell } from "#app/components/dashboard/shell.tsx";
import { ForbiddenInShell } from "#app/components/dashboard/forbidden-in-shell.tsx";
import { dashboardShellData } from "#app/routes/dashboard/+shared/shell.server.ts";
import { routeRulesContext } from "#app/utils/request-context.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/** UX only: every page inside checks its own access as the first line of its loader and action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const info = await requireUser(request);
  return dashboardShellData(info, context.get(routeRulesContext));
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell
      user={loaderData.user}
      links={loaderData.links}
      unseenCount={loaderData.unseenCount}
      badges={loaderData.badges}
    >
      <Outlet />
    </DashboardShell>
  );
}

/** A page the role may not open: 403 inside the shell, so the user keeps their navigation. */
export function ErrorBoundary() {
  return <ForbiddenInShell shell={useRouteLoaderData<typeof loader>("routes/dashboard/layout")} />;
}
