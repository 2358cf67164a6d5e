import type { ReactNode } from "react";
import { Link, isRouteErrorResponse } from "react-router";
import { SCHOOL_NAME, type SchoolContacts } from "#app/domain/school.ts";
import { SupportPhones } from "#app/components/support-phones.tsx";
import { RequestReference } from "#app/components/request-reference.tsx";

export function ErrorPage({ details, stack, refreshHref }: { details: string; stack?: string; refreshHref: string }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-gray-900">Something went wrong</h1>
      <p className="mt-4 text-gray-700">An unexpected error occurred. Please try again.</p>
      <div className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">Error details</p>
        <p className="mt-1 break-words">{details}</p>
        {stack ? <pre className="mt-2 overflow-auto whitespace-pre-wrap text-xs">{stack}</pre> : null}
      </div>
      <RequestReference />
      <div className="mt-6 flex gap-3">
        {/* A plain link re-requests the page, so it works without JavaScript. */}
        <a href={refreshHref} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Refresh Page
        </a>
        <a href="/" className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-50">
          Go home
        </a>
      </div>
    </main>
  );
}

/** The site's own page for an HTTP error (404, 400 …): the code, a heading, what to do, and the two ways back in. */
export function StatusPage({
  code,
  tone = "brand",
  title,
  children,
}: {
  code: number;
  tone?: "brand" | "error";
  title: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className={`text-sm font-semibold ${tone === "error" ? "text-red-700" : "text-brand-700"}`}>{code}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{title}</h1>
      {children}
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link
          to="/registration"
          className="rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
        >
          Enrol a ward
        </Link>
      </div>
    </main>
  );
}

export function ForbiddenPage({ status, title, message }: { status: number; title?: string; message?: string | null }) {
  const heading =
    title ?? (status === 403 ? "Access denied" : status === 413 ? "Request too large" : "Request refused");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <p className="text-sm font-semibold text-red-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{heading}</h1>
      <p className="mt-4 text-gray-700">{message ?? "You can't do that here."}</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Go to the home page
      </Link>
    </main>
  );
}

/** Maintenance: the school's name, how to reach it, and a sign-in link for staff. */
export function MaintenancePage({ contacts }: { contacts?: SchoolContacts }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">{SCHOOL_NAME}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">We'll be back soon</h1>
      <p className="mt-4 text-gray-700">The portal is down for maintenance. Please try again a little later.</p>
      <p className="mt-4 text-gray-700">
        To reach the school meanwhile, call <SupportPhones contacts={contacts} />.
      </p>
      <p className="mt-4 text-gray-700">
        Staff:{" "}
        <Link to="/portal?role=admin" className="font-semibold text-brand-700 underline">
          sign in
        </Link>
        .
      </p>
    </main>
  );
}

/** The page of an address that names nothing: the catch-all route's and the root boundary's 404. */
export function NotFoundPage() {
  return (
    <StatusPage code={404} title="Page not found">
      <p className="mt-4 text-gray-700">Sorry, we couldn't find the page you're looking for.</p>
    </StatusPage>
  );
}

/** The root boundary's page for what was thrown: 404, maintenance, a refused request, or anything else. */
export function RootErrorPage({ error, stack, refreshHref }: { error: unknown; stack?: string; refreshHref: string }) {
  let page: React.ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) page = <NotFoundPage />;
  else if (isRouteErrorResponse(error) && error.status === 503 && error.data?.maintenance)
    page = <MaintenancePage contacts={error.data.contacts} />;
  else if (
    isRouteErrorResponse(error) &&
    (error.status === 403 ||
      error.status === 413 ||
      error.status === 400 ||
      error.status === 405 ||
      error.status === 415)
  ) {
    page = (
      <ForbiddenPage
        status={error.status}
        message={typeof error.data === "string" ? error.data : (error.data?.message ?? null)}
        title={error.data?.title}
      />
    );
  } else {
    const details = isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : "Unknown error";
    page = <ErrorPage details={details} stack={stack} refreshHref={refreshHref} />;
  }
  return page;
}
