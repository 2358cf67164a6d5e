import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/isolated-app.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

/**
 * `npm run dev` is the production server with Vite in place of the built assets: the same protective headers,
 * request id and nonce-bearing inline scripts (the e2e suite checks the production server's).
 */
describe("the development server", () => {
  let output = "";
  let stop = async () => {};
  afterAll(() => stop());

  it("answers pages with the production server's Content-Security-Policy, request id and checks", async () => {
    const port = await freePort();
    // Not vitest's variables: vite.config.ts leaves React Router's plugin out under vitest.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
    const proc = spawn(process.execPath, ["server/main.ts", "--dev"], {
      env: { ...env, NODE_ENV: "development", PORT: String(port), DB_IN_MEMORY: "true", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    proc.stdout.on("data", (d) => (output += d));
    proc.stderr.on("data", (d) => (output += d));
    stop = () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      });
    const url = `http://localhost:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`dev server did not start:\n${output}`);
      if (
        await fetch(`${url}/healthz`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
    expect(csp).toBe(contentSecurityPolicy({ nonce }));
    const scripts = [...(await page.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // The server's guards are in front of the app here too: a cross-site post is refused before any route runs.
    const crossSite = await fetch(`${url}/registration`, {
      method: "POST",
      headers: { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("X-Request-Id")).toBeTruthy();
  });
});
