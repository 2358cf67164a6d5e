/**
 * "Forgot password" with a code sent by SMS (docs/decisions/0078): the code is read where the demo reads it, in the
 * outbox the built-in test provider keeps; a wrong code is an error by its field; the right one sets the new
 * password, ends every other session and the person signs in with it. A number without an account gets the same
 * answer, and no SMS.
 */
import type { Page } from "@playwright/test";
import { test, expect, createUser, signInAs, uniquePhone, connectTestDb } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";

async function askForCode(page: Page, phone: string) {
  await page.goto("/portal?role=parent");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter the code" })).toBeVisible();
}

async function codeSentTo(phone: string): Promise<string> {
  await connectTestDb();
  let text = "";
  await expect
    .poll(async () => {
      const row = await Outbox.findOne({ to: normalizePhone(phone), template: "code:password-reset" })
        .sort({ createdAt: -1 })
        .lean();
      text = row?.text ?? "";
      return text;
    })
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(text)![1];
}

test("a parent who forgot the password sets a new one with the code sent by SMS, and signs in with it", async ({
  page,
  browser,
}) => {
  const parent = await createUser({ role: "parent" });
  const elsewhere = await browser.newContext();
  await signInAs(elsewhere, parent);

  await askForCode(page, parent.localPhone);
  await expectNoA11yViolations(page);
  const code = await codeSentTo(parent.localPhone);
  const wrong = code === "000000" ? "111111" : "000000";

  await page.getByLabel("Code from the SMS").fill(wrong);
  await page.getByLabel(/^New password/).fill("a-new-password-42");
  await page.getByLabel("Confirm new password").fill("a-new-password-42");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByLabel("Code from the SMS")).toHaveAccessibleDescription(/The code is not right/);
  await expect(page.getByLabel("Code from the SMS")).toHaveValue(wrong);

  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByLabel(/^New password/).fill("a-new-password-42");
  await page.getByLabel("Confirm new password").fill("a-new-password-42");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Password updated");

  const form = page.locator("form#sign-in");
  await form.getByLabel("Phone number").fill(parent.localPhone);
  await form.getByLabel(/^Password/).fill("a-new-password-42");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/parent-dashboard/);

  // The session signed in before the reset has ended.
  const other = await elsewhere.newPage();
  await other.goto("/parent-dashboard");
  await expect(other).toHaveURL(/\/portal/);
  await elsewhere.close();
});

test("@js-only a number without an account gets the same answer and no SMS", async ({ page }) => {
  const phone = uniquePhone();
  await askForCode(page, phone);
  await expect(page.getByText(/If .* has an account, an SMS with a 6-digit code is on its way/)).toBeVisible();
  await connectTestDb();
  expect(await Outbox.countDocuments({ to: normalizePhone(phone) })).toBe(0);
});
