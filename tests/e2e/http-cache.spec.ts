import zlib from "node:zlib";
import mongoose from "mongoose";
import { test, expect, createUser, sessionCookieHeader } from "#tests/support/fixtures.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { startIsolatedApp } from "#tests/support/isolated-app.ts";
import { startEmbeddedMongo } from "@vacation-classes/embedded-mongo";

/** The cookie a sign-in through /sign-out's redirect leaves: a flash toast only, no session. */
async function signedOutToastCookie(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/sign-out`, {
    method: "POST",
    body: new URLSearchParams({ redirectTo: "/" }),
    redirect: "manual",
  });
  const toast = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  expect(toast, "sign-out sets a flash toast").toBeTruthy();
  return toast!.split(";")[0];
}

// HTTP caching as browsers and shared caches see it: nothing here depends on the page's JavaScript.
test.describe("HTTP caching @js-only", () => {
  test("public pages may be cached but are revalidated, with an ETag that answers 304", async ({ request }) => {
    for (const path of ["/", "/registration", "/portal"]) {
      const first = await request.get(path);
      expect(first.status()).toBe(200);
      expect(first.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(first.headers()["vary"]).toMatch(/Cookie/);
      const etag = first.headers()["etag"];
      expect(etag, `${path} has an ETag`).toBeTruthy();
      const again = await request.get(path, { headers: { "If-None-Match": etag } });
      expect(again.status()).toBe(304);
    }
  });

  test("a signed-in visitor's pages are private, no-store and never come from the page cache", async ({ request }) => {
    const student = await createUser({ role: "student", fullName: "Cache Tester" });
    const cookie = await sessionCookieHeader(student);
    const dashboard = await request.get("/student-dashboard", { headers: { Cookie: cookie } });
    expect(dashboard.status()).toBe(200);
    expect(dashboard.headers()["cache-control"]).toBe("private, no-store");

    await request.get("/portal"); // an anonymous visit fills the cache
    const portal = await request.get("/portal", { headers: { Cookie: cookie } });
    expect(portal.headers()["cache-control"]).toBe("private, no-store");
    expect(portal.headers()["etag"]).toBeUndefined();
    expect(await portal.text()).toContain("Cache Tester");
    // …and the signed-in page did not enter the cache either.
    const anonymous = await request.get("/portal");
    expect(await anonymous.text()).not.toContain("Cache Tester");
  });

  test("a flash toast is shown to its visitor only, never cached", async ({ request }) => {
    await request.get("/"); // fills the cache
    const toastCookie = await signedOutToastCookie(E2E.baseURL);
    const withToast = await request.get("/", { headers: { Cookie: toastCookie } });
    expect(await withToast.text()).toContain("Signed out successfully");
    expect(withToast.headers()["cache-control"]).toBe("private, no-store");
    const anonymous = await request.get("/");
    expect(await anonymous.text()).not.toContain("Signed out successfully");
  });

  test("form posts are answered private, no-store", async ({ request }) => {
    const res = await request.post("/registration", { form: { parentName: "" } });
    expect(res.status()).toBe(400);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
  });

  test("hashed assets are precompressed: brotli or gzip as accepted, immutable for a year", async ({ request }) => {
    const html = await (await request.get("/registration")).text();
    // The entry script: every page loads it, and it is far above the 1 KiB below which no copy is written.
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const plain = await fetch(`${E2E.baseURL}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    const original = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const [accept, encoding, decode] of [
      ["br, gzip", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      // Node's fetch would decode the body itself: read the raw bytes through http instead.
      const raw = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          import("node:http").then(({ get }) =>
            get(`${E2E.baseURL}${asset}`, { headers: { "Accept-Encoding": accept } }, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            }).on("error", reject),
          );
        },
      );
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(raw.headers["vary"]).toMatch(/Accept-Encoding/);
      expect(decode(raw.body).equals(original)).toBe(true);
    }
  });

  test("pages are compressed with brotli when the browser accepts it, gzip otherwise", async () => {
    const encodingOf = (path: string, accept: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        import("node:http").then(({ get }) =>
          get(`${E2E.baseURL}${path}`, { headers: { "Accept-Encoding": accept } }, (r) => {
            r.resume();
            resolve(r.headers["content-encoding"]);
          }).on("error", reject),
        );
      });
    // A cached public page and a page rendered for this request (a 404 is never cached).
    for (const path of ["/registration", "/no-such-page-here"]) {
      expect(await encodingOf(path, "gzip, deflate, br")).toBe("br");
      expect(await encodingOf(path, "gzip, deflate")).toBe("gzip");
    }
  });

  test("a settings change reaches a second instance and its page cache within 2 s", async () => {
    test.setTimeout(90_000);
    const db = await startEmbeddedMongo({ quiet: true });
    const uri = `${db.uri}two_instances_db`;
    const a = await startIsolatedApp({ MONGODB_URI: uri, SEED_DEMO_DATA: "true" }, { waitFor: "healthy" });
    const b = await startIsolatedApp({ MONGODB_URI: uri, SEED_DEMO_DATA: "false" }, { waitFor: "healthy" });
    const conn = await mongoose.createConnection(uri).asPromise();
    try {
      for (const app of [a, b]) {
        // An entry lives 1 s: ask until one comes from the cache (a busy machine can be slower than that between two).
        let cached = await fetch(`${app.url}/`);
        for (let i = 0; i < 5 && cached.headers.get("x-page-cache") !== "hit"; i++) cached = await fetch(`${app.url}/`);
        expect(cached.status).toBe(200);
        expect(cached.headers.get("x-page-cache")).toBe("hit");
      }
      // What the admin settings page writes, through either instance: the shared settings document.
      await conn
        .collection("settings")
        .updateOne({ _id: "global" as never }, { $set: { maintenanceMode: true } }, { upsert: true });
      const changedAt = Date.now();
      await new Promise((r) => setTimeout(r, 2_000));
      for (const app of [a, b]) {
        const home = await fetch(`${app.url}/`);
        expect(home.status, `maintenance shows on ${app.url} within ${Date.now() - changedAt} ms`).toBe(503);
      }
    } finally {
      await conn.close();
      await a.stop();
      await b.stop();
      await db.stop();
    }
  });
});

test("the page is styled by its first response, and stays styled after client-side navigation @both", async ({
  page,
  javaScriptEnabled,
}) => {
  const stylesheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "stylesheet") stylesheets.push(r.url());
  });
  await page.goto("/");
  await expect(page.locator("style[data-app-css]")).toHaveCount(1);
  const background = () => page.locator("body").evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(await background()).not.toBe("rgba(0, 0, 0, 0)");
  const styled = await background();
  await page
    .getByRole("link", { name: /register|enrol/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/registration/);
  await expect(page.getByLabel(/parent/i).first()).toBeVisible();
  expect(await background()).toBe(styled);
  // The page's own rules came inline; the whole stylesheet, a cached file, only once a script can render more.
  expect(stylesheets).toEqual(javaScriptEnabled ? [expect.stringMatching(/\/assets\/app-[\w-]+\.css$/)] : []);
});
