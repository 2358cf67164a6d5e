import { test, expect, connectTestDb, signInAs, fieldError } from "#tests/support/fixtures.ts";
import { PhonePreference } from "#app/models/phone-preference.server.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { User } from "#app/models/user.server.ts";
import { Session } from "#app/models/session.server.ts";
import { verifyPassword } from "#app/models/password.server.ts";
import { formatPhone } from "#app/domain/phone.ts";

test("profile: update own full name, display name and email @both", async ({ page, loginAs }) => {
  const user = await loginAs("parent");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  // Shown as Ghanaians write it (024 123 4567).
  await expect(page.getByText(formatPhone(user.phone))).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel("Email (optional)").fill("not-an-email");
  await page.getByLabel("Full name").fill("Adwoa Mensah");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(fieldError(page, "Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Adwoa Mensah");

  await page.getByLabel("Display name (optional)").fill("Adwoa");
  await page.getByLabel("Email (optional)").fill("adwoa@example.com");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toContainText("Profile updated successfully");
  await page.reload();
  await expect(page.getByLabel("Full name")).toHaveValue("Adwoa Mensah");
  await expect(page.getByLabel("Email (optional)")).toHaveValue("adwoa@example.com");
  await connectTestDb();
  const saved = await User.findById(user.id).lean();
  expect(saved).toMatchObject({ fullName: "Adwoa Mensah", displayName: "Adwoa", email: "adwoa@example.com" });
});

test("settings: change the password with the current one; other sessions are signed out", async ({
  page,
  loginAs,
  browser,
}) => {
  const user = await loginAs("student");
  // A second browser signed in as the same user.
  const other = await browser.newContext();
  await signInAs(other, user);

  await page.goto("/settings");
  await expectNoA11yViolations(page);
  await page.getByLabel("Current password").fill("wrong-password");
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("new-secret-1");
  await page.getByLabel("Confirm new password").fill("new-secret-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(fieldError(page, "Current password is incorrect")).toBeVisible();

  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("new-secret-1");
  await page.getByLabel("Confirm new password").fill("different");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(fieldError(page, "Passwords do not match")).toBeVisible();

  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("new-secret-1");
  await page.getByLabel("Confirm new password").fill("new-secret-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Password changed");

  // This browser stays signed in; the other one is signed out.
  expect((await page.goto("/dashboard"))?.url()).toMatch(/\/dashboard$/);
  const otherPage = await other.newPage();
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/portal/);
  await other.close();
  await connectTestDb();
  expect(await Session.countDocuments({ userId: user.id })).toBe(1);

  // The stored hash is the new password's.
  const stored = await User.findById(user.id).select("+passwordHash").lean<{ passwordHash: string }>();
  expect(await verifyPassword("new-secret-1", stored!.passwordHash)).toBe(true);
  expect(await verifyPassword(user.password, stored!.passwordHash)).toBe(false);
});

test("settings: a parent chooses Twi and stops announcements and summaries, keeping reports; the choices show again", async ({
  page,
  loginAs,
}) => {
  const user = await loginAs("parent");
  await page.goto("/settings");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Messages to your phone" }) });
  await expect(card.getByLabel("Language of SMS and USSD")).toHaveValue("en");
  // What Twi brings: the school's Twi texts counted, and this page said to stay in English.
  await expect(card.getByLabel("Language of SMS and USSD")).toHaveAccessibleDescription(
    /In Twi now: \d+ of \d+ USSD screens and \d+ of \d+ SMS\. This page stays in English\./,
  );
  const boxes = ["Announcements and reminders", "Weekly progress summaries", "End-of-vacation reports"];
  for (const name of boxes) await expect(card.getByRole("checkbox", { name })).toBeChecked();
  await card.getByLabel("Language of SMS and USSD").selectOption("tw");
  await card.getByRole("checkbox", { name: boxes[0] }).uncheck();
  await card.getByRole("checkbox", { name: boxes[1] }).uncheck();
  await card.getByRole("button", { name: "Save message choices" }).click();
  await expect(page.getByRole("status")).toContainText("Message choices saved");
  await expect(card.getByLabel("Language of SMS and USSD")).toHaveValue("tw");
  await expect(card.getByRole("checkbox", { name: boxes[0] })).not.toBeChecked();
  await expect(card.getByRole("checkbox", { name: boxes[1] })).not.toBeChecked();
  await expect(card.getByRole("checkbox", { name: boxes[2] })).toBeChecked();
  await connectTestDb();
  expect(await PhonePreference.findById(user.phone).lean()).toMatchObject({
    language: "tw",
    optedOut: true,
    summariesOff: true,
    reportsOff: false,
  });
});

test("settings: an account whose phone is not confirmed cannot choose for that number", async ({ page, loginAs }) => {
  const user = await loginAs("parent", { phoneVerified: false });
  await page.goto("/settings");
  await expect(page.getByText("Confirm your phone number with a code first")).toBeVisible();
  await expect(page.getByLabel("Language of SMS and USSD")).toHaveCount(0);
  const posted = await page.request.post("/settings", {
    form: { intent: "phone-preferences", language: "tw" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  await connectTestDb();
  expect(await PhonePreference.findById(user.phone).lean()).toBeNull();
});
