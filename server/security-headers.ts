/**
 * Protective headers on every response, and the per-response nonce of the Content-Security-Policy (handed to the
 * app through the load context so React Router's inline scripts carry it; see app/entry.server.tsx).
 *
 * Responses from the app (not static files) that do not say otherwise are private: `Cache-Control: private,
 * no-store`. Single-fetch data (`*.data`) always is, whatever a loader set.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";

export function nonceOf(res: Response): string | undefined {
  return res.locals.cspNonce as string | undefined;
}

/** The policy, allowing inline scripts by a per-response nonce or, for a stored page, by their hashes. */
export function contentSecurityPolicy(allow: { nonce: string } | { scriptHashes: string[] }) {
  const inline = "nonce" in allow ? `'nonce-${allow.nonce}'` : allow.scriptHashes.join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${inline}`.trimEnd(),
    // Tailwind's stylesheet is a file; React sets style attributes (progress bar), which CSP counts as inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    // Browsers post violations here; server/csp-report.ts logs them (and the e2e tests fail on any).
    "report-uri /__csp-report",
  ].join("; ");
}

export function securityHeaders(options: { appOrigin?: string | null } = {}) {
  const https = options.appOrigin?.startsWith("https://") ?? false;
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const isData = req.path.endsWith(".data");
    // Set just before the headers go out, each only when the response has not chosen its own (a file route's
    // sandboxing CSP, the reset page's Referrer-Policy): React Router appends its headers, it never replaces ours.
    onHeaders(res, function () {
      const defaults: Record<string, string> = {
        "Content-Security-Policy": contentSecurityPolicy({ nonce }),
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        // Static files set their own caching (server/main.ts); everything the app answers is private by default.
        "Cache-Control": "private, no-store",
      };
      if (https) defaults["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
      for (const [name, value] of Object.entries(defaults)) if (!res.getHeader(name)) res.setHeader(name, value);
      if (isData) res.setHeader("Cache-Control", "private, no-store");
    });
    next();
  };
}
