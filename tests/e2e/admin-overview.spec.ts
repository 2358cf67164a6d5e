import {
  test,
  expect,
  createUser,
  createRegistration,
  connectTestDb,
  uniquePhone,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { User } from "#app/models/user.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Registration } from "#app/models/registration.server.ts";

const SECTIONS = [
  "Overview",
  "Registrations",
  "Registration View List",
  "Register Student",
  "Payments",
  "User Management",
  "WhatsApp Groups",
  "Subjects",
  "Communications",
  "Timetable Upload",
  "Settings",
];

async function statValue(page: import("@playwright/test").Page, label: string) {
  return Number((await page.getByTestId(`stat-${label}`).innerText()).replace(/,/g, ""));
}

test.describe("Admin layout and overview", () => {
  test("the overview shows real counters; on a database without last month's data, what is new this month", async ({
    page,
    loginAs,
  }) => {
    await connectTestDb();
    await loginAs("admin");
    await createUser({ role: "parent" });
    await createRegistration({ wardWhatsapp: uniquePhone() });
    await Subject.create({ name: `Subject ${uniquePhone()}` });
    const [users, subjects, wards] = await Promise.all([
      User.countDocuments(),
      Subject.countDocuments(),
      Registration.distinct("wardWhatsappNormalized", {
        vacation: DEMO_VACATION,
        withdrawnAt: { $exists: false },
      }).then((d) => d.length),
    ]);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Overview" })).toBeVisible();
    // Other tests may add rows meanwhile, so each counter is at least what existed before the page loaded.
    expect(await statValue(page, "Total Users")).toBeGreaterThanOrEqual(users);
    expect(await statValue(page, "Total Subjects")).toBeGreaterThanOrEqual(subjects);
    expect(await statValue(page, "Active Students")).toBeGreaterThanOrEqual(wards);
    expect(await statValue(page, "Active Students")).toBeLessThanOrEqual(
      await Registration.countDocuments({ vacation: DEMO_VACATION }),
    );
    // Active Students are the vacation teaching's wards, as the card says.
    await expect(page.getByRole("listitem").filter({ hasText: "Active Students" })).toContainText(
      `Wards enrolled in ${DEMO_VACATION}`,
    );
    // Subjects are all created during this run (the demo's accounts and registrations are dated weeks back, and
    // other tests back-date registrations): nothing existed at the end of last month, so no made-up percentage, but
    // what is new this month.
    for (const label of ["Total Subjects"]) {
      const card = page.getByRole("listitem").filter({ hasText: label });
      await expect(card).toContainText(/\d+ new this month/);
      await expect(card).not.toContainText("%");
    }
    await expect(page.getByRole("listitem").filter({ hasText: "Total Users" })).toContainText(
      /(\d+ new this month|[+-]\d+% from last month)/,
    );
    await expect(page.getByRole("listitem").filter({ hasText: "Active Students" })).toContainText(
      /(\d+ new this month|[+-]\d+% from last month)/,
    );
    await expectNoA11yViolations(page);
  });

  test("every section is a link in the admin navigation, with the current one marked", async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/admin/registrations");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    for (const name of SECTIONS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Registrations", exact: true })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Overview", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Overview" })).toBeVisible();
  });

  test("on a small screen the sections scroll sideways instead of a sidebar", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs("admin");
    await page.goto("/admin");
    const list = page.getByRole("navigation", { name: "Admin sections" }).getByRole("list");
    const box = await list.boundingBox();
    const settings = await list.getByRole("link", { name: "Settings", exact: true }).boundingBox();
    const overview = await list.getByRole("link", { name: "Overview", exact: true }).boundingBox();
    expect(settings!.y).toBe(overview!.y); // one row
    expect(
      await list.evaluate(
        (el) => el.scrollWidth > el.clientWidth || el.parentElement!.scrollWidth > el.parentElement!.clientWidth,
      ),
    ).toBe(true);
    expect(box!.height).toBeLessThan(100);
    await expectNoA11yViolations(page);
  });

  test("an unknown section says 'Feature not implemented yet', with the status of a page that does not exist", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    expect((await page.goto("/admin/nonexistent"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Feature not implemented yet" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("visitors and non-admins never see the admin portal", async ({ page, loginAs }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/portal\?redirectTo=%2Fadmin/);
    await loginAs("facilitator");
    await page.goto("/admin/registrations");
    await expect(page).toHaveURL(/\/$/);
    const response = await page.request.get("/admin/registrations/export", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    const list = await page.request.get("/registration-view-list", { maxRedirects: 0 });
    expect(list.status()).toBe(302);
  });

  test("Sign Out is on every admin page, on a phone too, and signs out", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs("admin");
    for (const path of ["/admin", "/admin/subjects", "/registration-view-list", "/timetable-upload"]) {
      await page.goto(path);
      const button = page.getByRole("button", { name: "Sign Out" });
      await expect(button, path).toBeVisible();
      await expect(button, path).toBeInViewport();
    }
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/portal\?redirectTo=%2Fadmin/);
  });
});
