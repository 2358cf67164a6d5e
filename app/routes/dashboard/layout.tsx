import type { RouteHandle } from "#app/utils/route-rules.ts";
import { isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { requireUser } from "#app/utils/auth.server.ts";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";
import { countOpenUnanswered } from "#app/models/evaluation.server.ts";
import { parentWards } from "#app/routes/dashboard/+shared/evaluations.server.ts";
import { DashboardShell } from "#app/components/dashboard/shell.tsx";
import { visibleLinks } from "#app/components/dashboard/nav.ts";
import { routeRulesContext } from "#app/utils/request-context.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/** UX only: every page inside checks its own access as the first line of its loader and action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { effectiveUser } = await requireUser(request);
  const [unseenCount, evaluations] = await Promise.all([
    countUnseenAnnouncements(effectiveUser),
    effectiveUser.role === "parent"
      ? parentWards(effectiveUser).then((wards) => countOpenUnanswered(effectiveUser._id, wards))
      : 0,
  ]);
  return {
    user: {
      fullName: effectiveUser.fullName,
      displayName: effectiveUser.displayName ?? null,
      email: effectiveUser.email ?? null,
      role: effectiveUser.role,
    },
    links: visibleLinks(effectiveUser.role, context.get(routeRulesContext)),
    unseenCount,
    badges: { evaluations },
  };
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
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  if (shell && isRouteErrorResponse(error) && error.status === 403) {
    return (
      <DashboardShell user={shell.user} links={shell.links} unseenCount={shell.unseenCount} badges={shell.badges}>
        <main id="main" className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-red-700">403</p>
          <h1 className="mt-1 text-2xl font-bold text-gray-900">Access denied</h1>
          <p className="mt-2 text-gray-700">
            {typeof error.data === "string" ? error.data : "You don't have access to this page."}
          </p>
          <Link to="/dashboard" className="mt-4 inline-block font-semibold text-brand-700 underline">
            Back to the dashboard overview
          </Link>
        </main>
      </DashboardShell>
    );
  }
  throw error;
}
