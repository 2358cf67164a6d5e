import type { RequestHandler } from "express";

/** The site's own 400 page (app/routes/public/bad-request.tsx). */
export const BAD_REQUEST_PATH = "/bad-request";

/**
 * A path with a broken percent-encoding (`/%E0%A4%A`) is not a page of ours and cannot be routed: React Router
 * cannot decode it on the server nor, with JavaScript, in the browser. It is sent to the site's own 400 page (which
 * answers 400), never to the framework's bare "Bad Request" or a crash.
 */
export function malformedUrl(): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.redirect(303, BAD_REQUEST_PATH);
      return;
    }
    next();
  };
}
