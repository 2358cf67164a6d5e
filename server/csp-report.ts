/**
 * Collects Content-Security-Policy violation reports (the policy's report-uri): one log line each, and the e2e
 * tests read them back at GET /__csp-report to fail on any violation. Bodies are bounded (server/body-limit.ts runs
 * first). Anyone can post here, so each client address may send CSP_REPORTS_PER_MINUTE reports (a browser sends a
 * handful per page at most); past that, and for a body that is not a report, the answer is a 4xx and no log line.
 */
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { bufferedBody } from "./body-limit.ts";
import { clientAddressOf } from "./client-address.ts";
import { logFor } from "#app/models/infra/log.server.ts";

const log = logFor("csp");

const reports: unknown[] = [];

export function useCspReports(app: Express, perMinute = Number(process.env.CSP_REPORTS_PER_MINUTE) || 20) {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  const parseReport = express.json({
    type: ["application/csp-report", "application/json", "application/reports+json"],
    limit: "16kb",
  });
  // server/body-limit.ts has read the body already when the address is one of the app's (its catch-all is): parse that.
  const parseRead: RequestHandler = (req, res, next) => {
    const raw = bufferedBody(req);
    if (!raw) return parseReport(req, res, next);
    if (raw.length > 16 * 1024) return void res.status(413).type("text/plain").end("Not a CSP report");
    try {
      req.body = JSON.parse(raw.toString("utf8"));
      next();
    } catch (error) {
      next(error);
    }
  };
  const unreadable: ErrorRequestHandler = (_error, _req, res, _next) =>
    void res.status(400).type("text/plain").end("Not a CSP report");
  const limited: RequestHandler = (req, res, next) => {
    limiter.consume(clientAddressOf(req)).then(
      () => next(),
      () => void res.status(429).setHeader("Retry-After", "60").type("text/plain").end("Too many reports"),
    );
  };
  const record: RequestHandler = (req, res) => {
    const body: unknown = req.body;
    const report = (body as { "csp-report"?: unknown } | null)?.["csp-report"] ?? body;
    if (!report || typeof report !== "object") return void res.status(400).type("text/plain").end("Not a CSP report");
    if (reports.length < 1000) reports.push(report);
    log.warn(`violation ${JSON.stringify(report).slice(0, 500)}`);
    res.status(204).end();
  };
  app.post("/__csp-report", limited, parseRead, record, unreadable);
  // Only the tests read them back (CSP_REPORTS_READABLE=true); reports name other users' pages.
  if (process.env.CSP_REPORTS_READABLE === "true") {
    app.get("/__csp-report", (_req, res) => void res.json({ count: reports.length, reports }));
  }
}
