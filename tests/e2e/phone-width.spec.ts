import type { Locator, Page } from "@playwright/test";
import { test, expect, connectTestDb, createUser, signInAs, type TestUser } from "#tests/support/fixtures.ts";
import { User } from "#app/models/user.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";

/** At 360 px (a small Android phone): nothing clipped, nothing overlapping, no page scrolling sideways. */
test.use({ viewport: { width: 360, height: 740 } });

for (const role of ["facilitator", "parent"] as const) {
  test(`the ${role}'s bottom bar labels fit at 360 px`, async ({ page, loginAs }) => {
    await loginAs(role);
    await page.goto("/dashboard");
    const links = page.getByRole("navigation", { name: "Quick links" }).getByRole("link");
    await expect(links).toHaveCount(4);
    const boxes = [];
    for (const link of await links.all()) {
      // The label fits its cell: no clipped text.
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
        true,
      );
      boxes.push((await link.boundingBox())!);
    }
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i].x).toBeGreaterThanOrEqual(boxes[i - 1].x + boxes[i - 1].width - 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test("the admin registrations list keeps each row's Delete on screen at 360 px, and the page does not scroll sideways", async ({
  page,
  loginAs,
}) => {
  const { createRegistration } = await import("#tests/support/fixtures.ts");
  const reg = await createRegistration({
    wardName: `Narrow Ward ${Date.now()}`,
    parentName: "A Parent With A Rather Long Name",
  });
  await loginAs("admin");
  await page.goto(`/admin/registrations?q=${encodeURIComponent(String(reg.wardName))}`);
  const del = page.getByRole(test.info().project.use.javaScriptEnabled === false ? "link" : "button", {
    name: `Delete registration of ${reg.wardName}`,
  });
  await expect(del).toBeVisible();
  // Horizontally on screen without scrolling sideways (the list may be below the fold).
  const box = (await del.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

const PAGES_AT_360 = {
  anonymous: [
    "/",
    "/registration",
    "/portal",
    "/auth",
    "/parent-whatsapp-groups",
    "/privacy-policy",
    "/terms-of-service",
  ],
  student: [
    "/student-dashboard",
    "/student-dashboard/subjects",
    "/student-dashboard/whatsapp",
    "/student-dashboard/schedule",
    "/assignments",
    "/whatsapp",
    "/dashboard",
    "/settings",
  ],
  parent: ["/parent-dashboard", "/dashboard", "/dashboard/payments", "/dashboard/communications", "/profile"],
  facilitator: [
    "/facilitator-dashboard",
    "/facilitator-dashboard/classes",
    "/facilitator-dashboard/assignments",
    "/facilitator-dashboard/students",
    "/facilitator-dashboard/whatsapp",
    "/facilitator-dashboard/evaluations",
    "/dashboard/analytics",
  ],
  admin: [
    "/admin",
    "/admin/registrations",
    "/admin/payments",
    "/admin/users",
    "/admin/whatsapp-groups",
    "/admin/subjects",
    "/admin/communications",
    "/admin/settings",
    "/admin/settings/fees",
    "/admin/settings/wording",
    "/admin/settings/ussd",
    "/admin/vacations",
    "/admin/lessons",
    "/admin/classes",
    "/admin/messages",
    "/admin/messages/weekly-progress",
    "/admin/messages/reports",
    "/admin/register-student",
    "/registration-view-list",
    "/timetable-upload",
  ],
} as const;

/** The pages (each answering below 400) that scroll sideways, with their width. */
async function widePages(page: Page, paths: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    const [scrollWidth, clientWidth] = await page.evaluate(() => [
      document.scrollingElement!.scrollWidth,
      document.scrollingElement!.clientWidth,
    ]);
    if (scrollWidth > clientWidth) wide.push(`${path} (${scrollWidth} px)`);
  }
  return wide;
}

for (const [who, paths] of Object.entries(PAGES_AT_360)) {
  test(`no ${who} page scrolls sideways at 360 px`, async ({ page, loginAs }) => {
    if (who !== "anonymous") await loginAs(who as "student" | "parent" | "facilitator" | "admin");
    expect(await widePages(page, paths), "pages wider than the screen").toEqual([]);
  });
}

/** The demo's pages behind an id, as its own accounts see them: a hand-in, the ward page, a register, marking. */
test("no page of the demo's teaching scrolls sideways at 360 px", async ({ page }) => {
  await connectTestDb();
  const { Registration } = await import("#app/models/registration.server.ts");
  const { Lesson } = await import("#app/models/lesson.server.ts");
  const { Submission } = await import("#app/models/submission.server.ts");
  const yaw = await Registration.findOne({ reference: "demoyawowusu" }).select("_id").lean();
  const lesson = await Lesson.findOne({ _id: /^demo-today\./ })
    .sort({ date: -1 })
    .select("_id")
    .lean();
  const pending = await Submission.findOne({ assignmentId: "demoworkalgebra01", markedAt: null }).select("_id").lean();
  const pages: Array<[string, string[]]> = [
    ["0244000004", ["/assignments/demoworkforces001", "/assignments/demoworkalgebra01"]],
    ["0244000003", [`/parent-dashboard/wards/${yaw!._id}`]],
    [
      "0244000002",
      [
        `/facilitator-dashboard/lessons/${lesson!._id}/register`,
        `/facilitator-dashboard/lessons/${lesson!._id}/materials`,
        "/facilitator-dashboard/assignments/demoworkalgebra01",
        `/facilitator-dashboard/work/${pending!._id}`,
      ],
    ],
  ];
  const wide: string[] = [];
  for (const [phone, paths] of pages) {
    const demo = await User.findOne({ phone: normalizePhone(phone) }).lean();
    await page.context().clearCookies();
    await signInAs(page.context(), { id: demo!._id } as TestUser);
    wide.push(...(await widePages(page, paths)));
  }
  expect(wide, "pages wider than the screen").toEqual([]);
});

test("a toast never covers the header's buttons at 360 px @both", async ({ page, loginAs }) => {
  await loginAs("admin");
  // A flash toast: the settings page saved.
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Save Settings" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Your changes have been saved." }).first();
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  // The admin header: the portal's name, Sign out and the section links.
  const header = page.getByRole("navigation", { name: "Admin sections" });
  const controls = await header.locator("a:visible, button:visible").all();
  expect(controls.length).toBeGreaterThan(2);
  for (const control of controls) {
    const box = await control.boundingBox();
    if (!box) continue;
    const overlaps =
      box.x < toastBox.x + toastBox.width &&
      toastBox.x < box.x + box.width &&
      box.y < toastBox.y + toastBox.height &&
      toastBox.y < box.y + box.height;
    expect(overlaps, `the toast covers ${await control.textContent()}`).toBe(false);
  }
});

test("@js-only on a phone a toast floats above the dashboard's bottom bar, covering none of its links", async ({
  page,
  loginAs,
}) => {
  await loginAs("student");
  await page.goto("/profile");
  await page.getByRole("button", { name: "Save profile" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Profile updated" }).first();
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const bar = page.getByRole("navigation", { name: "Quick links" });
  const barBox = (await bar.boundingBox())!;
  expect(toastBox.y + toastBox.height, "the toast ends above the bar").toBeLessThanOrEqual(barBox.y);
});

test("without JavaScript a flash message sits in the page's flow and covers nothing; with it, a dismissible toast @both", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Save Settings" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Your changes have been saved." }).first();
  await expect(toast).toBeVisible();
  const position = await toast.evaluate((el) => getComputedStyle(el).position);
  if (test.info().project.use.javaScriptEnabled === false) {
    expect(position).toBe("static");
    // Everything on the page stays reachable: the message is above the page's own heading, not over it.
    const toastBox = (await toast.boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1, name: "Settings" }).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(heading.y);
    await expect(page.getByRole("button", { name: "Dismiss notification" })).toHaveCount(0);
  } else {
    expect(position).toBe("fixed");
    // Floating, it leaves the banner with the school's numbers uncovered.
    const toastBox = (await toast.boundingBox())!;
    const banner = (await page.getByRole("region", { name: "Announcement" }).boundingBox())!;
    expect(toastBox.y, "the toast is below the banner").toBeGreaterThanOrEqual(banner.y + banner.height);
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(page.getByText("Your changes have been saved.")).toHaveCount(0);
  }
});

