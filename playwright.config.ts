import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/support/e2e-env.ts";

/**
 * e2e tests run against the built app (npm run build first) on a fresh
 * in-memory embedded database, in Debian's Chromium. Every spec runs twice:
 * with JavaScript and without. Tag a test @js-only or @no-js-only when it is
 * about one of the two.
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
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E.baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "tsx tests/support/e2e-server.ts",
    url: `${E2E.baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
