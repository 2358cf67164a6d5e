/**
 * The Content-Security-Policy (server/security-headers.ts) breaks no page: every page of app/routes.ts opens with
 * JavaScript on, hydrates (React Router's router is running) and reports no violation — neither in the page
 * (the automatic `cspViolations` fixture of tests/support/fixtures.ts fails any test that sees one) nor to the
 * server's report endpoint. Inline scripts carry the response's nonce; nothing else inline may run.
 */
import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import routeConfig from "#app/routes.ts";
import { test, expect, createRegistration } from "#tests/support/fixtures.ts";
import { waitForHydration } from "#tests/support/hydration.ts";

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

/** Page routes (.tsx files; resource routes are .ts) without parameters, plus the confirmation page. */
function pagePatterns(entries: Entry[], parent = "/", out = new Set<string>()) {
  for (const entry of entries) {
    const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path.replace(/^\//, "")}` : parent;
    if ((entry.path !== undefined || entry.index) && entry.file.endsWith(".tsx") && !full.includes("*")) out.add(full);
    if (entry.children) pagePatterns(entry.children, full, out);
  }
  return out;
}

async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  // React Router's client router exists only once the module scripts ran under the policy.
  await waitForHydration(page);
}

const patterns = [...pagePatterns(routeConfig as Entry[])];
const withoutParams = patterns.filter((p) => !p.includes(":"));

/** Browsers also post violations to the policy's report-uri: none may have arrived. */
async function expectNoReports(request: APIRequestContext) {
  const reports = await (await request.get("/__csp-report")).json();
  expect(reports.reports, "reports posted to /__csp-report").toEqual([]);
}

// One test per kind of visitor (each opens a few dozen pages; together they outlasted one test's time on a loaded
// machine), so they also run side by side.
test("every anonymous page hydrates under the CSP with no violation @js-only", async ({ page, request }) => {
  test.setTimeout(180_000);
  const registration = await createRegistration();
  const anonymous = [
    "/",
    "/registration",
    `/registration/${registration.reference}`,
    "/portal",
    "/portal?role=parent&mode=signup",
    "/auth",
    "/privacy-policy",
    "/terms-of-service",
  ];
  for (const url of anonymous) await openHydrated(page, url);
  await expectNoReports(request);
});

// The admin pages, the portals an admin may view, the dashboard pages (their own page or a 403 page), in three parts.
const ADMIN_PARTS = 3;
for (let part = 0; part < ADMIN_PARTS; part++) {
  test(`every page without parameters hydrates under the CSP for an admin, part ${part + 1} of ${ADMIN_PARTS} @js-only`, async ({
    page,
    loginAs,
    request,
  }) => {
    test.setTimeout(180_000);
    await loginAs("admin");
    for (const url of withoutParams.filter((_, i) => i % ADMIN_PARTS === part)) await openHydrated(page, url);
    await expectNoReports(request);
  });
}

for (const role of ["student", "parent", "facilitator"] as const) {
  test(`every ${role} page hydrates under the CSP @js-only`, async ({ page, loginAs, request }) => {
    test.setTimeout(180_000);
    await loginAs(role);
    for (const url of withoutParams.filter(
      (p) => p.startsWith(`/${role}-dashboard`) || p.startsWith("/dashboard") || p === "/profile" || p === "/settings",
    )) {
      await openHydrated(page, url);
    }
    await expectNoReports(request);
  });
}

test("rendered responses carry the CSP with a fresh nonce on each inline script, and the protective headers", async ({
  request,
}) => {
  // /auth is rendered for each request (it is not one of the anonymous pages the server keeps).
  const first = await request.get("/auth");
  const second = await request.get("/auth");
  const csp = first.headers()["content-security-policy"];
  expect(csp).toContain("script-src 'self' 'nonce-");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(first.headers()["permissions-policy"]).toContain("camera=()");
  expect(first.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");
  // Plain http here: no HSTS (it is sent only when APP_ORIGIN is https).
  expect(first.headers()["strict-transport-security"]).toBeUndefined();
});

test("a page served from the anonymous page cache allows exactly its own inline scripts, by hash", async ({
  request,
}) => {
  // An entry lives 1 s: on a busy machine the second request can come after that, so ask until one is served from
  // the cache (a cache that never answers still fails here).
  let cached = await request.get("/");
  for (let i = 0; i < 5 && cached.headers()["x-page-cache"] !== "hit"; i++) cached = await request.get("/");
  expect(cached.headers()["x-page-cache"]).toBe("hit");
  const csp = cached.headers()["content-security-policy"];
  expect(csp).not.toContain("'nonce-");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  const allowed = new Set(
    /script-src ([^;]*)/
      .exec(csp)![1]
      .split(" ")
      .filter((s) => s.startsWith("'sha256-")),
  );
  const inline = [...(await cached.text()).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    (m) => !/\bsrc=/.test(m[1]) && m[2],
  );
  expect(inline.length).toBeGreaterThan(0);
  const hashes = inline.map((m) => `'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  expect(new Set(hashes)).toEqual(allowed);
  expect(cached.headers()["x-content-type-options"]).toBe("nosniff");
});

test("single-fetch data and private pages are never stored by a cache", async ({ request, loginAs, page }) => {
  await loginAs("student");
  const cookies = await page.context().cookies();
  const Cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (const url of ["/student-dashboard.data", "/student-dashboard", "/profile.data"]) {
    const response = await request.get(url, { headers: { Cookie }, maxRedirects: 0 });
    expect(response.headers()["cache-control"], url).toBe("private, no-store");
    expect(response.headers()["x-content-type-options"], url).toBe("nosniff");
    expect(response.headers()["x-frame-options"], url).toBe("DENY");
  }
});
