/**
 * Compression of what the app renders (HTML, `.data` JSON, CSV…): brotli when the browser accepts it, gzip
 * otherwise (the `compression` package picks br first). Static files and cached pages are already compressed
 * (server/static-assets.ts, server/page-cache.ts): responses that carry a `Content-Encoding` pass through untouched.
 * Brotli quality 4 compresses about as fast as gzip level 6 and a little smaller; see
 * docs/decisions/0041-compression.md.
 */
import zlib from "node:zlib";
import compressionMiddleware from "compression";

export function compression() {
  return compressionMiddleware({
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
