/**
 * Static files: the client build and public/.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy of every text asset (vite.config.ts); this serves the
 * copy the browser accepts (brotli first) with its `Content-Encoding` and `Vary: Accept-Encoding`, so nothing is
 * compressed per request. Hashed file names under /assets are cached for a year as immutable; everything else for
 * an hour. See docs/decisions/0041-compression.md.
 */
import path from "node:path";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const precompressed = (dir: string, serveStatic: { immutable?: boolean; maxAge?: string; index: false }) =>
  expressStaticGzip(dir, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic });

export function staticAssets(clientDir: string, publicDir = "public"): express.Router {
  const router = express.Router();
  router.use("/assets", precompressed(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // Every other static file has an extension (favicon.svg, og-image.png…): pages and /healthz skip the file lookups.
  const files = express.Router();
  files.use(precompressed(clientDir, { maxAge: "1h", index: false }));
  files.use(express.static(publicDir, { maxAge: "1h", index: false }));
  router.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  return router;
}
