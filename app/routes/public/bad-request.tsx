import { data, Link } from "react-router";
import { SupportPhones } from "#app/components/support-phones.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

/**
 * A web address the server cannot read (a malformed percent-encoding such as `/%E0%A4%A`): server/malformed-url.ts
 * sends it here, so the visitor gets the site's own page, inside the public header and footer, with a 400.
 */
export function loader() {
  throw data("Bad request", { status: 400 });
}

export function action() {
  throw data("Bad request", { status: 400 });
}

export default function BadRequest() {
  return null;
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-red-700">400</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">This web address is not valid</h1>
      <p className="mt-4 text-gray-700">Part of the link is broken. Check it, or start again from the home page.</p>
      <p className="mt-4 text-gray-700">
        Need help? Call <SupportPhones />.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/registration" className="rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50">
          Enrol a ward
        </Link>
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Bad request | ${SCHOOL_NAME}` }];
}
