/// <reference types="vitest/config" />
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const isVitest = Boolean(process.env.VITEST);

export default defineConfig({
  plugins: isVitest ? [] : [tailwindcss(), reactRouter()],
  build: { target: "es2022" },
  ssr: {
    // Server-only packages stay as runtime imports instead of being bundled.
    external: ["mongoose", "mongodb", "bson", "mingo", "pdfkit"],
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "models/**/*.test.ts",
      "scripts/**/*.test.ts",
      "packages/*/src/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
