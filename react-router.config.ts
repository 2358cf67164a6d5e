import type { Config } from "@react-router/dev/config";
import { buildHttpServer } from "./server/build.ts";

export default {
  ssr: true,
  // BUILD_DIR lets several builds (e.g. parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The HTTP server in front of the app build, compiled beside it (server/build.ts).
  async buildEnd({ reactRouterConfig }) {
    await buildHttpServer(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
