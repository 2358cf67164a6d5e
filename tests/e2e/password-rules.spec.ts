import mongoose from "mongoose";
import { test, expect, fieldError } from "#tests/support/fixtures.ts";
import { startApp, type RunningApp } from "../../scripts/bench/app.ts";
import { TEST_SHEDDING } from "#tests/support/isolated-app.ts";

/**
 * The password settings are global, so this runs against a private app and
 * database: other tests' sign-ups keep the default rules meanwhile.
 */
let app: RunningApp;
let conn: mongoose.Connection;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startApp({ seed: false, env: TEST_SHEDDING });
  conn = await mongoose.createConnection(app.mongodbUri).asPromise();
  await conn
    .collection("settings")
    .updateOne(
      { _id: "global" as never },
      { $set: { minPasswordLength: 10, passwordRequirements: "strong" } },
      { upsert: true },
    );
});

test.afterAll(async () => {
  await conn?.close();
  await app?.stop();
});

test("sign-up applies the minimum length and requirements from the settings, naming the rule", async ({ page }) => {
  const phone = `024${String(Date.now()).slice(-7)}`;
  await page.goto(`${app.url}/portal?role=parent&mode=signup`);
  const form = page.locator("form#sign-up-parent");
  await expect(form).toContainText(
    "At least 10 characters, with an upper-case letter, a lower-case letter, a digit and a symbol.",
  );
  await form.getByLabel("Phone number").fill(phone);
  await form.getByLabel("Full name").fill("Rule Tester");
  await form.getByLabel(/^Email/).fill("rules@example.com");
  const attempt = async (password: string) => {
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel("Confirm password").fill(password);
    await form.getByRole("button", { name: "Sign Up" }).click();
  };
  await attempt("abcdefg1!");
  await expect(fieldError(form, "Password must be at least 10 characters long")).toBeVisible();
  await expect(form.getByLabel(/^Password/)).toHaveAttribute("aria-invalid", "true");
  await attempt("abcdefghij1!");
  await expect(fieldError(form, "Password must contain an upper-case letter")).toBeVisible();
  expect(await conn.collection("users").countDocuments({ fullName: "Rule Tester" })).toBe(0);
  await attempt("Abcdefghij1!");
  await expect(page.getByRole("status").filter({ hasText: "Account created successfully!" }).first()).toBeVisible();
  expect(await conn.collection("users").countDocuments({ fullName: "Rule Tester" })).toBe(1);
});

test("changing a password in Settings applies the same rule and names it by the field", async ({ page }) => {
  const phone = `020${String(Date.now()).slice(-7)}`;
  const password = "Firstpass1!xy";
  // An account made under the rule, through the sign-up form.
  await page.goto(`${app.url}/portal?role=parent&mode=signup`);
  const signUp = page.locator("form#sign-up-parent");
  await signUp.getByLabel("Phone number").fill(phone);
  await signUp.getByLabel("Full name").fill("Rule Changer");
  await signUp.getByLabel(/^Email/).fill("changer@example.com");
  await signUp.getByLabel(/^Password/).fill(password);
  await signUp.getByLabel("Confirm password").fill(password);
  await signUp.getByRole("button", { name: "Sign Up" }).click();
  // Signed in at once.
  await expect(page.getByRole("status").filter({ hasText: "Account created successfully!" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/parent-dashboard$/);

  await page.goto(`${app.url}/settings`);
  await expect(page.getByRole("main")).toContainText(
    "At least 10 characters, with an upper-case letter, a lower-case letter, a digit and a symbol.",
  );
  const change = async (next: string) => {
    await page.getByLabel("Current password").fill(password);
    await page.getByRole("textbox", { name: "New password", exact: true }).fill(next);
    await page.getByLabel("Confirm new password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
  };
  await change("short1!A");
  await expect(fieldError(page, "Password must be at least 10 characters long")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New password", exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await change("Secondpass2!z");
  await expect(page.getByRole("status")).toContainText("Password changed");
});
