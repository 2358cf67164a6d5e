/**
 * The anonymous page cache (docs/decisions/0040-anonymous-page-cache.md).
 *
 * Pages that are the same for every anonymous visitor (`/`, `/registration`, `/portal`, the legal pages) say so
 * with `Cache-Control: public` (app/utils/http-cache.server.ts). This keeps such an answer for PAGE_CACHE_MS
 * (default 1 s) and serves it before the framework's render path, compressed once (brotli and gzip) when stored,
 * with a weak ETag so browsers revalidate with a 304.
 *
 * Nothing personal enters or leaves it:
 * - only GET and HEAD requests without any Cookie or Authorization header are looked up or stored, so a visitor
 *   with a session or a pending flash toast always reaches the app;
 * - only 200 answers marked `public` and setting no cookie are stored.
 *
 * What a key is: a page declares the query parameters it reads and their values (`pageCache` in its `handle.rules`,
 * app/utils/route-rules.ts). The key holds only those; the page is rendered for the address without the others,
 * so `/registration?u=<anything>` is the one stored `/registration`. A parameter with a free value (the sign-in
 * page's redirect target) is rendered for its request and never stored. Pages that declare nothing are not cached.
 *
 * What a miss costs: the render, sent at once through the ordinary compression (as an uncached page would be); the
 * stronger brotli and gzip copies are made afterwards on zlib's thread pool and replace it when ready.
 *
 * Invalidation: every entry lives at most PAGE_CACHE_MS, and the settings the pages read are cached for 1 s per
 * process (app/models/settings.server.ts), so a settings or content change made through any instance sharing the
 * database shows on every instance within 2 s. A deploy starts new processes with empty caches, and the build
 * version is part of the key and the ETag, so a browser's revalidation after a deploy gets the new page.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { AppHandler } from "../request-handler.ts";
import { seamOf } from "../seam.ts";
import type { ServerSeam } from "#app/seam.server.ts";
import { contentSecurityPolicy } from "../security-headers.ts";
import { pageOfDataRequest } from "#app/utils/data-request.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PageCacheOptions = {
  /** How long an entry is served (ms); 0 turns the cache off. */
  ttlMs?: number;
  /** Entries kept at most (least recently stored go first). */
  maxEntries?: number;
  /** Larger bodies are not stored. */
  maxBodyBytes?: number;
  /** The load context the app gets with each request (client address, CSP nonce). */
  getLoadContext?: (req: express.Request, res: express.Response) => RouterContextProvider;
};

type Entry = {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  /** Null until the background compression has finished: until then the ordinary compression serves it. */
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  /** The Content-Security-Policy of this stored page: its inline scripts allowed by their hashes. */
  csp: string;
  storedAt: number;
};

/** Headers the cache sets itself per answer, or that must never be replayed. */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "set-cookie",
  "etag",
  "transfer-encoding",
  "connection",
  "date",
]);

