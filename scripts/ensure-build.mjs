// `npm run test:e2e` runs the browser tests against build/: when any source the build is made from is newer than it
// (or there is none), build first, so a test never passes or fails against code that is no longer there.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

const BUILT = ["build/server/index.js", "build/http-server/main.js"];
const SOURCES = [
  "app",
  "server",
  "public",
  "packages/embedded-mongo/src",
  "react-router.config.ts",
  "vite.config.ts",
  "package-lock.json",
];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const built = Math.min(...BUILT.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changed = Math.max(...SOURCES.map(newest));
if (changed > built) {
  console.log(built ? "The sources are newer than build/: building first." : "No build yet: building first.");
  execSync("npm run build", { stdio: "inherit" });
}
