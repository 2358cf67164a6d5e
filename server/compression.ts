/**
 * Compression of what the app renders (HTML, `.data` JSON, CSV…): brotli when the browser accepts it, gzip
 * otherwise (the `compression` package picks br first). Static files and cached pages are already compressed
 * (server/static-assets.ts, server/tuning/page-cache.ts): responses that carry a `Content-Encoding` pass through untouched.
 * Brotli quality 4 compresses about as fast as gzip level 6 and a little smaller; see
 * docs/decisions/0041-compression.md.
 */
import type { EventEmitter } from "node:events";
import type { RequestHandler, Response } from "express";
import zlib from "node:zlib";
import compressionMiddleware from "compression";

export function compression(): RequestHandler {
  const compress = compressionMiddleware({
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  return (req, res, next) =>
    compress(req, res, (error?: unknown) => {
      forwardDrainRemoval(res);
      next(error);
    });
}

/**
 * `compression` hands `res.on("drain", …)` to its compressing stream but not `res.off`/`res.removeListener`
 * (expressjs/compression#135, #152, open). React Router streams a response by waiting for "drain" with
 * `once` + `off` on every full buffer, so each wait left a listener behind on that stream for the rest of the
 * response: thousands on a full CSV export, every "drain" calling all of them, and a MaxListenersExceededWarning in
 * the log. Removing a "drain" listener from `res` now also removes it from the stream it was given to.
 */
function forwardDrainRemoval(res: Response) {
  const on = res.on;
  const removeListener = res.removeListener;
  let drainTarget: EventEmitter | null = null;
  res.on = res.addListener = function (this: Response, event: string | symbol, listener: (...args: unknown[]) => void) {
    const target: unknown = on.call(this, event, listener);
    if (event === "drain" && target !== this) drainTarget = target as EventEmitter;
    return this;
  } as Response["on"];
  res.off = res.removeListener = function (
    this: Response,
    event: string | symbol,
    listener: (...args: unknown[]) => void,
  ) {
    if (event === "drain" && drainTarget) drainTarget.removeListener(event, listener);
    return removeListener.call(this, event, listener);
  } as Response["removeListener"];
}
