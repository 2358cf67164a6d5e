import type { Config } from "@react-router/dev/config";

// The framework floor (scripts/bench/floor.ts builds it into a temporary directory).
export default {
  ssr: true,
  buildDirectory: process.env.FLOOR_BUILD_DIR ?? "build",
} satisfies Config;
