import { startTransition, useEffect, useState } from "react";

/** Set once the first page has hydrated: what mounts after that (a client navigation) starts hydrated. */
let pageHydrated = false;

/**
 * False during the server render and hydration, true once JavaScript runs.
 *
 * Not `useSyncExternalStore(…, () => true, () => false)`, the usual pattern: React re-renders every component that
 * reads it synchronously, in the same task as hydration's commit, because the two snapshots differ (40 ms and more of
 * a cheap phone's main thread on the enrolment form, with typing blocked). Here the flip is a transition: rendered in
 * slices, behind any key the user presses. Components that mount later read the module's flag and render once — so
 * one inside a Suspense boundary that hydrates after the rest (server HTML rendered with false) would start true and
 * mismatch: none does today (the lazy error pages do not call it).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
