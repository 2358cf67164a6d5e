import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

/**
 * What a route's clientAction returns when a submission never got a real answer
 * from the app: offline, a dropped or reset connection, a timeout, or a
 * 502/503/504 page from a proxy in between. The page stays as it is (every
 * value kept) and the form says so and sends again (docs/decisions/0024-idempotent-submissions.md).
 */
export type NetworkFailed = { networkFailed: true; at: number };
/** A new object each time, so the page sees every failed attempt (and backs off further). */
const networkFailed = (): NetworkFailed => ({ networkFailed: true, at: Date.now() });

export function isNetworkFailed(value: unknown): value is NetworkFailed {
  return typeof value === "object" && value !== null && (value as NetworkFailed).networkFailed === true;
}

/** A gateway's error page (not one of ours: ours carry data objects, a proxy's is text). */
function isGatewayError(error: unknown) {
  return isRouteErrorResponse(error) && [502, 503, 504].includes(error.status) && typeof error.data === "string";
}

export function isNetworkFailure(error: unknown) {
  if (error instanceof TypeError) return true; // fetch: offline, reset, DNS
  if (error instanceof Error && /turbo-stream|network|fetch/i.test(error.message)) return true; // a body cut off mid-way
  return isGatewayError(error);
}

/** How long a submission may hang before the page treats the link as dropped (a retry is safe: idempotency key). */
export const SUBMIT_TIMEOUT_MS = 30_000;

/** For a route's clientAction: the server's answer, or a NetworkFailed marker. */
export async function submitOverFlakyLink<T>(
  serverAction: () => Promise<T>,
  timeoutMs = SUBMIT_TIMEOUT_MS,
): Promise<T | NetworkFailed> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return networkFailed();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<NetworkFailed>(
    (resolve) => (timer = setTimeout(() => resolve(networkFailed()), timeoutMs)),
  );
  try {
    return await Promise.race([serverAction(), timeout]);
  } catch (error) {
    if (isNetworkFailure(error)) return networkFailed();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shouldRevalidate of every route a form over a flaky link passes through (`export const shouldRevalidate =
 * keepPageAfterNetworkFailure`): after a submission lost to the network nothing is reloaded (that would fail too and
 * replace the page); otherwise React Router's default.
 */
export function keepPageAfterNetworkFailure({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isNetworkFailed(actionResult) ? false : defaultShouldRevalidate;
}
