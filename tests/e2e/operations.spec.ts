import { SCHOOL_NAME, DEFAULT_CONTACTS } from "#app/domain/school.ts";
import { test, expect } from "@playwright/test";
import { startIsolatedApp, freePort } from "#tests/support/isolated-app.ts";
import { logged, logLines } from "#tests/support/log-lines.ts";
import { runCommand } from "#tests/support/run-command.ts";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";
import mongoose from "mongoose";
import { createCookie } from "react-router";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";

// These start their own app processes: nothing here depends on the browser's JavaScript.
test.describe("operations @js-only", () => {
  test("a demo database started without DEMO=on: no demo sign-in, no TEST gateway, no demo callback secret, the operator told how to create an admin; with DEMO=on again it works under a banner", async () => {
    test.setTimeout(150_000); // three app starts on a shared machine
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "vcp-demo-mode-"));
    const base = { MONGODB_URI: undefined, DB_IN_MEMORY: "false", DATA_DIR: dataDir, SEED_DEMO_DATA: undefined };
    const signIn = (url: string) =>
      fetch(`${url}/portal?role=admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", phone: "0244000001", password: "demo-admin-2025" }),
        redirect: "manual",
      });
    const ussd = (url: string) =>
      fetch(`${url}/ussd/africastalking/demo-callback-secret`, {
        method: "POST",
        body: new URLSearchParams({ sessionId: "s1", serviceCode: "*920*44#", phoneNumber: "+233244000003", text: "" }),
      });
    try {
      // The demo: seeded, signed in, a checkout reference for the TEST gateway.
      const demo = await startIsolatedApp({ ...base, DEMO: "on" }, { waitFor: "healthy" });
      let cookie: string;
      try {
        const res = await signIn(demo.url);
        expect(res.status).toBe(302);
        cookie = res.headers.get("set-cookie")!.split(";")[0];
        expect(await (await fetch(`${demo.url}/`)).text()).toContain("Sample data, public passwords, TEST");
        expect((await ussd(demo.url)).status).toBe(200);
      } finally {
        await demo.stop();
      }

      // Without it, the database's kind says nothing: production, so APP_ORIGIN is required…
      const refused = await startIsolatedApp({ ...base, DEMO: undefined }).then(
        async (app) => (await app.stop(), null),
        (e: Error) => e,
      );
      expect(refused?.message).toContain(`"area":"config","msg":"APP_ORIGIN is required`);

      // …and with it, the demo's accounts are off (their sessions too), the TEST gateway and the demo secret are gone.
      // The default install: workers, and the database in the first process (create-admin reaches it while it runs).
      const live = await startIsolatedApp(
        { ...base, DEMO: undefined, APP_ORIGIN: "https://portal.example.org", WEB_WORKERS: "2" },
        { waitFor: "healthy" },
      );
      try {
        const res = await signIn(live.url);
        expect(res.status).toBe(400);
        expect(await res.text()).toContain("This account is turned off");
        const page = await fetch(`${live.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(page.headers.get("location")).toMatch(/^\/portal/);
        expect((await fetch(`${live.url}/test-gateway/anything`)).status).toBe(404);
        expect((await ussd(live.url)).status).toBe(404);
        expect(await (await fetch(`${live.url}/`)).text()).not.toContain("Sample data, public passwords");
        expect(live.output()).toContain("are turned off");
        expect(live.output()).toContain("npm run create-admin");
        // As the log says: the first admin, created while the portal runs, signs in at once. Run without blocking this
        // process: a blocked event loop would keep a connection the app closed meanwhile, and the next fetch fail on it.
        const created = await runCommand(
          process.execPath,
          [
            "--import",
            "tsx",
            "scripts/create-admin.ts",
            "--phone",
            "0209990001",
            "--name",
            "First Admin",
            "--password",
            "first-admin-pass-1",
          ],
          {
            env: {
              ...process.env,
              DATA_DIR: dataDir,
              MONGODB_URI: "",
              DEMO: "",
              SESSION_SECRET: "isolated-test-secret",
            },
            timeout: 60_000,
          },
        );
        expect(created.status, created.stderr).toBe(0);
        const first = await fetch(`${live.url}/portal?role=admin`, {
          method: "POST",
          body: new URLSearchParams({ intent: "signin", phone: "0209990001", password: "first-admin-pass-1" }),
          redirect: "manual",
        });
        expect(first.status).toBe(302);
        expect(first.headers.get("location")).toBe("/admin");
      } finally {
        await live.stop();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  test("npm run demo on an empty embedded database seeds the demo data; SIGTERM exits cleanly within 5 s", async () => {
    const app = await startIsolatedApp(
      { MONGODB_URI: undefined, DB_IN_MEMORY: "true", SEED_DEMO_DATA: undefined },
      { waitFor: "healthy" },
    );
    try {
      const res = await fetch(`${app.url}/portal?role=admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", phone: "0244000001", password: "demo-admin-2025" }),
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin");
    } finally {
      const started = Date.now();
      const code = await app.stop();
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  test("a second instance on a locked DATA_DIR refuses to start with a clear message; a cross-origin post is one log line", async () => {
    test.setTimeout(120_000); // two app starts on a shared machine
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "vcp-locked-"));
    const env = { MONGODB_URI: undefined, DB_IN_MEMORY: "false", DATA_DIR: dataDir, SEED_DEMO_DATA: "false" };
    const first = await startIsolatedApp(env, { waitFor: "healthy" });
    try {
      const error = await startIsolatedApp(env, { waitFor: "healthy" }).then(
        async (second) => {
          await second.stop();
          return null;
        },
        (e: Error) => e,
      );
      expect(error, "the second instance must not serve").not.toBeNull();
      expect(error!.message).toMatch(/app exited early \(1\)/);
      expect(error!.message).toContain("is already in use by process");
      expect(error!.message).toContain("Refusing to start");

      // node:http, because fetch decides the Origin header itself.
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${first.url}/portal`, {
          method: "POST",
          headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end("intent=signin");
      });
      expect(status).toBe(403);
      await expect.poll(() => logged(first.output(), "origin", "refused POST /portal")).toBe(true);
      // No stack: neither an error logged with one nor one printed through console (Express prints err.stack so).
      expect(logLines(first.output()).filter((line) => line.err || /\n\s+at /.test(line.msg))).toEqual([]);
    } finally {
      await first.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  test("a database given by MONGODB_URI is not seeded outside demo mode", async () => {
    const db = await startEmbeddedMongo({ quiet: true });
    const app = await startIsolatedApp(
      { MONGODB_URI: `${db.uri}given_db`, SEED_DEMO_DATA: undefined, DEMO: undefined, APP_ORIGIN: "http://localhost" },
      { waitFor: "healthy" },
    );
    try {
      const conn = await mongoose.createConnection(`${db.uri}given_db`).asPromise();
      expect(await conn.collection("users").countDocuments()).toBe(0);
      await conn.close();
    } finally {
      await app.stop();
      await db.stop();
    }
  });

  test("with the database down, /healthz answers 503 and pages show the crash page without a stack", async () => {
    const deadPort = await freePort();
    const app = await startIsolatedApp({ MONGODB_URI: `mongodb://127.0.0.1:${deadPort}/nothing` });
    try {
      const health = await fetch(`${app.url}/healthz`);
      expect(health.status).toBe(503);
      // A page whose loader needs the database: the session lookup of a signed-in visitor.
      const cookie = await createCookie("__session", { secrets: ["isolated-test-secret"] }).serialize(
        "abcdefghijklmnopqrstuvwx",
      );
      const page = await fetch(`${app.url}/portal`, { headers: { Cookie: cookie.split(";")[0] } });
      expect(page.status).toBe(500);
      const body = await page.text();
      expect(body).toContain("Something went wrong");
      expect(body).toContain("Refresh Page");
      expect(body).not.toMatch(/at \S+ \(.*:\d+:\d+\)/); // no stack trace in production
      // The request id, to quote to the school: the same as in the response header and the log line.
      const id = page.headers.get("x-request-id")!;
      expect(body).toContain(`Reference for the school: <code id="request-reference">${id}</code>`);
      await expect.poll(() => app.output()).toContain(`"reqId":"${id}"`);
    } finally {
      expect(await app.stop()).toBe(0);
    }
  });

  test("maintenance mode shows non-admins the maintenance page while sign-in still works", async ({ browser }) => {
    const db = await startEmbeddedMongo({ quiet: true });
    const uri = `${db.uri}maintenance_db`;
    const app = await startIsolatedApp({ MONGODB_URI: uri, SEED_DEMO_DATA: "true" }, { waitFor: "healthy" });
    const conn = await mongoose.createConnection(uri).asPromise();
    try {
      await conn
        .collection("settings")
        .updateOne({ _id: "global" as never }, { $set: { maintenanceMode: true } }, { upsert: true });
      await new Promise((r) => setTimeout(r, 2_100)); // settings are cached for 2 s per process
      const home = await fetch(`${app.url}/`);
      expect(home.status).toBe(503);
      const page = await home.text();
      expect(page).toContain("back soon");
      // The school's name, its phone numbers and a sign-in link for staff.
      expect(page).toContain(SCHOOL_NAME);
      for (const p of DEFAULT_CONTACTS.phones) expect(page).toContain(`href="tel:${p.tel}"`);
      expect(page).toContain('href="/portal?role=admin"');
      // In a browser without JavaScript: the page reads as the school's, and its sign-in link works.
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const tab = await noJs.newPage();
      expect((await tab.goto(`${app.url}/registration`))?.status()).toBe(503);
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText("We'll be back soon");
      await expect(tab.getByRole("main")).toContainText(SCHOOL_NAME);
      for (const p of DEFAULT_CONTACTS.phones) await expect(tab.locator(`main a[href="tel:${p.tel}"]`)).toBeVisible();
      await tab.getByRole("link", { name: "sign in" }).click();
      await expect(tab).toHaveURL(/\/portal\?role=admin$/);
      await expect(tab.getByRole("button", { name: "Sign In" })).toBeVisible();
      await noJs.close();
      const portal = await fetch(`${app.url}/portal?role=admin`);
      expect(portal.status).toBe(200);
      const signIn = await fetch(`${app.url}/portal?role=admin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", phone: "0244000001", password: "demo-admin-2025" }),
        redirect: "manual",
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const adminHome = await fetch(`${app.url}/`, { headers: { Cookie: cookie } });
      expect(adminHome.status).toBe(200);
    } finally {
      await conn.close();
      await app.stop();
      await db.stop();
    }
  });
});
