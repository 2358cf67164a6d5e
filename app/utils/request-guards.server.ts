import { data } from "react-router";
import { env } from "#app/models/env.server.ts";

import { bodyLimitFor, isUploadPath, tooLargeMessage } from "./body-limits.ts";

export { MAX_FORM_BYTES, MAX_UPLOAD_BYTES, UPLOAD_PATHS } from "./body-limits.ts";

function hostOf(value: string | null) {
  try {
    return value ? new URL(value).host : null;
  } catch {
    return null;
  }
}

/**
 * Cross-site protection: a POST whose Origin header is present
 * and is not ours is refused. Compared by host so a TLS-terminating proxy
 * (https outside, http inside) still matches; APP_ORIGIN pins it in production.
 */
export function assertSameOrigin(request: Request, url: URL) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("Origin");
  if (!origin) return;
  const allowed = env.appOrigin ? hostOf(env.appOrigin) : (request.headers.get("Host") ?? url.host);
  const sameSiteNull = origin === "null" && request.headers.get("Sec-Fetch-Site") === "same-origin";
  if (!sameSiteNull && (origin === "null" || hostOf(origin) !== allowed)) {
    // Expected and harmless: one log line, no stack (handleError in entry.server.tsx skips route error responses).
    console.warn(`[origin] refused ${request.method} ${url.pathname} from ${origin.slice(0, 200)}`);
    throw data("Cross-site form submissions are not allowed.", { status: 403 });
  }
}

/**
 * A declared length over the limit is refused here too. The real bound is server/body-limit.ts, which counts the
 * bytes as they stream (chunked bodies included); this is the second line when the app runs under `react-router dev`.
 */
export function assertBodySize(request: Request, url: URL) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const length = Number(request.headers.get("Content-Length") ?? 0);
  const limit = bodyLimitFor(url.pathname);
  if (length > limit) throw data(tooLargeMessage(limit), { status: 413 });
}

export const UNSUPPORTED_BODY =
  "This address only accepts form submissions (application/x-www-form-urlencoded or multipart/form-data).";
export const MALFORMED_BODY = "The form could not be read. Reload the page and submit it again.";

/**
 * Every action reads a form. A body of any other type is answered 415 and a form that cannot be parsed (broken
 * multipart, bad encoding) 400, here, once, before any action runs: `request.formData()` in an action can then not
 * fail. Upload routes parse their multipart bodies while streaming (uploads.server.ts), which reports a broken body
 * itself; only their content type is checked here. The bodies are bounded (server/body-limit.ts), so parsing a
 * clone costs at most MAX_FORM_BYTES.
 */
export async function assertFormBody(request: Request, url: URL) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const isForm = type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
  if (!isForm) throw data(UNSUPPORTED_BODY, { status: 415 });
  if (isUploadPath(url.pathname)) return;
  try {
    await request.clone().formData();
  } catch {
    throw data(MALFORMED_BODY, { status: 400 });
  }
}
