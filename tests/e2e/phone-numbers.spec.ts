import type { Page } from "@playwright/test";
import { test, expect, createUser, connectTestDb, uniquePhone } from "#tests/support/fixtures.ts";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { INVALID_PHONE, REGISTRATION_FIELD_LABELS as L } from "#app/forms/registration.schema.ts";
import { Registration } from "#app/models/registration.server.ts";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\*)?$`));
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function register(page: Page, parentNumber: string, wardNumber: string, wardName: string) {
  await page.goto("/registration");
  await byLabel(page, L.parentName).fill("Abena Boateng");
  await byLabel(page, L.whatsappNumber).fill(parentNumber);
  await byLabel(page, L.wardName).fill(wardName);
  await byLabel(page, L.wardWhatsapp).fill(wardNumber);
  await byLabel(page, L.currentSchool).fill("Wesley Girls");
  await byLabel(page, L.wardForm).selectOption("form-1");
  await byLabel(page, L.specificClass).fill("1A");
  await byLabel(page, L.programme).selectOption("arts");
  if (!jsOn()) await page.getByRole("button", { name: "Show subjects" }).click();
  await page.getByRole("checkbox", { name: PROGRAMME_SUBJECTS.arts[0], exact: true }).check();
  await page.getByRole("checkbox", { name: "WhatsApp", exact: true }).check();
  await byLabel(page, L.referralName).fill("Mrs Asante");
  await byLabel(page, L.referralStatus).selectOption("teacher");
  await page.getByRole("button", { name: "Submit Registration" }).click();
}

test.describe("phone numbers", () => {
  test("every usual way of writing a Ghana number signs in to the same account", async ({ page }) => {
    const user = await createUser({ role: "parent" });
    const d = user.localPhone.slice(1); // 9 digits after the 0
    for (const written of [
      `+233 0${d}`,
      `00233 ${d.slice(0, 2)} ${d.slice(2)}`,
      `(0${d.slice(0, 2)}) ${d.slice(2, 5)}-${d.slice(5)}`,
      d,
    ]) {
      await page.context().clearCookies();
      await page.goto("/portal?role=parent");
      const form = page.locator("form#sign-in");
      await form.getByLabel("Phone number").fill(written);
      await form.getByLabel(/^Password/).fill(user.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await expect(page, written).toHaveURL(/\/parent-dashboard$/);
    }
  });

  test("a parent abroad keeps their country's number", async ({ page }) => {
    await connectTestDb();
    const ward = uniquePhone();
    const wardName = `Esi ${ward}`;
    await register(page, "+44 7911 123456", `+233 ${ward}`, wardName);
    await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/);
    const stored = await Registration.findOne({ wardName }).lean();
    expect(stored?.whatsappNumberNormalized).toBe("+447911123456");
    expect(stored?.wardWhatsappNormalized).toBe(`+233${ward.slice(1)}`);
  });

  test("numbers are shown as Ghanaians write them, others in international form", async ({ page, loginAs }) => {
    const ghana = await loginAs("parent");
    await page.goto("/profile");
    const l = ghana.localPhone;
    await expect(page.getByText(`${l.slice(0, 3)} ${l.slice(3, 6)} ${l.slice(6)}`, { exact: true })).toBeVisible();
    await page.context().clearCookies();
    const us = uniquePhone().slice(-4);
    await loginAs("parent", { phone: `+1 (202) 555-${us}` });
    await page.goto("/profile");
    await expect(page.getByText(`+1 202 555 ${us}`, { exact: true })).toBeVisible();
  });

  test("a number that is not a valid mobile number gets a field error and nothing is stored", async ({ page }) => {
    await connectTestDb();
    const wardName = `Kofi ${uniquePhone()}`;
    await register(page, "0241234567890", uniquePhone(), wardName);
    const field = byLabel(page, L.whatsappNumber);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(INVALID_PHONE, { exact: true })).toBeVisible();
    await expect(field).toHaveValue("0241234567890");
    expect(await Registration.countDocuments({ wardName })).toBe(0);
  });
});
