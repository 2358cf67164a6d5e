import type { KnipConfig } from "knip";

/**
 * Unused files, exports and dependencies (`npm run check:unused`, in the test command). Entries are what runs on its
 * own: the HTTP server and its build step, the command-line scripts, the benchmark's scenarios (found by name at run
 * time) and its floor app, the e2e specs; the React Router, Vite, Vitest and Playwright plugins add the routes and the
 * unit tests. An export used only in its own file is not reported (it documents the module's surface).
 */
const config: KnipConfig = {
  ignoreExportsUsedInFile: true,
  workspaces: {
    ".": {
      entry: [
        "server/build.ts",
        // The PDF thread's entry, started by path (server/tuning/pdf-thread.ts).
        "server/tuning/pdf-worker.ts",
        "scripts/*.{ts,mjs}",
        "scripts/bench/scenario-*.ts",
        "scripts/bench/collect-on-signal.cjs",
        "scripts/bench/floor/{react-router.config,vite.config}.ts",
        "scripts/bench/floor/app/**/*.{ts,tsx}",
        "tests/e2e/*.spec.ts",
      ],
      project: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.{ts,mjs,cjs}", "tests/**/*.ts"],
      ignore: ["tests/fixtures/**"],
      ignoreBinaries: ["apt-get", "openssl"],
      ignoreDependencies: [
        // Its browser bundle is injected into the page by path (tests/support/screen-reader.ts), not imported.
        "@guidepup/virtual-screen-reader",
        // Imported by app/app.css (`@import "tailwindcss"`), which knip does not read.
        "tailwindcss",
        // The types of smtp-server, which the SMTP adapter's test runs as its stand-in.
        "@types/smtp-server",
      ],
    },
    "packages/embedded-mongo": {
      entry: ["tools/*.ts"],
      project: ["src/**/*.ts", "tools/**/*.ts"],
    },
  },
};

export default config;
