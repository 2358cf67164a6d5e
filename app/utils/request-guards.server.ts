import { data } from "react-router";
import { env } from "./env.server.ts";

/** Routes that accept file uploads and enforce their own, larger, streaming limit. */
export const UPLOAD_PATH_PREFIXES = ["/timetable-upload", "/facilitator-dashboard/assignments", "/assignments"];
/** Ordinary forms are small; anything bigger is refused before it is read. */
export const MAX_FORM_BYTES = 256 * 1024;
export const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;

function hostOf(value: string | null) {
  try {
    return value ? new URL(value).host : null;
  } catch {
    return null;
  }
}

/**
 * Cross-site protection (issue 4 §12): a POST whose Origin header is present
 * and is not ours is refused. Compared by host so a TLS-terminating proxy
 * (https outside, http inside) still matches; APP_ORIGIN pins it in production.
 */
export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("Origin");
  if (!origin) return;
  const allowed = env.appOrigin ? hostOf(env.appOrigin) : (request.headers.get("Host") ?? new URL(request.url).host);
  if (origin === "null" || hostOf(origin) !== allowed) {
    throw data("Cross-site form submissions are not allowed.", { status: 403 });
  }
}

export function assertBodySize(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const length = Number(request.headers.get("Content-Length") ?? 0);
  const path = new URL(request.url).pathname;
  const limit = UPLOAD_PATH_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.data`))
    ? MAX_UPLOAD_BYTES
    : MAX_FORM_BYTES;
  if (length > limit) {
    throw data(`The form is too large (the limit is ${Math.round(limit / 1024)} KB).`, { status: 413 });
  }
}
