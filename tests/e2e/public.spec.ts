import { test, expect } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { PROGRAMME_LABELS, PROGRAMME_SUBJECTS, PROGRAMMES } from "#app/domain/programmes.ts";
import { DEFAULT_CONTACTS } from "#app/domain/school.ts";

const { email: CONTACT_EMAIL, hours: SUPPORT_HOURS, phones: SUPPORT_PHONES } = DEFAULT_CONTACTS;

const NAV = ["Home", "Programmes", "Benefits", "Registration", "Fees", "Timetable", "FAQ"];

test("the landing page says what the school is and has every section", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Online vacation classes for Forms 1–3, on WhatsApp class pages",
  );
  await expect(page.getByRole("region", { name: "Announcement" })).toContainText("Registration is still open.");
  for (const [id, name] of [
    ["programmes", "Programmes"],
    ["benefits", "Benefits"],
    ["fees-payment", "Fees and payment"],
    ["timetable", "Timetable"],
    ["faq", "Frequently asked questions"],
  ]) {
    await expect(page.locator(`#${id}`).getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const programmes = page.locator("#programmes");
  for (const p of PROGRAMMES) {
    const card = programmes.locator(`#programme-${p}`);
    await expect(card.getByRole("heading", { name: PROGRAMME_LABELS[p] })).toBeVisible();
    await expect(card).toContainText(`${PROGRAMME_SUBJECTS[p].length} subjects`);
    await expect(card).toContainText(PROGRAMME_SUBJECTS[p].at(-1)!);
  }
  await expect(page.locator("#fees-payment")).toContainText("Mobile Money");
  await expect(page.locator("#timetable")).toContainText("between 8:00 AM and 4:00 PM");
  await expect(page.locator("main")).toContainText(SUPPORT_HOURS);
  await expect(page.locator("main").getByRole("link", { name: SUPPORT_PHONES[0].display }).first()).toHaveAttribute(
    "href",
    `tel:${SUPPORT_PHONES[0].tel}`,
  );

  // Calls to action lead to the form.
  await page.locator("main").getByRole("link", { name: "Enrol Now", exact: true }).first().click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole("heading", { level: 1, name: "Enrol your ward" })).toBeVisible();
});

test("FAQ answers open with the native disclosure, without JavaScript", async ({ page }) => {
  await page.goto("/");
  const question = page.locator("#faq details").first();
  await expect(question.locator("p")).toBeHidden();
  await question.locator("summary").click();
  await expect(question.locator("p")).toBeVisible();
});

test("the landing page has link-card tags, a favicon and passes axe", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Vacation Classes/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /WhatsApp/);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/^https?:\/\/.+\/og-image\.png$/);
  const imageResponse = await page.request.get(new URL(image!).pathname);
  expect(imageResponse.status()).toBe(200);
  expect(imageResponse.headers()["content-type"]).toContain("image/png");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  expect((await page.request.get("/favicon.svg")).status()).toBe(200);
  await expectNoA11yViolations(page);
});

test("the header links to the landing sections, in-page on / and via /#anchor elsewhere", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of NAV) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Programmes" })).toHaveAttribute("href", "#programmes");
  await expect(nav.getByRole("link", { name: "Fees" })).toHaveAttribute("href", "#fees-payment");
  await expect(nav.getByRole("link", { name: "Registration" })).toHaveAttribute("href", "/registration");
  // Anchors land 100 px below the top (CSS scroll-margin, no script needed).
  expect(await page.locator("#faq").evaluate((el) => getComputedStyle(el).scrollMarginTop)).toBe("100px");

  await page.goto("/privacy-policy");
  await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/#faq");
  await nav.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expect(page.locator("#faq")).toBeInViewport();
});

test("anonymous visitors see Sign In and Enrol Now in the header", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/portal");
  await expect(header.getByRole("link", { name: "Enrol Now" })).toHaveAttribute("href", "/registration");
  await expect(header.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
});

test("signed-in visitors see Dashboard and Sign Out, and signing out returns home", async ({ page, loginAs }) => {
  await loginAs("parent");
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await header.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toContainText("Signed out successfully");
  await expect(page.locator("header").first().getByRole("link", { name: "Sign In" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });
  test("the menu opens without JavaScript and lists every link @both", async ({ page }) => {
    await page.goto("/registration");
    const header = page.locator("header").first();
    await expect(header.getByRole("link", { name: "Benefits" })).toBeHidden();
    await header.getByText("Menu", { exact: true }).click();
    const nav = header.getByRole("navigation", { name: "Main" });
    for (const name of NAV) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Enrol Now" })).toBeVisible();
    await nav.getByRole("link", { name: "Benefits" }).click();
    await expect(page).toHaveURL(/\/#benefits$/);
  });
});

test("@js-only the header gains a shadow after scrolling and a back-to-top button appears after 300 px", async ({
  page,
}) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await expect(page.getByRole("button", { name: "Back to top" })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect(page.getByRole("button", { name: "Back to top" })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 800));
  await page.getByRole("button", { name: "Back to top" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the footer has quick links, the programmes, legal pages, contact and the current year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(
    footer.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "FAQ" }),
  ).toHaveAttribute("href", "/#faq");
  for (const p of PROGRAMMES)
    await expect(footer.getByRole("link", { name: PROGRAMME_LABELS[p], exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
  for (const phone of SUPPORT_PHONES)
    await expect(footer.getByRole("link", { name: phone.display })).toHaveAttribute("href", `tel:${phone.tel}`);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  // The new page is on screen (with JavaScript the URL changes before the page is committed; a click in between can
  // land on the footer being replaced).
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
});

test("the privacy policy explains what is collected, who sees it, how long it is kept and how to correct or delete it", async ({
  page,
}) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  for (const name of [
    "What we collect",
    "Why we collect it",
    "Who can see it",
    "How long we keep it",
    "Correcting or deleting your information",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.locator("main")).toContainText("WhatsApp number");
  await expect(page.locator("main").getByRole("link", { name: CONTACT_EMAIL })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the terms of service cover registration, fees, class page behaviour and accounts", async ({ page }) => {
  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  for (const name of ["Who can register", "Fees and payment", "Behaviour in class pages and groups", "Accounts"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expectNoA11yViolations(page);
});

test("/payment-success with no payment says so, and gives next steps", async ({ page }) => {
  await page.goto("/payment-success");
  await expect(page.getByRole("heading", { level: 1, name: "No payment to show" })).toBeVisible();
  await expect(page.getByText("We have received your payment details")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Next steps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "student portal" })).toHaveAttribute("href", "/portal?role=student");
  await expectNoA11yViolations(page);
});

test("/registration passes axe", async ({ page }) => {
  await page.goto("/registration");
  await expect(page.getByRole("heading", { level: 2, name: "Parent/Guardian Information" })).toBeVisible();
  for (const name of [
    "Ward Information",
    "Academic Programme",
    "Communication Preferences",
    "Referral Information",
    "Feedback",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expectNoA11yViolations(page);
});
