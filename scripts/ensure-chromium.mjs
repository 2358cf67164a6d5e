// e2e tests use Debian's Chromium (Playwright's own browser download cannot work here).
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's chromium for the browser tests…");
    execSync("apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium", { stdio: "inherit" });
  } else {
    console.error(
      `Chromium not found at ${path}. Install it: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}
