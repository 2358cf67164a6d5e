/**
 * React Router's data requests (client navigations and revalidations) fetch `<page>.data`: `/registration.data` for
 * `/registration`, and, with trailing slashes kept (future.v8_trailingSlashAwareDataRequests), `/_.data` for `/` and
 * `/admin/_.data` for `/admin/`. The page cache and the request log name a data request by its page.
 */

/** The page a data request is for, or null when `pathname` is not a data request. */
export function pageOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.slice(0, -".data".length) || "/";
}
