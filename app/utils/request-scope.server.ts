/**
 * Work done once per request, however many middleware functions and loaders ask for it (the session, a portal's
 * data). React Router hands each loader its own Request object, so a WeakMap keyed by the Request alone computes
 * the same thing once per loader; the root middleware opens one scope per request instead (AsyncLocalStorage
 * follows the loaders it runs).
 *
 * Only reads are shared: for a form post, an action may change what a read returns (a new name, a new session),
 * so posts keep one value per Request object as before.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { oncePerRead, withReadScope } from "#app/models/infra/read-scope.server.ts";

type LogNote = { userId: string | null; requestId: string | null };
const scope = new AsyncLocalStorage<{
  request: Request;
  url: URL;
  note: LogNote | null;
}>();
const perRequest = new WeakMap<Request, Map<string, unknown>>();

/**
 * Runs `fn` (the rest of the request) in a scope of its own. `url` is the page's address as React Router normalises it
 * (no `.data` suffix, no `_routes` or `index` parameter), which `request.url` is not: requests pass through raw.
 */
export function withRequestScope<T>(request: Request, url: URL, fn: () => T, note: LogNote | null = null): T {
  const store = { request, url, note };
  // A page view's shared values are the read scope's (app/models/infra/read-scope.server.ts), which models use too.
  return isRead(request) ? scope.run(store, () => withReadScope(fn)) : scope.run(store, fn);
}

/** The address of the page this request is for (its normalised URL), for code that has only the request. */
export function pageUrl(request: Request): URL {
  return scope.getStore()?.url ?? new URL(request.url);
}

/** Tells the request log who is signed in for this request (server/observability.ts). */
export function noteRequestUser(userId: string) {
  const note = scope.getStore()?.note;
  if (note) note.userId = userId;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** `compute()` once per request for `key`; later calls in the same request get the same value. */
export function oncePerRequest<T>(request: Request, key: string, compute: () => T): T {
  const current = scope.getStore();
  if (current && isRead(current.request) && isRead(request)) return oncePerRead(key, compute);
  let values = perRequest.get(request);
  if (!values) perRequest.set(request, (values = new Map()));
  if (!values.has(key)) values.set(key, compute());
  return values.get(key) as T;
}
