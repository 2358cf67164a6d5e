import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import { StatusPage } from "#app/components/error-pages.tsx";
import { SupportPhones } from "#app/components/support-phones.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

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
    <StatusPage code={400} tone="error" title="This web address is not valid">
      <p className="mt-4 text-gray-700">Part of the link is broken. Check it, or start again from the home page.</p>
      <p className="mt-4 text-gray-700">
        Need help? Call <SupportPhones />.
      </p>
    </StatusPage>
  );
}

export function meta() {
  return [{ title: `Bad request | ${SCHOOL_NAME}` }];
}
