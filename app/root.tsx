import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { keepPageAfterNetworkFailure } from "#app/utils/network-submit.ts";
import { Suspense, lazy, useEffect } from "react";
import fullStylesheet from "./app.css?url";
import type { Route } from "./+types/root";
import { getToast } from "#app/utils/toast.server.ts";
import { getSessionInfo } from "#app/utils/session-cookie.server.ts";
import { assertFormBody } from "#app/utils/form-body.server.ts";
import { getSettings, schoolContacts } from "#app/models/settings.server.ts";
import { socialLinks } from "#app/domain/settings.ts";
import { withCachePolicy } from "#app/utils/http-cache.server.ts";
import { withRequestScope } from "#app/utils/request-scope.server.ts";
import { requestLogContext, routeRulesContext } from "#app/utils/request-context.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { SiteBanner } from "#app/components/site-banner.tsx";
import { enrolmentOpening, lessonsLine } from "#app/services/content/vacations.server.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { env } from "#app/models/infra/env.server.ts";
import { Toaster } from "#app/components/toaster.tsx";
import { ProgressBar } from "#app/components/progress-bar.tsx";
import { ImpersonationBar } from "#app/components/impersonation-bar.tsx";
import { DEFAULT_CONTACTS, SCHOOL_NAME, type SchoolContacts } from "#app/domain/school.ts";
import { useNonce } from "#app/components/nonce.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";

// Every page renders inside the root; what each one allows is its own route's declaration.
export const handle = { rules: { access: "public" } } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [
  // One scope per request (the session is read once, app/utils/request-scope.server.ts), and Cache-Control for every
  // response: signed-in and cookie-setting answers are never stored by a cache.
  async ({ request, url, context }, next) =>
    withCachePolicy(request, (await withRequestScope(request, url, next, context.get(requestLogContext))) as Response),
  // What the route asked for declares (app/utils/route-rules.ts): its body's kind, and whether it stays up in
  // maintenance mode (signing in, and the callbacks of gateways and providers, which must not be dropped).
  async ({ request, url, context }) => {
    const rules = context.get(routeRulesContext)(url.pathname);
    await assertFormBody(request, rules);
    if (rules?.maintenance !== "open") {
      const settings = await getSettings().catch(() => null);
      if (settings?.maintenanceMode) {
        const info = await getSessionInfo(request).catch(() => null);
        if (info?.user.role !== "admin")
          throw data({ maintenance: true, contacts: schoolContacts(settings) }, { status: 503 });
      }
    }
  },
];

/** The contacts when they are not the defaults (app/components/support-phones.tsx falls back to those), else null. */
function ownContacts(contacts: SchoolContacts): SchoolContacts | null {
  return JSON.stringify(contacts) === JSON.stringify(DEFAULT_CONTACTS) ? null : contacts;
}

export async function loader({ request }: Route.LoaderArgs) {
  const [info, { toast, headers }, settings, opening] = await Promise.all([
    getSessionInfo(request),
    getToast(request),
    getSettings().catch(() => null),
    enrolmentOpening().catch(() => null),
  ]);
  const pick = (u: NonNullable<typeof info>["user"]) => ({
    id: u._id,
    fullName: u.fullName,
    role: u.role,
  });
  return data(
    {
      user: info ? pick(info.effectiveUser) : null,
      impersonating: info?.impersonating ?? false,
      registrationOpen: opening?.open ?? settings?.registrationEnabled ?? true,
      lessons: opening ? lessonsLine(opening.shown, schoolDay()) : null,
      demo: env.demoBanner,
      socialLinks: socialLinks(settings),
      // Only a school's own: the defaults are in the page's script already (a page for a 2G phone counts its bytes).
      contacts: ownContacts(schoolContacts(settings)),
      toast,
    },
    { headers: headers ?? undefined },
  );
}

export const shouldRevalidate = keepPageAfterNetworkFailure;

/**
 * React puts a <textarea> back to its default when it hydrates it (react-dom's initTextarea sets its value to its text),
 * so what someone typed into one before the script arrived would be lost: typed text is noted from the moment this
 * module runs (what the page already holds, then every input) and put back once the tree has hydrated. Inputs keep
 * their typed values through hydration by themselves.
 */
const typedBeforeHydration = new Map<HTMLTextAreaElement, string>();
const noteTyped = (event: Event) => {
  if (event.target instanceof HTMLTextAreaElement) typedBeforeHydration.set(event.target, event.target.value);
};
if (typeof document !== "undefined") {
  for (const area of document.querySelectorAll("textarea"))
    if (area.value !== area.defaultValue) typedBeforeHydration.set(area, area.value);
  document.addEventListener("input", noteTyped, true);
}

/**
 * Marks the page as interactive (`<html data-hydrated>`): from then on a click is handled by the app, not by the
 * browser's own form post. In the layout, so error pages are marked too. The e2e tests wait on it. What was typed into
 * a textarea before hydration is put back in hydration's own commit, before anything else can run; the mark is set when
 * `useHydrated` has turned true (a transition after that commit), so what the page shows only with JavaScript is there.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.removeEventListener("input", noteTyped, true);
    for (const [area, value] of typedBeforeHydration) if (area.isConnected && area.value !== value) area.value = value;
    typedBeforeHydration.clear();
  }, []);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
}

/**
 * The whole stylesheet, as a file the browser caches, once the page has hydrated: the page came with its own rules
 * inline (app/utils/page-css.server.ts); what the script renders from here on (another page, a message) may need
 * others. Pages without JavaScript never change, so they never need it.
 */
function useFullStylesheet() {
  useEffect(() => {
    if (document.querySelector("link[data-app-css]")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = fullStylesheet;
    link.dataset.appCss = "";
    document.head.append(link);
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useHydratedMarker();
  useFullStylesheet();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#174ca8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
        {/* Before any module runs: Zod must not probe `new Function` (its JIT), which the strict CSP reports as a
            violation even though Zod catches the refusal (server/security-headers.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true};" }} />
      </head>
      <body className="min-h-screen bg-gray-50 font-sans text-gray-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700 focus:shadow"
        >
          Skip to main content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The service worker (public/sw.js), registered once the page has loaded; production builds only. */
function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const start = () =>
      void import("#app/utils/service-worker.client.ts").then((m) => m.registerServiceWorker()).catch(() => {});
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useServiceWorker();
  return (
    <>
      <ProgressBar />
      {loaderData.impersonating && loaderData.user ? (
        <ImpersonationBar role={loaderData.user.role} name={loaderData.user.fullName} />
      ) : null}
      <SiteBanner registrationOpen={loaderData.registrationOpen} lessons={loaderData.lessons} demo={loaderData.demo} />
      <Toaster toast={loaderData.toast} />
      <Outlet />
    </>
  );
}

export function meta() {
  return [{ title: SCHOOL_NAME }];
}

/**
 * The root's error pages are loaded only when one is shown: a page without an error never downloads them. The
 * server waits for them (entry.server.tsx renders an error status in full), so the page comes whole without
 * JavaScript, and hydration keeps the server's HTML until they arrive.
 */
const RootErrorPage = lazy(() => import("#app/components/error-pages.tsx").then((m) => ({ default: m.RootErrorPage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <>
      {rootData?.impersonating && rootData.user ? (
        <ImpersonationBar role={rootData.user.role} name={rootData.user.fullName} />
      ) : null}
      <Suspense fallback={null}>
        <RootErrorPage error={error} stack={stack} refreshHref={`${location.pathname}${location.search}`} />
      </Suspense>
    </>
  );
}
