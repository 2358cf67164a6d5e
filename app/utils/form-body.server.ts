import { data } from "react-router";
import type { RouteRules } from "#app/utils/route-rules.ts";
import { fieldNamesWithinBounds, UNBOUNDED_FORM } from "#app/forms/bounds.ts";

export const UNSUPPORTED_BODY =
  "This address only accepts form submissions (application/x-www-form-urlencoded or multipart/form-data).";
export const MALFORMED_BODY = "The form could not be read. Reload the page and submit it again.";

/**
 * Every action reads a form. A body of any other type is answered 415 and a form that cannot be parsed (broken
 * multipart, bad encoding) 400, here, once, before any action runs: `request.formData()` in an action can then not
 * fail. Upload routes parse their multipart bodies while streaming (uploads.server.ts), which reports a broken body
 * itself; only their content type is checked here. The HTTP server has bounded the body already (server/body-limit.ts),
 * so parsing a clone costs at most MAX_FORM_BYTES; it has also refused cross-site posts (server/same-origin.ts). A form
 * whose field names no form of the portal sends is 400 here too (app/forms/bounds.ts); upload routes apply the same
 * bounds as their parts arrive.
 */
export async function assertFormBody(request: Request, rules: RouteRules | null) {
  if (request.method === "GET" || request.method === "HEAD") return;
  // A provider's callback (a webhook, a delivery report, a USSD screen) authenticates the request (a secret, a
  // signature on the raw body) before it reads anything of it, its body included, its own way.
  if (rules?.access === "callback") return;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const isForm = type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
  if (!isForm) throw data(UNSUPPORTED_BODY, { status: 415 });
  if (rules?.body) return;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw data(MALFORMED_BODY, { status: 400 });
  }
  // Before any schema sees it: more fields than any form sends, or a list index no form uses (app/forms/bounds.ts).
  if (!fieldNamesWithinBounds(form.keys())) throw data(UNBOUNDED_FORM, { status: 400 });
}
