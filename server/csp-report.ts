/**
 * Collects Content-Security-Policy violation reports (the policy's report-uri): one log line each, and the e2e
 * tests read them back at GET /__csp-report to fail on any violation. Bodies are bounded (server/body-limit.ts runs first).
 */
import express, { type Express } from "express";

const reports: unknown[] = [];

export function useCspReports(app: Express) {
  app.post(
    "/__csp-report",
    express.json({ type: ["application/csp-report", "application/json", "application/reports+json"], limit: "16kb" }),
    (req, res) => {
      const report = (req.body as { "csp-report"?: unknown })?.["csp-report"] ?? req.body;
      if (reports.length < 1000) reports.push(report);
      console.warn(`[csp] violation ${JSON.stringify(report).slice(0, 500)}`);
      res.status(204).end();
    },
  );
  // Only the tests read them back (CSP_REPORTS_READABLE=true); reports name other users' pages.
  if (process.env.CSP_REPORTS_READABLE === "true") {
    app.get("/__csp-report", (_req, res) => void res.json({ count: reports.length, reports }));
  }
}