export function pageCache(
  build: ServerBuild,
  handleRequest: AppHandler,
  options: PageCacheOptions = {},
): express.RequestHandler {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();

  if (!(ttlMs > 0)) return (_req, _res, next) => next();

  const keyFor = cacheKeys(build, seamOf(build));

  /** Renders the page; stores it when it may be shared, otherwise hands the response back to be sent as is. */
  async function render(
    req: express.Request,
    res: express.Response,
    key: string,
    path: string,
  ): Promise<Entry | Response> {
    const url = new URL(path, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const response = await handleRequest(
      new Request(url, { method: "GET", headers }),
      options.getLoadContext?.(req, res),
    );
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const storable =
      response.status === 200 &&
      /\bpublic\b/.test(cacheControl) &&
      !/no-store|private/.test(cacheControl) &&
      !response.headers.has("Set-Cookie");
    if (!storable) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    if (identity.length > maxBodyBytes)
      return new Response(identity, { status: response.status, headers: response.headers });
    const hash = crypto
      .createHash("sha1")
      .update(build.assets.version)
      .update(identity)
      .digest("base64url")
      .slice(0, 22);
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
      identity,
      br: null,
      gzip: null,
      etag: `W/"${hash}"`,
      csp: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(identity.toString("utf8")) }),
      storedAt: Date.now(),
    };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    void compressInBackground(entry);
    return entry;
  }

  async function compressInBackground(entry: Entry) {
    try {
      const [br, gz] = await Promise.all([
        brotli(entry.identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
          },
        }),
        gzip(entry.identity, { level: 9 }),
      ]);
      entry.br = br;
      entry.gzip = gz;
    } catch {
      // Served through the ordinary compression for the rest of its life.
    }
  }

  function send(req: express.Request, res: express.Response, entry: Entry, hit: boolean) {
    for (const [name, value] of entry.headers) res.append(name, value);
    res.vary("Accept-Encoding");
    res.setHeader("ETag", entry.etag);
    // A stored page is served to many visitors, so a per-response nonce cannot name its inline scripts: their
    // hashes do (the nonce attributes they carry are then ignored by the browser).
    res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("Age", String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
    const inm = req.headers["if-none-match"];
    if (inm && inm.split(",").some((tag) => tag.trim() === entry.etag)) {
      res.status(304).end();
      return;
    }
    // Brotli whenever it is accepted (browsers list it last but it is the smaller), then gzip; before the stored copies
    // exist, the identity body goes through the compression middleware like any page.
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
    const stored = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : null;
    const body = stored ?? entry.identity;
    if (stored) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.status(entry.status);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  /** As @react-router/express sends a response: a visitor who went away is not an error. */
  async function sendResponse(res: express.Response, response: Response) {
    const closed = () => res.destroyed || res.writableEnded;
    if (closed()) {
      await response.body?.cancel();
      return;
    }
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    if (!response.body) {
      res.end();
      return;
    }
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (!closed()) throw error;
    }
  }

  return async function pageCacheMiddleware(req, res, next) {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || req.headers.authorization)
      return next();
    const found = keyFor(req.originalUrl);
    if (!found) return next();
    const { path } = found;
    const key = `${build.assets.version} ${req.get("host") ?? ""} ${found.key}`;
    const entry = entries.get(key);
    if (entry && Date.now() - entry.storedAt < ttlMs) return send(req, res, entry, true);
    if (req.method === "HEAD") return next();
    try {
      // One render per key at a time: concurrent visitors of an expired page wait for the same render.
      const inFlight = pending.get(key);
      if (inFlight) {
        const shared = await inFlight;
        return shared ? send(req, res, shared, true) : next();
      }
      const rendering = render(req, res, key, path);
      pending.set(
        key,
        rendering.then((r) => (r instanceof Response ? null : r)).catch(() => null),
      );
      const result = await rendering.finally(() => pending.delete(key));
      if (result instanceof Response) await sendResponse(res, result);
      else send(req, res, result, false);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A request's key in the cache (its page's route and the parameters it reads, in a fixed order) and the address to
 * render it at (the path as asked, with only those parameters), or null when it is not to be looked up: its page declares no `pageCache`, or a parameter with a free value is present.
 */
export function cacheKeys(
  build: Pick<ServerBuild, "routes">,
  seam: Pick<ServerSeam, "leafRoute" | "rulesFor">,
): (originalUrl: string) => { key: string; path: string } | null {
  return (originalUrl) => {
    let url: URL;
    try {
      url = new URL(originalUrl, "http://cache.invalid");
    } catch {
      return null;
    }
    // A client navigation's data request keys like its page.
    const page = pageOfDataRequest(url.pathname);
    const data = page !== null;
    const pathname = page ?? url.pathname;
    const leaf = seam.leafRoute(build.routes, pathname);
    const rule = seam.rulesFor(build.routes, pathname)?.pageCache ?? null;
    if (!rule) return null;
    const kept = new URLSearchParams();
    for (const [name, values] of Object.entries(rule.params)) {
      const value = url.searchParams.get(name);
      if (value === null) continue;
      if (values === "uncached") return null;
      if (values.includes(value)) kept.append(name, value);
    }
    const routes = data ? url.searchParams.get("_routes") : null;
    if (routes !== null) {
      // The route ids whose data is asked for: only real ones make a key.
      if (!routes.split(",").every((id) => id in build.routes)) return null;
      kept.append("_routes", routes);
    }
    const search = kept.toString();
    // Keyed by the route, not the spelling of the path: `/Registration`, `/%72egistration` and `/registration/` are
    // one page, rendered for the address as asked.
    return {
      key: `${leaf}${data ? ".data" : ""}${search ? `?${search}` : ""}`,
      path: `${url.pathname}${search ? `?${search}` : ""}`,
    };
  };
}

/** The CSP source expressions ('sha256-…') of every inline script in a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]) || match[2].length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
