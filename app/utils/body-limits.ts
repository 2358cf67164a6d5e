/**
 * Request body limits: the HTTP server enforces them while the body streams (server/body-limit.ts), the upload limit
 * for the routes that declare `body: "upload"` (app/utils/route-rules.ts), the hand-in limit for `body: "handin"`; those routes read their files within it
 * (uploads.server.ts).
 */

import { HANDIN_FILES_MAX, HANDIN_FILE_MAX_BYTES } from "#app/domain/work.ts";

/** Ordinary forms are small; anything bigger is refused. */
export const MAX_FORM_BYTES = 256 * 1024;
/** Multipart uploads: the largest file (uploads.server.ts) plus room for the other fields and part headers. */
export const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;
/** Work handed in (`body: "handin"`): five phone photos of 10 MB each before they are downscaled, plus the text. */
export const MAX_HANDIN_BYTES = HANDIN_FILES_MAX * HANDIN_FILE_MAX_BYTES + 1024 * 1024;

export function tooLargeMessage(limit: number) {
  return `The form is too large (the limit is ${Math.round(limit / 1024)} KB).`;
}
