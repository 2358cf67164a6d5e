/**
 * Cross-site protection before React Router: a POST (any unsafe method) whose Origin header is present and is not
 * ours is answered 403 with one log line. React Router's own check of document actions would otherwise throw first
 * and log a stack trace for what is an expected refusal. Compared by host, so a TLS-terminating proxy (https
 * outside, http inside) still matches; APP_ORIGIN pins it in production.
 */
import type { NextFunction, Request, Response } from "express";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("origin");

function hostOf(value: string | undefined | null) {
  try {
    return value ? new URL(value).host : null;
  } catch {
    return null;
  }
}

export function sameOrigin(options: { appOrigin?: string | null } = {}) {
  const pinned = hostOf(options.appOrigin);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    if (!origin) return next();
    const allowed = pinned ?? req.headers.host ?? null;
    if (origin !== "null" && hostOf(origin) === allowed) return next();
    // A page sent with `Referrer-Policy: no-referrer` (the password-reset page) makes the browser post `Origin: null`
    // even to its own site; the browser's Sec-Fetch-Site says whether it really is same-origin.
    // React Router's own check would refuse "null", so the checked header is dropped.
    if (origin === "null" && req.headers["sec-fetch-site"] === "same-origin") {
      delete req.headers.origin;
      return next();
    }
    log.warn(`refused ${req.method} ${req.path} from ${String(origin).slice(0, 200)}`);
    res.status(403).setHeader("Connection", "close");
    res.type("text/plain").send("Cross-site form submissions are not allowed.");
  };
}
