import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import {
  test,
  expect,
  connectTestDb,
  createUser,
  signInAs,
  uniquePhone,
  giveSubjects,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { startIsolatedApp } from "#tests/support/isolated-app.ts";
import { waitForHydration } from "#tests/support/hydration.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { REGISTRATION_FIELD_LABELS as L } from "#app/forms/registration.schema.ts";
import { DRAFT_RESTORE_QUESTION, OFFLINE_SUBMIT_MESSAGE, SLOW_SUBMIT_MESSAGE } from "#app/domain/form-messages.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { schoolDay } from "#app/domain/vacations.ts";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\*)?$`));
const SUBJECTS = PROGRAMME_SUBJECTS.science;

async function fillRegistration(page: Page, wardName: string) {
  await byLabel(page, L.parentName).fill("Akosua Mensah");
  await byLabel(page, L.whatsappNumber).fill(uniquePhone());
  await byLabel(page, L.wardName).fill(wardName);
  await byLabel(page, L.wardWhatsapp).fill(uniquePhone());
  await byLabel(page, L.currentSchool).fill("Accra Academy");
  await byLabel(page, L.wardForm).selectOption("form-2");
  await byLabel(page, L.specificClass).fill("2S1");
  await byLabel(page, L.programme).selectOption("science");
  await page.getByRole("checkbox", { name: SUBJECTS[0], exact: true }).check();
  await page.getByRole("checkbox", { name: SUBJECTS[1], exact: true }).check();
  await page.getByRole("checkbox", { name: "WhatsApp", exact: true }).check();
  await byLabel(page, L.referralName).fill("Mr. Owusu");
  await byLabel(page, L.referralStatus).selectOption("teacher");
}

/** Opens a page and waits until it is interactive: these tests are about what the page's script does. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

const submit = (page: Page) => page.getByRole("button", { name: "Submit Registration" }).click();

async function registrationsOf(wardName: string) {
  await connectTestDb();
  return Registration.countDocuments({ wardName });
}

/** The drafts this browser profile holds. */
const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("vcp-draft:")));

test.describe("a dropped link loses nothing @js-only", () => {
  test("offline submit keeps the page and the answers; back online it is sent once and confirmed", async ({
    page,
    context,
  }) => {
    const wardName = `Offline ${uniquePhone()}`;
    await open(page, "/registration");
    await fillRegistration(page, wardName);
    await context.setOffline(true);
    await submit(page);
    await expect(page.getByRole("alert").filter({ hasText: OFFLINE_SUBMIT_MESSAGE })).toBeVisible();
    await expect(page).toHaveURL(/\/registration$/);
    await expect(byLabel(page, L.wardName)).toHaveValue(wardName);
    await expect(page.getByRole("checkbox", { name: SUBJECTS[1], exact: true })).toBeChecked();
    expect(await registrationsOf(wardName)).toBe(0);
    await expectNoA11yViolations(page);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Registration received" })).toBeVisible();
    expect(await registrationsOf(wardName)).toBe(1);
    expect(await draftKeys(page)).toEqual([]);
  });

  test("a proxy's 502 is a dropped link too: the resend is not a second registration", async ({ page }) => {
    const wardName = `Gateway ${uniquePhone()}`;
    let posts = 0;
    await page.route("**/registration.data", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      // The first attempt reaches the app, but its answer is lost behind a failing proxy.
      if (posts === 1) {
        await route.fetch({ maxRedirects: 0 });
        return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
      }
      return route.continue();
    });
    await open(page, "/registration");
    await fillRegistration(page, wardName);
    await submit(page);
    await expect(page.getByText(OFFLINE_SUBMIT_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/, { timeout: 20_000 });
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(await registrationsOf(wardName)).toBe(1);
  });

  test("a slow answer shows progress in words and the button cannot send twice", async ({ page }) => {
    const wardName = `Slow ${uniquePhone()}`;
    let posts = 0;
    await page.route("**/registration.data", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      await new Promise((r) => setTimeout(r, 3_500));
      await route.continue();
    });
    await open(page, "/registration");
    await fillRegistration(page, wardName);
    await submit(page);
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await byLabel(page, L.referralName).press("Enter");
    await expect(page.getByText(SLOW_SUBMIT_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/, { timeout: 20_000 });
    expect(posts).toBe(1);
    expect(await registrationsOf(wardName)).toBe(1);
  });
});

test.describe("before the form's validation code has arrived @js-only", () => {
  test("leaving fields sends nothing to the server and what was chosen stays; the submission is checked there", async ({
    page,
  }) => {
    const wardName = `Early ${uniquePhone()}`;
    // The schema chunk (Zod and the phone metadata) held back, as on a slow link where the page is interactive first.
    let releaseSchema!: () => void;
    const schemaHeld = new Promise<void>((resolve) => (releaseSchema = resolve));
    await page.route(/registration\.schema-[^/]*\.js$/, async (route) => {
      await schemaHeld;
      await route.continue();
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await open(page, "/registration");
    await fillRegistration(page, wardName);
    await byLabel(page, L.currentSchool).focus();
    expect(posts).toEqual([]);
    await expect(page.getByRole("checkbox", { name: SUBJECTS[0], exact: true })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: SUBJECTS[1], exact: true })).toBeChecked();
    await expect(byLabel(page, L.programme)).toHaveValue("science");

    await submit(page);
    await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/, { timeout: 20_000 });
    expect(posts).toHaveLength(1);
    expect(await registrationsOf(wardName)).toBe(1);
    releaseSchema();
  });
});

