/**
 * The health check is asked every few seconds by load balancers: straight to its resource route's loader (a plain-text
 * answer, no page, nothing to compress or to protect with a CSP), past the middleware of server/app.ts — the request
 * log included, which would otherwise be mostly health checks — and past React Router's matching and root middleware
 * (no session, no settings, no form body: the loader takes no arguments). docs/decisions/0043. Without it, /healthz is
 * an ordinary request through the app.
 */
import type express from "express";
import type { ServerBuild } from "react-router";

/** The production build's health-check loader as an Express handler; null when the build has none. */
export function healthzShortcut(build: ServerBuild): express.RequestHandler | null {
  const loader = (build.routes["routes/resources/healthz"]?.module as { loader?: () => Promise<Response> } | undefined)
    ?.loader;
  if (!loader) return null;
  return (_req, res, next) => {
    loader()
      .then(async (answer) => {
        res.status(answer.status);
        answer.headers.forEach((value, name) => res.setHeader(name, value));
        res.end(await answer.text());
      })
      .catch(next);
  };
}
