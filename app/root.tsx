import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { getToast } from "#app/utils/toast.server.ts";
import { getSessionInfo } from "#app/utils/session.server.ts";
import { assertBodySize, assertSameOrigin } from "#app/utils/request-guards.server.ts";
import { getSettings } from "#models/settings.server.ts";
import { SiteBanner } from "#app/components/site-banner.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { ProgressBar } from "#app/components/progress-bar.tsx";
import { ImpersonationBar } from "#app/components/impersonation-bar.tsx";
import { NotFoundPage } from "#app/routes/not-found.tsx";
import { MaintenancePage, ErrorPage, ForbiddenPage } from "#app/components/error-pages.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

const MAINTENANCE_ALLOWED = ["/portal", "/auth", "/sign-in", "/sign-out", "/healthz", "/impersonation", "/reset-password"];

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    assertSameOrigin(request);
    assertBodySize(request);
    const path = new URL(request.url).pathname;
    if (!MAINTENANCE_ALLOWED.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`))) {
      const settings = await getSettings().catch(() => null);
      if (settings?.maintenanceMode) {
        const info = await getSessionInfo(request).catch(() => null);
        if (info?.user.role !== "admin") throw data({ maintenance: true }, { status: 503 });
      }
    }
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [info, { toast, headers }, settings] = await Promise.all([
    getSessionInfo(request),
    getToast(request),
    getSettings().catch(() => null),
  ]);
  const pick = (u: NonNullable<typeof info>["user"]) => ({
    id: u._id,
    fullName: u.fullName,
    displayName: u.displayName ?? null,
    email: u.email ?? null,
    role: u.role,
  });
  return data(
    {
      user: info ? pick(info.effectiveUser) : null,
      realUser: info ? pick(info.user) : null,
      impersonating: info?.impersonating ?? false,
      registrationOpen: settings?.registrationEnabled ?? true,
      toast,
    },
    { headers: headers ?? undefined },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#174ca8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700 focus:shadow"
        >
          Skip to main content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProgressBar />
      {loaderData.impersonating && loaderData.user ? (
        <ImpersonationBar role={loaderData.user.role} name={loaderData.user.fullName} />
      ) : null}
      <SiteBanner registrationOpen={loaderData.registrationOpen} />
      <Toaster toast={loaderData.toast} />
      <Outlet />
    </>
  );
}

export function meta() {
  return [{ title: SCHOOL_NAME }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  let page: React.ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) page = <NotFoundPage />;
  else if (isRouteErrorResponse(error) && error.status === 503 && error.data?.maintenance) page = <MaintenancePage />;
  else if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 413 || error.status === 400 || error.status === 405)) {
    page = <ForbiddenPage status={error.status} message={typeof error.data === "string" ? error.data : (error.data?.message ?? null)} title={error.data?.title} />;
  } else {
    const details = isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : "Unknown error";
    const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
    page = <ErrorPage details={details} stack={stack} refreshHref={`${location.pathname}${location.search}`} />;
  }
  return (
    <>
      {rootData?.impersonating && rootData.user ? (
        <ImpersonationBar role={rootData.user.role} name={rootData.user.fullName} />
      ) : null}
      {page}
    </>
  );
}
