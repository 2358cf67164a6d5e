import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { DashboardShell } from "#app/components/dashboard/shell.tsx";

/** What a layout loaded for the shell: its props but the page. */
type ShellData = Omit<React.ComponentProps<typeof DashboardShell>, "children">;

/** The 403 page inside the shell whose data a layout loaded; any other error goes on up. */
export function ForbiddenInShell({ shell }: { shell: ShellData | undefined }) {
  const error = useRouteError();
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
