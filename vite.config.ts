/// <reference types="vitest/config" />
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./server/precompress.ts";

const isVitest = Boolean(process.env.VITEST);

/**
 * Client chunks: the buttons, sections and the sign-out form are shared by nearly every page and are a few hundred
 * bytes each; left to the bundler they are three files, three requests on a first visit over 3G. One chunk instead.
 * Rolldown puts what they import in the same chunk (React first); the option not to needs entry signatures that React
 * Router's route modules cannot give up. Measured with Vite 8: fewer bytes on every page than Vite 7's chunking, one
 * or two more files (docs/decisions/0063).
 */
const uiBasics = {
  name: "ui-basics",
  test: /\/app\/(components\/(ui\/button|ui\/section|sign-out-button|support-phones|toaster)\.tsx|utils\/(use-hydrated|network-submit)\.ts|domain\/school\.ts)$|vite\/preload-helper/,
};
/**
 * What every form page needs at hydration: Conform, the field components and the checks' loader. Four files, each
 * gzipped apart, cost a first visit about 1.2 KB more than one (the same helpers compressed four times).
 */
const forms = {
  name: "forms",
  test: /\/(node_modules\/@conform-to\/(react|dom)\/|app\/components\/form\/(fields\.tsx|use-client-validation\.ts|form-draft\.tsx)$|app\/domain\/form-messages\.ts$)/,
};

export default defineConfig({
  plugins: isVitest
    ? []
    : [
        tailwindcss(),
        reactRouter(),
        // Brotli and gzip copies of every text asset, written once at build time and served by
        // server/static-assets.ts (docs/decisions/0041-compression.md).
        precompress(),
      ],
  build: { target: "es2022" },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [uiBasics, forms] } } } } },
  },
  ssr: {
    // Server-only packages stay as runtime imports instead of being bundled.
    external: ["mongoose", "mongodb", "bson", "mingo", "pdfkit"],
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "packages/*/src/**/*.test.ts",
      "tests/*.test.ts",
    ],
    environment: "node",
    // Vitest's default in a run is one worker fewer than the cores: one on CI's 2-core machines, so the files ran one
    // at a time (docs/contributing.md#the-suites-time).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