/** A wide table shows that it scrolls (a shadow on the side with more, app/app.css) and keeps its first column put. */
async function expectScrollCueAndStickyFirstColumn(region: Locator, lastHeader: string) {
  await region.scrollIntoViewIfNeeded();
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await region.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("gradient");
  const first = region.getByRole("columnheader").first();
  const before = (await first.boundingBox())!;
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(region.getByRole("columnheader", { name: lastHeader })).toBeInViewport({ ratio: 0.95 });
  expect(Math.abs((await first.boundingBox())!.x - before.x), "the first column stays put").toBeLessThan(1);
}

test.describe("360 px, the trips of a day's use", () => {
  test("the parent's payments table shows it scrolls and keeps the state put; the bar holds Payment History", async ({
    page,
  }) => {
    await connectTestDb();
    const demo = await User.findOne({ phone: normalizePhone("0244000003") }).lean();
    await signInAs(page.context(), { id: demo!._id } as TestUser);
    await page.goto("/dashboard/payments");
    // A receipt number breaks after its hyphens only ("VC-2026-", "CHRISTMAS-", …), not a letter or two per line.
    const receipt = page.getByRole("link", { name: /^Download receipt VC-/ }).first();
    const lines = await receipt.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines).toBeGreaterThan(0);
    expect(Math.round(lines)).toBeLessThanOrEqual(4);
    await expectScrollCueAndStickyFirstColumn(
      page.getByRole("region", { name: "Payments", exact: true }).last(),
      "Reference",
    );
    await expect(
      page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Payment History" }),
    ).toBeInViewport();
  });

  test("the facilitator's tabs, a student's stat cards, the fees and the user list fit the screen", async ({
    page,
    loginAs,
  }) => {
    await loginAs("facilitator");
    await page.goto("/facilitator-dashboard");
    const tabs = page.getByRole("navigation", { name: "Facilitator portal tabs" }).getByRole("link");
    expect(await tabs.count()).toBeGreaterThan(4);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });

    await page.context().clearCookies();
    await loginAs("student");
    await page.goto("/student-dashboard");
    const card = page.locator("dl > div").filter({ hasText: "Programme" });
    const value = card.locator("dd");
    await expect(value).toHaveText("Not registered");
    const [cardBox, valueBox] = [(await card.boundingBox())!, (await value.boundingBox())!];
    expect(valueBox.x + valueBox.width, "the value stays inside its card").toBeLessThanOrEqual(
      cardBox.x + cardBox.width,
    );
    expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Every fee on one line: "GH₵" never parted from its figure.
    await page.goto("/");
    const fees = page.locator("table", { has: page.getByText(/^Fees for /) }).locator("td");
    expect(await fees.count()).toBeGreaterThan(0);
    for (const cell of await fees.all()) {
      const lines = await cell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, (await cell.textContent()) ?? "").toBe(1);
    }

    // On a phone the user list is part of the page, not a box that cuts its rows; a name with no space in it wraps.
    await page.context().clearCookies();
    await createUser({
      role: "facilitator",
      fullName: `Nana${"a".repeat(40)} Mensah`,
      email: `${"b".repeat(40)}@example.com`,
    });
    await loginAs("admin");
    await page.goto("/admin/users");
    const list = page.getByRole("region", { name: "User list" });
    expect(await list.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
