import { data } from "react-router";
import { isUploadPath } from "#app/utils/body-limits.ts";

/**
 * Callbacks and webhooks from outside services (app/routes/resources/sms-delivery.ts, payment-webhook.ts): each
 * authenticates the request (a secret, a signature on the raw body) before it reads the body its own way.
 */
export function isCallbackPath(pathname: string) {
  return pathname.startsWith("/callbacks/") || pathname.startsWith("/webhooks/") || pathname.startsWith("/ussd/");
}

export const UNSUPPORTED_BODY =
  "This address only accepts form submissions (application/x-www-form-urlencoded or multipart/form-data).";
export const MALFORMED_BODY = "The form could not be read. Reload the page and submit it again.";

/**
 * Every action reads a form. A body of any other type is answered 415 and a form that cannot be parsed (broken
 * multipart, bad encoding) 400, here, once, before any action runs: `request.formData()` in an action can then not
 * fail. Upload routes parse their multipart bodies while streaming (uploads.server.ts), which reports a broken body
 * itself; only their content type is checked here. The HTTP server has bounded the body already (server/body-limit.ts),
 * so parsing a clone costs at most MAX_FORM_BYTES; it has also refused cross-site posts (server/same-origin.ts).
 */
export async function assertFormBody(request: Request, url: URL) {
  if (request.method === "GET" || request.method === "HEAD") return;
  // A provider's callback authenticates the request before it reads anything of it, its body included.
  if (isCallbackPath(url.pathname)) return;
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
