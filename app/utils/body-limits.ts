/**
 * Request body limits: the HTTP server enforces them while the body streams (server/body-limit.ts); the upload routes
 * read their files within them (uploads.server.ts).
 */

/** The routes that accept file uploads (exactly these paths; their sub-routes are ordinary forms). */
export const UPLOAD_PATHS = ["/timetable-upload", "/facilitator-dashboard/assignments"];
/** Ordinary forms are small; anything bigger is refused. */
export const MAX_FORM_BYTES = 256 * 1024;
/** Multipart uploads: the largest file (uploads.server.ts) plus room for the other fields and part headers. */
export const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;

export function isUploadPath(pathname: string) {
  const path = pathname.replace(/\/+$/, "");
  return UPLOAD_PATHS.some((p) => path === p || path === `${p}.data`);
}

/** The most bytes a request to this path may send. */
export function bodyLimitFor(pathname: string) {
  return isUploadPath(pathname) ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES;
}

export function tooLargeMessage(limit: number) {
  return `The form is too large (the limit is ${Math.round(limit / 1024)} KB).`;
}
