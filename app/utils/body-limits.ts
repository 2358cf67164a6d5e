/**
 * Request body limits: the HTTP server enforces them while the body streams (server/body-limit.ts), the upload limit
 * for the routes that declare `body: "upload"` (app/utils/route-rules.ts); those routes read their files within it
 * (uploads.server.ts).
 */

/** Ordinary forms are small; anything bigger is refused. */
export const MAX_FORM_BYTES = 256 * 1024;
/** Multipart uploads: the largest file (uploads.server.ts) plus room for the other fields and part headers. */
export const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;

export function tooLargeMessage(limit: number) {
  return `The form is too large (the limit is ${Math.round(limit / 1024)} KB).`;
}
