// e2e tests use Debian's Chromium (Playwright's own browser download cannot work here): its old headless shell, the
// build Playwright itself runs headless tests in, when it can be had, else the full browser (tests/support/browser-paths.mjs).
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";
import { FULL_BROWSER, HEADLESS_SHELL } from "../tests/support/browser-paths.mjs";

const wanted = process.env.CHROMIUM_PATH;
if (wanted) {
  if (!existsSync(wanted)) {
    console.error(`CHROMIUM_PATH is ${wanted}, which does not exist.`);
    process.exit(1);
  }
} else if (!existsSync(HEADLESS_SHELL)) {
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's chromium-headless-shell for the browser tests…");
    try {
      execSync("apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell", {
        stdio: "inherit",
      });
    } catch {
      // The full browser serves as well, at about a fifth more CPU per test (docs/contributing.md#the-suites-time).
      if (!existsSync(FULL_BROWSER)) {
        execSync("DEBIAN_FRONTEND=noninteractive apt-get install -y chromium", { stdio: "inherit" });
      }
    }
  } else if (!existsSync(FULL_BROWSER)) {
    console.error(
      "Chromium not found. Install it: sudo apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH).",
    );
    process.exit(1);
  }
}
