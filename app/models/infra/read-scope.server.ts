import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A page view's shared reads: the request plumbing's (the session, a portal's data: `oncePerRequest`) and the models'
 * (a figure asked for several times in one GET: the revisions behind the facilitator's Students table were read five
 * times) are read once. The request scope (app/utils/request-scope.server.ts) opens one per GET or HEAD; anywhere else
 * (a form post after its own writes, a job) every call reads afresh.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>();

export function withReadScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

/** `compute()` once per page view for `key`; outside one, on every call. */
export function oncePerRead<T>(key: string, compute: () => T): T {
  const values = scope.getStore();
  if (!values) return compute();
  if (!values.has(key)) values.set(key, compute());
  return values.get(key) as T;
}

/** Drops what this page view remembered for `key` (a GET that wrote: its later reads see the write). */
export function forgetRead(key: string) {
  scope.getStore()?.delete(key);
}
