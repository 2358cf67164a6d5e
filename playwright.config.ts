import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/support/e2e-env.ts";
import { testBrowserPath } from "./tests/support/browser-paths.mjs";

/**
 * e2e tests run against the built app (npm run build first) on a fresh
 * in-memory embedded database, in Debian's Chromium (its headless shell when installed). Every test runs without
 * JavaScript (every page and form must work so); with JavaScript run only the
 * tests about what a script changes: tagged @js-only (only a browser with
 * JavaScript shows it; protocol-level tests, once) or @both (a journey whose
 * scripted path differs: a form's checks in the browser, a dialog in place of a
 * page, hydration). @no-js-only: never with JavaScript. docs/contributing.md.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per port, so parallel runs on other ports don't wipe each other's results.
  outputDir: `test-results/port-${E2E.port}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // The longest journeys (several sign-ins, each a deliberate password hash) take 30–45 s on a busy 2-core machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // The JSON report holds each test's time (docs/contributing.md#the-suites-time); the list is what one reads.
  reporter: [["list"], ["json", { outputFile: `test-results/port-${E2E.port}/report.json` }]],
  use: {
    baseURL: E2E.baseURL,
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace of every test took 40 % of the browser
    // stage's time on a 2-core machine, and a CI failure is read from its printed error and page snapshot.
    trace:
      process.env.E2E_TRACE === "retain-on-failure" || process.env.E2E_TRACE === "on" ? process.env.E2E_TRACE : "off",
    launchOptions: {
      // Debian's old headless shell when installed: the full browser's headless mode took about a fifth more time.
      executablePath: testBrowserPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grep: /@js-only|@both/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  // Fails the run if an app wrote a line that is not a JSON log line (one log: docs/operations.md).
  globalTeardown: "./tests/support/e2e-teardown.ts",
  webServer: {
    command: "tsx tests/support/e2e-server.ts",
    url: `${E2E.baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
