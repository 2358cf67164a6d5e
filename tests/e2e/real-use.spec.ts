import {
  test,
  expect,
  createRegistration,
  connectTestDb,
  fieldError,
  signInAs,
  type TestUser,
} from "#tests/support/fixtures.ts";
import { User } from "#app/models/user.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { SETTINGS_SAVED } from "#app/domain/messages.ts";

/** What a parent, a ward and an admin met on an ordinary day, JavaScript off and on. */

test("the confirmation page links Link a registration and says what the ward does; the student portal always offers it", async ({
  page,
  loginAs,
}) => {
  const ward = await createRegistration();
  await page.goto(`/registration/${ward.reference}`);
  const next = page.getByRole("region", { name: "What happens next" });
  await expect(next).toContainText("creates a student account with their WhatsApp number");
  await expect(next).toContainText("confirms that number with the code we text to it");
  await expect(next.getByRole("link", { name: "Link a registration" })).toHaveAttribute("href", "/link-registration");

  // A student with no registration yet, and one with one: both are offered linking.
  await loginAs("student");
  await page.goto("/student-dashboard");
  await expect(page.getByText("confirm your phone with a code we text to it")).toBeVisible();
  await expect(page.getByRole("link", { name: "Link the registration" })).toHaveAttribute("href", "/link-registration");
  await page.context().clearCookies();
  const student = await loginAs("student");
  await createRegistration({ wardWhatsapp: student.localPhone });
  await page.goto("/student-dashboard");
  await expect(page.getByText(/You are enrolled in/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Link a registration" })).toHaveAttribute("href", "/link-registration");
});

test("wording: no placeholder social links, no stray possessive, a spaced download link, a closed form 'Answered'", async ({
  page,
}) => {
  await page.goto("/terms-of-service");
  await expect(page.getByText("Vacation Classes's")).toHaveCount(0);

  // The demo parent: a published timetable and the demo's closed evaluation, answered while it was open.
  await connectTestDb();
  const demo = await User.findOne({ phone: normalizePhone("0244000003") }).lean();
  await signInAs(page.context(), { id: demo!._id } as TestUser);
  await page.goto("/dashboard/evaluations");
  const closed = page.getByRole("listitem").filter({ hasText: "First week: how did it go?" });
  await expect(closed).toContainText(/Answered \d/);
  await expect(closed).not.toContainText("last saved");
});

// One project only: the footer is the same for every test while it runs.
test("the footer's social links wait for the school's own pages; a front page is refused @no-js-only", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Follow us" })).toHaveCount(0);
  await expect(page.locator('a[href*="facebook.com"]')).toHaveCount(0);
  await loginAs("admin");
  await page.goto("/admin/settings");
  await page.getByLabel("Facebook page").fill("https://www.facebook.com/");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(fieldError(page, "Enter the school's page on facebook.com")).toBeVisible();
  await page.getByLabel("Facebook page").fill("https://www.facebook.com/vacationclassesgh");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText(SETTINGS_SAVED)).toBeVisible();
  try {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Follow us" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute(
      "href",
      "https://www.facebook.com/vacationclassesgh",
    );
    await expect(footer.getByRole("link", { name: "Instagram" })).toHaveCount(0);
  } finally {
    await page.goto("/admin/settings");
    await page.getByLabel("Facebook page").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText(SETTINGS_SAVED)).toBeVisible();
  }
});

test("the admin finds a registration by a name's start, the digits a parent reads out, its reference or its subject", async ({
  page,
  loginAs,
}) => {
  // A surname no other test uses (letters only: names are matched by their start).
  const surname = `Q${Array.from({ length: 7 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("")}`;
  const ward = await createRegistration({ wardName: `Kwesi ${surname}`, parentName: `Ama ${surname}` });
  const digits = normalizePhone(ward.whatsappNumber).slice(-7);
  await loginAs("admin");
  const search = async (q: string) => {
    await page.goto("/admin/registrations");
    await page.getByLabel("Search registrations").fill(q);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    return page.getByRole("row").filter({ hasText: `Kwesi ${surname}` });
  };
  await expect(await search(`Kwes ${surname.slice(0, 4)}`)).toHaveCount(1);
  await expect(await search(`${digits.slice(0, 3)} ${digits.slice(3)}`)).toHaveCount(1);
  await expect(await search(ward.reference.toUpperCase())).toHaveCount(1);
  await expect(await search(`PHYS ${surname.slice(0, 5).toLowerCase()}`)).toHaveCount(1);
  await expect(await search(`General Science ${surname}`)).toHaveCount(1);
  await expect(await search(`Arts ${surname}`), "every word must match").toHaveCount(0);
});

test.describe("1280 px: every admin action on screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a registration's payment actions, the registrations list's dates and the view list's columns", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    await connectTestDb();
    const demo = await Registration.findOne({ reference: "demoyawowusu" }).lean();
    await page.goto(`/admin/registrations/${demo!._id}`);
    // Confirm, Reject (with its reason) and Void, whole and on screen; the payments table does not scroll.
    const payments = page.getByRole("region", { name: "Payments", exact: true });
    expect(await payments.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const name of [/^Confirm payment/, /^Reject$/, /^Void$/]) {
      const button = page.getByRole("button", { name }).first();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await expect(page.getByLabel(/^Reason for rejecting/).first()).toBeInViewport({ ratio: 1 });

    await page.goto("/admin/registrations");
    const table = page.getByRole("region", { name: "Registrations table (scrolls sideways)" });
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth), "all columns and Delete fit").toBe(true);
    await expect(table.getByRole("cell", { name: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();

    // The view list has too many columns for any screen: it shows that it scrolls and keeps the date put.
    await page.goto("/registration-view-list");
    const list = page.getByRole("region").filter({ has: page.getByRole("columnheader", { name: "Date Registered" }) });
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await list.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("gradient");
    const first = list.getByRole("columnheader", { name: "Date Registered" });
    const x = (await first.boundingBox())!.x;
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const last = list.getByRole("columnheader").last();
    await expect(last).toBeInViewport({ ratio: 0.95 });
    expect(Math.abs((await first.boundingBox())!.x - x)).toBeLessThan(1);
  });
});

test("the admin finds the demo family by the end of a number, a school's start and the README's name", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  for (const [q, ward] of [
    ["0003", "Yaw Owusu"],
    ["Achimota Sch", "Yaw Owusu"],
    ["Kwam", "Abena Asante"],
  ] as const) {
    await page.goto(`/admin/registrations?q=${encodeURIComponent(q)}`);
    await expect(page.getByRole("table").getByRole("link", { name: ward, exact: true }), q).toBeVisible();
  }
});

test("Payment History on a 360 px phone shows each payment's state and receipt without scrolling sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await connectTestDb();
  const demo = await User.findOne({ phone: normalizePhone("0244000003") }).lean();
  await signInAs(page.context(), { id: demo!._id } as TestUser);
  await page.goto("/dashboard/payments");
  const table = page.getByRole("table", { name: "Payments" });
  for (const header of ["State", "Receipt"]) {
    const box = (await table.getByRole("columnheader", { name: header }).boundingBox())!;
    expect(box.x + box.width, header).toBeLessThanOrEqual(360);
  }
  // The demo's confirmed payment: its receipt link on screen.
  const receipt = table.getByRole("link", { name: /VC-/ }).first();
  const box = (await receipt.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});