test("@js-only notes typed into a lesson's box before the page's script arrived are kept, not put back to the old", async ({
  context,
}) => {
  const facilitator = await createUser({ role: "facilitator" });
  const subject = `Typed early ${uniquePhone()}`;
  await giveSubjects(facilitator.id, subject);
  await connectTestDb();
  const lesson = await Lesson.create({
    vacation: DEMO_VACATION,
    programme: "science",
    subject,
    forms: ["form-2"],
    date: schoolDay(),
    start: "23:00",
    end: "23:59",
    notes: "Read chapter 2.",
  });
  await signInAs(context, facilitator);
  // A page of its own (the fixture's waits for the script, which is held here): every script held back until the
  // notes are typed, as on a link where the page shows long before its script.
  const early = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await early.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await early.goto(`/facilitator-dashboard/lessons/${lesson._id}/materials`, { waitUntil: "commit" });
  const notes = early.getByLabel(/^Notes/);
  await expect(notes).toHaveValue("Read chapter 2.");
  await notes.fill("Read chapter 3 and do exercise 3.1.");
  release();
  await waitForHydration(early);
  await expect(notes).toHaveValue("Read chapter 3 and do exercise 3.1.");
  await early.close();
});

test.describe("drafts on the device @js-only", () => {
  test("a reload mid-form offers the answers back; Restore puts them back, Start again forgets them", async ({
    page,
  }) => {
    const wardName = `Draft ${uniquePhone()}`;
    await open(page, "/registration");
    await byLabel(page, L.parentName).fill("Yaa Asantewaa");
    await byLabel(page, L.wardName).fill(wardName);
    await byLabel(page, L.programme).selectOption("science");
    await page.getByRole("checkbox", { name: SUBJECTS[2], exact: true }).check();
    await page.getByRole("radio", { name: "No" }).first().check();
    await expect.poll(() => draftKeys(page)).toEqual(["vcp-draft:v1:registration:guest"]);
    await page.reload();

    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeVisible();
    await expect(byLabel(page, L.wardName)).toHaveValue("");
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeHidden();
    await expect(byLabel(page, L.parentName)).toHaveValue("Yaa Asantewaa");
    await expect(byLabel(page, L.wardName)).toHaveValue(wardName);
    await expect(byLabel(page, L.programme)).toHaveValue("science");
    await expect(page.getByRole("checkbox", { name: SUBJECTS[2], exact: true })).toBeChecked();
    await expect(byLabel(page, L.subjectCount)).toHaveValue("1");
    await expect(page.getByRole("radio", { name: "No" }).first()).toBeChecked();

    // Never a password or a file: only the form's own fields are stored.
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem("vcp-draft:v1:registration:guest")!).values as [string, string][],
    );
    expect(stored.map(([name]) => name)).not.toContain("password");

    await page.reload();
    await page.getByRole("button", { name: "Start again" }).click();
    await expect(byLabel(page, L.wardName)).toHaveValue("");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Enrol your ward" })).toBeVisible();
    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeHidden();
  });

  test("a draft older than 14 days is dropped", async ({ page }) => {
    await open(page, "/registration");
    await page.evaluate(() =>
      localStorage.setItem(
        "vcp-draft:v1:registration:guest",
        JSON.stringify({ savedAt: Date.now() - 15 * 24 * 3600_000, values: [["wardName", "Old draft"]] }),
      ),
    );
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Enrol your ward" })).toBeVisible();
    await expect.poll(() => draftKeys(page)).toEqual([]);
    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeHidden();
  });

  test("two accounts on one browser profile never see each other's drafts", async ({ page, context }) => {
    const ama = await createUser({ role: "parent" });
    const kofi = await createUser({ role: "parent" });
    const switchTo = async (ctx: BrowserContext, user: typeof ama) => {
      await ctx.clearCookies();
      await signInAs(ctx, user);
    };
    await switchTo(context, ama);
    await open(page, "/registration");
    await byLabel(page, L.wardName).fill("Ama's ward");
    await expect.poll(() => draftKeys(page)).toEqual([`vcp-draft:v1:registration:${ama.id}`]);

    await switchTo(context, kofi);
    await open(page, "/registration");
    await expect(page.getByRole("heading", { level: 1, name: "Enrol your ward" })).toBeVisible();
    await page.waitForFunction(() => document.querySelector("form#registration") !== null);
    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeHidden();
    await page.waitForTimeout(500); // give a wrongly offered draft the chance to appear
    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeHidden();

    await switchTo(context, ama);
    await open(page, "/registration");
    await expect(page.getByText(DRAFT_RESTORE_QUESTION)).toBeVisible();
  });

  test("the announcement form keeps its draft too", async ({ page, loginAs }) => {
    await loginAs("admin");
    await open(page, "/admin/communications");
    await page.getByLabel(/^Title/).fill("Exams moved to Friday");
    await expect
      .poll(async () => (await draftKeys(page)).some((k) => k.startsWith("vcp-draft:v1:announcement:")))
      .toBe(true);
    await page.reload();
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByLabel(/^Title/)).toHaveValue("Exams moved to Friday");
  });
});

