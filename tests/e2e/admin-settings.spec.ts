import { test, expect, setPermissions, connectTestDb, fieldError } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Settings } from "#app/models/settings.server.ts";
import { DEFAULT_SETTINGS } from "#app/domain/settings.ts";

/**
 * Settings are global and the js and no-js projects run side by side on one
 * database, so each saving test changes fields no other test touches, and the
 * enforced ones (maintenance, registration) are only ever saved unchanged.
 */
async function stored() {
  await connectTestDb();
  return { ...DEFAULT_SETTINGS, ...((await Settings.findById("global").lean()) ?? {}) };
}

test.describe("Settings", () => {
  test("four tabs are URLs; each shows its own fields", async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Settings sections" });
    await expect(tabs.getByRole("link")).toHaveText([
      "General",
      "Notifications",
      "Security",
      "Integrations",
      "Fees",
      "USSD & SMS",
      "Message wording",
    ]);
    await expect(tabs.getByRole("link", { name: "General" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Site name")).toBeVisible();
    await expect(page.getByLabel("Maintenance mode")).toBeVisible();
    await expectNoA11yViolations(page);

    await tabs.getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/notifications$/);
    await expect(page.getByLabel("WhatsApp notifications")).toBeVisible();
    await expect(page.getByLabel("Site name")).toHaveCount(0);
    await expectNoA11yViolations(page);

    await tabs.getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/security$/);
    await expect(page.getByLabel("Session timeout (minutes)")).toBeVisible();
    await expect(page.getByLabel("Max login attempts")).toBeVisible();
    await expectNoA11yViolations(page);

    await tabs.getByRole("link", { name: "Integrations" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/integrations$/);
    await expect(page.getByLabel("Email provider")).toBeVisible();
    await expect(page.getByLabel("Paystack secret key", { exact: true })).toHaveValue("");
    await expectNoA11yViolations(page);

    await tabs.getByRole("link", { name: "Message wording" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/wording$/);
    await expect(
      page.getByRole("form", { name: "SMS: Enrolment", exact: true }).getByLabel("Twi (blank: English)"),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    expect((await page.goto("/admin/settings/nonsense"))?.status()).toBe(404);
  });

  test("out-of-range security values are refused next to their fields, kept, and nothing is saved", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    const before = await stored();
    await page.goto("/admin/settings/security");
    await page.getByLabel("Session timeout (minutes)").fill("2");
    await page.getByLabel("Minimum password length").fill("100");
    await page.getByLabel("Max login attempts").fill("0");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(fieldError(page, "Session timeout must be at least 5")).toBeVisible();
    await expect(fieldError(page, "Minimum password length must be at most 64")).toBeVisible();
    await expect(fieldError(page, "Max login attempts must be at least 1")).toBeVisible();
    await expect(page.getByLabel("Session timeout (minutes)")).toHaveValue("2");
    await expect(page.getByLabel("Session timeout (minutes)")).toHaveAttribute("aria-invalid", "true");
    const after = await stored();
    expect([after.sessionTimeout, after.minPasswordLength, after.maxLoginAttempts]).toEqual([
      before.sessionTimeout,
      before.minPasswordLength,
      before.maxLoginAttempts,
    ]);

    const response = await page.request.post("/admin/settings/security", {
      headers: { Origin: E2E.baseURL },
      form: {
        sessionTimeout: "99999999",
        minPasswordLength: "8",
        maxLoginAttempts: "5",
        passwordRequirements: "standard",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });

  test("@js-only notifications and security save in the database; an unchecked box saves false", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    // The previous toast may still be showing: wait for the database, then for the page.
    const save = async () => {
      const dismiss = page.getByRole("button", { name: "Dismiss notification" });
      if (await dismiss.isVisible()) await dismiss.click();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByRole("status")).toContainText("Settings Saved");
    };
    // The demo's switches stay as they were at the end (SMS notifications: other tests read the messages they send).
    await page.goto("/admin/settings/notifications");
    await page.getByLabel("WhatsApp notifications").uncheck();
    await page.getByLabel("Assignment reminders").uncheck();
    await save();
    await expect(page).toHaveURL(/\/admin\/settings\/notifications$/);
    await expect
      .poll(async () => {
        const s = await stored();
        return [s.whatsappNotifications, s.assignmentReminders, s.smsNotifications];
      })
      .toEqual([false, false, true]);
    await page.reload();
    await expect(page.getByLabel("WhatsApp notifications")).not.toBeChecked();
    await expect(page.getByLabel("Assignment reminders")).not.toBeChecked();
    await expect(page.getByLabel("SMS notifications")).toBeChecked();

    await page.getByLabel("WhatsApp notifications").check();
    await page.getByLabel("Assignment reminders").check();
    await save();
    await expect
      .poll(async () => {
        const s = await stored();
        return [s.whatsappNotifications, s.assignmentReminders];
      })
      .toEqual([true, true]);

    await page.goto("/admin/settings/security");
    await page.getByLabel("Session timeout (minutes)").fill("90");
    await save();
    await expect.poll(async () => (await stored()).sessionTimeout).toBe(90);
    await page.getByLabel("Session timeout (minutes)").fill(String(DEFAULT_SETTINGS.sessionTimeout));
    await save();
    await expect.poll(async () => (await stored()).sessionTimeout).toBe(DEFAULT_SETTINGS.sessionTimeout);
  });

  test("@no-js-only general saves its own fields only; the secret keys are never shown back in full", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    const description = `Holiday classes ${Date.now()}`;
    await page.goto("/admin/settings");
    await expect(page.getByLabel("Registration enabled")).toBeChecked();
    await expect(page.getByLabel("Maintenance mode")).not.toBeChecked();
    await page.getByLabel("Site description").fill(description);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status")).toContainText("Settings Saved");
    let saved = await stored();
    expect(saved).toMatchObject({ siteDescription: description, registrationEnabled: true, maintenanceMode: false });
    await expect(page.getByLabel("Site description")).toHaveValue(description);

    const key = `sk_test_${Date.now()}WXYZ`;
    await page.goto("/admin/settings/integrations");
    const smsKey = `atsk_${Date.now()}ABCD`;
    await page.getByLabel("Paystack secret key", { exact: true }).fill(key);
    await page.getByLabel("SMS API key", { exact: true }).fill(smsKey);
    await page.getByLabel("SMS sender id").fill("VacClasses");
    await page.getByLabel("Email provider").selectOption("smtp");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status")).toContainText("Settings Saved");
    saved = await stored();
    expect([saved.paystackSecretKey, saved.emailProvider, saved.smsApiKey, saved.smsSenderId]).toEqual([
      key,
      "smtp",
      smsKey,
      "VacClasses",
    ]);
    await expect(page.getByText("A key is saved (••••WXYZ). Leave blank to keep it.")).toBeVisible();
    await expect(page.getByText("A key is saved (••••ABCD). Leave blank to keep it.")).toBeVisible();
    await expect(page.getByLabel("Paystack secret key", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("SMS API key", { exact: true })).toHaveValue("");
    expect(await page.content()).not.toContain(key);
    expect(await page.content()).not.toContain(smsKey);
    await expectNoA11yViolations(page);

    // Blank keeps the key; the remove box clears it.
    await page.getByLabel("Email provider").selectOption("built-in");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status")).toContainText("Settings Saved");
    saved = await stored();
    expect([saved.paystackSecretKey, saved.emailProvider, saved.smsApiKey]).toEqual([key, "built-in", smsKey]);
    await page.getByLabel("Remove the saved Paystack secret key").check();
    await page.getByLabel("Remove the saved SMS API key").check();
    await page.getByLabel("SMS sender id").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status")).toContainText("Settings Saved");
    saved = await stored();
    expect([saved.paystackSecretKey, saved.smsApiKey, saved.smsSenderId]).toEqual(["", "", ""]);
    await expect(page.getByText("No key saved.")).toHaveCount(2);
  });

  test("an admin without can_edit_settings is refused on every tab and every save", async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    await setPermissions(admin.id, { can_edit_settings: false });
    for (const path of ["/admin/settings", "/admin/settings/security", "/admin/settings/integrations"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    }
    await expectNoA11yViolations(page);
    const before = await stored();
    const post = await page.request.post("/admin/settings", {
      headers: { Origin: E2E.baseURL },
      form: { siteName: "Hijacked", adminEmail: "x@example.com", maintenanceMode: "on" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    const after = await stored();
    expect([after.siteName, after.maintenanceMode]).toEqual([before.siteName, before.maintenanceMode]);
  });

  test("switches and providers that nothing uses yet are marked as not connected; the ones the portal honours say what they do", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    await page.goto("/admin/settings/notifications");
    for (const label of ["WhatsApp notifications", "Assignment reminders"]) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(/^Not connected/);
    }
    await expect(page.getByLabel("SMS notifications")).toHaveAccessibleDescription(/Parents get an SMS when a ward/);
    await expect(page.getByLabel("Payment notifications")).toHaveAccessibleDescription(/payment is confirmed/);
    await page.goto("/admin/settings/security");
    await expect(page.getByLabel("Password requirements")).toHaveAccessibleDescription(
      /Strong: upper case, lower case, a digit and a symbol/,
    );
  });
});
