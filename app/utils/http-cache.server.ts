/**
 * HTTP caching of what the app renders (docs/decisions/0040-anonymous-page-cache.md).
 *
 * - A page that is the same for every anonymous visitor opts in with `export const headers = publicPageHeaders`:
 *   browsers and shared caches may keep it but must revalidate (the server answers with an ETag, see
 *   server/tuning/page-cache.ts), and `Vary: Cookie` keeps a cache from handing it to someone who sends cookies.
 * - The root middleware runs `withCachePolicy` on every response: anything that belongs to one person (the
 *   request carries the session cookie, or the response sets a cookie: a flash toast read, a sign-in) becomes
 *   `private, no-store`, whatever a route said; so does any answer to a form post.
 */
import { sessionCookie } from "#app/utils/session-cookie.server.ts";

export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Route `headers` export for pages that are the same for every anonymous visitor. */
export function publicPageHeaders() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: "Cookie" };
}

function hasCookie(request: Request, name: string) {
  const header = request.headers.get("Cookie");
  return Boolean(header && header.split(";").some((part) => part.trim().startsWith(`${name}=`)));
}

function isPersonal(request: Request, response: Response) {
  return hasCookie(request, sessionCookie.name) || response.headers.has("Set-Cookie");
}

/** Applies the policy above to a response (in place when its headers can change) and returns it. */
export function withCachePolicy(request: Request, response: Response): Response {
  const method = request.method.toUpperCase();
  const current = response.headers.get("Cache-Control") ?? "";
  let next: string | null = null;
  if (method !== "GET" && method !== "HEAD") {
    if (!/no-store/.test(current)) next = PRIVATE_CACHE_CONTROL;
  } else if (isPersonal(request, response)) {
    // Keep a route's own private policy (e.g. a private file with revalidation); replace anything shareable.
    if (
      !current ||
      /public|s-maxage/.test(current) ||
      !/private|no-store/.test(current) ||
      current === "private, no-cache"
    ) {
      next = PRIVATE_CACHE_CONTROL;
    }
  } else if (/public/.test(current) && response.status !== 200) {
    // Error pages of public routes (404, 503 maintenance…) are not worth sharing.
    next = "no-cache";
  }
  if (next === null) return response;
  try {
    response.headers.set("Cache-Control", next);
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", next);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
