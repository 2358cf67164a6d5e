import { existsSync } from "node:fs";

/** Debian's old headless shell: what Playwright runs headless tests in by default, lighter than the full browser. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_BROWSER = "/usr/bin/chromium";

/** The browser the e2e tests launch: CHROMIUM_PATH, else the headless shell when installed, else the full browser. */
export function testBrowserPath() {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
}
