import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link, useSearchParams } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { safeRedirect } from "#app/utils/redirect.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { SupportPhones, SupportHours } from "#app/components/support-phones.tsx";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

/**
 * What the service worker (public/sw.js) shows for a page it may not keep
 * (signed-in pages, anything not cached) when the phone has no connection.
 * Public, with no data of anyone's.
 */
/** Only a path on this site may be offered back (never another origin): the server's redirect rule. */
function safeFrom(value: string | null) {
  const path = safeRedirect(value, "");
  return path && !path.startsWith("/offline") ? path : null;
}

export default function Offline() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  // The kept copy of this page was rendered without the address; show it once running in the browser.
  const from = hydrated ? safeFrom(params.get("from")) : null;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">You are offline</h1>
      <p className="mt-3 text-gray-800">
        This page needs a connection. When your phone is back online, try again. The enrolment form works without a
        connection: what you type is kept on this phone and sent when you are back online.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {from ? (
          <a href={from} className={buttonClass("primary")}>
            Try again
          </a>
        ) : null}
        <Link to="/registration" reloadDocument className={buttonClass(from ? "secondary" : "primary")}>
          Open the enrolment form
        </Link>
        <Link to="/" reloadDocument className={buttonClass("secondary")}>
          Home page
        </Link>
      </div>
      <p className="mt-6 text-gray-700">
        Questions? Call <SupportPhones linkClassName="font-semibold text-brand-700 underline" /> (<SupportHours />
        ).
      </p>
    </main>
  );
}

export function meta() {
  return [{ title: `Offline | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