test.describe("the service worker @js-only", () => {
  test("/registration opens with no signal; signed-in pages are never kept", async ({ page, context, loginAs }) => {
    await open(page, "/registration");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Enrol your ward" })).toBeVisible();
    await byLabel(page, L.wardName).fill("Typed with no signal");
    await expect(byLabel(page, L.wardName)).toHaveValue("Typed with no signal");
    await context.setOffline(false);

    await loginAs("student");
    await page.goto("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(kept).toContain("/registration");
    expect(kept).toContain("/offline");
    expect(kept.filter((u) => !u.startsWith("/assets/") && !["/", "/registration", "/offline"].includes(u))).toEqual(
      [],
    );

    await context.setOffline(true);
    await page.goto("/student-dashboard").catch(() => {});
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/student-dashboard");
    await expectNoA11yViolations(page);
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/student-dashboard$/);
  });
});

test.describe("the service worker on a new deploy @js-only", () => {
  test("a new build's worker replaces the old one and deletes the old build's copies", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
    const before = await page.evaluate(async () => ({
      script: navigator.serviceWorker.controller!.scriptURL,
      caches: await caches.keys(),
    }));
    const version = await page.evaluate(
      () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
    );
    expect(before.script).toContain(`/sw.js?v=${version}`);
    expect(before.caches).toEqual([`vcp-shell-${version}`]);

    // What the next deploy's page does: register the worker under the new build's version.
    const after = await page.evaluate(async () => {
      const changed = new Promise((r) =>
        navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }),
      );
      await navigator.serviceWorker.register("/sw.js?v=next-build", { scope: "/", updateViaCache: "none" });
      await changed;
      const deadline = Date.now() + 10_000;
      let keys = await caches.keys();
      while (keys.length !== 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        keys = await caches.keys();
      }
      return { script: navigator.serviceWorker.controller!.scriptURL, caches: keys };
    });
    expect(after.script).toContain("/sw.js?v=next-build");
    expect(after.caches).toEqual(["vcp-shell-next-build"]);
  });
});

test("a repeated idempotency key from a second app instance gets the first result @no-js-only", async ({ request }) => {
  const wardName = `Twice ${uniquePhone()}`;
  const form = {
    parentName: "Akosua Mensah",
    whatsappNumber: uniquePhone(),
    wardName,
    wardWhatsapp: uniquePhone(),
    currentSchool: "Accra Academy",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjects: SUBJECTS[0],
    updateMode: "whatsapp",
    joinStudentGroups: "yes",
    joinParentGroup: "yes",
    referralName: "Mr. Owusu",
    referralStatus: "teacher",
    intent: "submit",
    idempotencyKey: `e2e${uniquePhone()}abcdefgh`,
  };
  const first = await request.post("/registration", { form, maxRedirects: 0 });
  expect(first.status()).toBe(302);
  const location = first.headers().location;
  expect(location).toMatch(/^\/registration\/[a-z0-9]{12}$/);

  const second = await startIsolatedApp({ MONGODB_URI: E2E.mongodbUri, UPLOADS_DIR: E2E.uploadsDir });
  try {
    const again = await request.post(`${second.url}/registration`, { form, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe(location);
  } finally {
    await second.stop();
  }
  expect(await registrationsOf(wardName)).toBe(1);
});

test("without JavaScript, an oversized upload comes back with every text field and the message by the file @no-js-only", async ({
  page,
  loginAs,
}) => {
  const facilitator = await loginAs("facilitator");
  await giveSubjects(facilitator.id, "Biology");
  await page.goto("/facilitator-dashboard/assignments");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-i16-"));
  const big = path.join(dir, "huge.pdf");
  fs.writeFileSync(big, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 1024, 0x20)]));
  await page.getByRole("combobox", { name: "Subject", exact: true }).selectOption("Biology");
  await page.getByLabel("Title").fill("Cells, week 2");
  await page.getByLabel("Description (optional)").fill("Read pages 10 to 14 first.");
  await page.getByLabel("File").setInputFiles(big);
  await page.getByRole("button", { name: "Upload" }).click();

  await expect(page.getByRole("combobox", { name: "Subject", exact: true })).toHaveValue("Biology");
  await expect(page.getByLabel("Title")).toHaveValue("Cells, week 2");
  await expect(page.getByLabel("Description (optional)")).toHaveValue("Read pages 10 to 14 first.");
  const file = page.getByLabel("File");
  await expect(file).toHaveAttribute("aria-invalid", "true");
  const errorId = (await file.getAttribute("aria-describedby"))!.split(" ").find((id) => id.includes("error"))!;
  await expect(page.locator(`[id="${errorId}"]`)).toContainText("Please upload files smaller than 10 MB");
  fs.rmSync(dir, { recursive: true, force: true });
});
