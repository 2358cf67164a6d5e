import mongoose from "mongoose";
import { test, expect } from "../support/fixtures.ts";
import { startApp, type RunningApp } from "../../scripts/bench/app.ts";

/**
 * The password settings are global, so this runs against a private app and
 * database: other tests' sign-ups keep the default rules meanwhile.
 */
let app: RunningApp;
let conn: mongoose.Connection;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startApp({ seed: false });
  conn = await mongoose.createConnection(app.mongodbUri).asPromise();
  await conn
    .collection("settings")
    .updateOne({ _id: "global" as never }, { $set: { minPasswordLength: 10, passwordRequirements: "strong" } }, { upsert: true });
});

test.afterAll(async () => {
  await conn?.close();
  await app?.stop();
});

test("sign-up applies the minimum length and requirements from the settings, naming the rule", async ({ page }) => {
  const phone = `024${String(Date.now()).slice(-7)}`;
  await page.goto(`${app.url}/portal?role=parent&mode=signup`);
  const form = page.locator("form#sign-up-parent");
  await expect(form).toContainText("At least 10 characters, with an upper-case letter, a lower-case letter, a digit and a symbol.");
  await form.getByLabel("Phone number").fill(phone);
  await form.getByLabel("Full name").fill("Rule Tester");
  await form.getByLabel(/^Email/).fill("rules@example.com");
  const attempt = async (password: string) => {
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel("Confirm password").fill(password);
    await form.getByRole("button", { name: "Sign Up" }).click();
  };
  await attempt("abcdefg1!");
  await expect(form.getByText("Password must be at least 10 characters long")).toBeVisible();
  await expect(form.getByLabel(/^Password/)).toHaveAttribute("aria-invalid", "true");
  await attempt("abcdefghij1!");
  await expect(form.getByText("Password must contain an upper-case letter")).toBeVisible();
  expect(await conn.collection("users").countDocuments({ fullName: "Rule Tester" })).toBe(0);
  await attempt("Abcdefghij1!");
  await expect(page.getByRole("status")).toContainText("Account created successfully");
  expect(await conn.collection("users").countDocuments({ fullName: "Rule Tester" })).toBe(1);
});
