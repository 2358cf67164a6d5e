import { readableReference } from "#app/domain/registration-reference.ts";
import type { Page } from "@playwright/test";
import { test, expect, connectTestDb, uniquePhone } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { REGISTRATION_FIELD_LABELS as L } from "#app/forms/registration.schema.ts";
import { Registration } from "#app/models/registration.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function fillForm(page: Page, wardName: string, parentPhone = uniquePhone()) {
  await page.getByRole("textbox", { name: L.parentName, exact: true }).fill("Abena Darko");
  await page.getByRole("textbox", { name: L.whatsappNumber, exact: true }).fill(parentPhone);
  await page.getByRole("textbox", { name: L.wardName, exact: true }).fill(wardName);
  await page.getByRole("textbox", { name: L.wardWhatsapp, exact: true }).fill(uniquePhone());
  await page.getByRole("textbox", { name: L.currentSchool, exact: true }).fill("Mfantsipim School");
  await page.getByRole("combobox", { name: L.wardForm, exact: true }).selectOption("form-3");
  await page.getByRole("textbox", { name: L.specificClass, exact: true }).fill("3B2");
  await page.getByRole("combobox", { name: L.programme, exact: true }).selectOption("business");
  if (!jsOn()) await page.getByRole("button", { name: "Show subjects" }).click();
  for (const s of [PROGRAMME_SUBJECTS.business[0], "Accounting"])
    await page.getByRole("checkbox", { name: s, exact: true }).check();
  await page.getByRole("checkbox", { name: "SMS", exact: true }).check();
  await page.getByRole("textbox", { name: L.referralName, exact: true }).fill("Mrs. Osei");
  await page.getByRole("combobox", { name: L.referralStatus, exact: true }).selectOption("parent");
}

test.describe("Register Student (admin)", () => {
  test("an admin registers a ward on behalf of a parent with the shared registration form", async ({
    page,
    loginAs,
  }) => {
    const admin = await loginAs("admin");
    await page.goto("/admin/register-student");
    await expect(page.getByRole("heading", { level: 1, name: "Register Student" })).toBeVisible();
    for (const section of [
      "Parent/Guardian Information",
      "Ward Information",
      "Academic Programme",
      "Communication Preferences",
      "Referral Information",
      "Feedback",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    await expectNoA11yViolations(page);
    const wardName = `Kojo ${uniquePhone()}`;
    const parentPhone = uniquePhone();
    await fillForm(page, wardName, parentPhone);
    await page.getByRole("button", { name: "Register Student (Admin)" }).click();
    await expect(page).toHaveURL(/\/admin\/register-student\?done=[a-z0-9]{12}$/);
    const toast = page.getByRole("status").filter({ hasText: "Registration Successful!" });
    await expect(toast).toContainText("Student registered successfully. Payment can be processed later.");
    await connectTestDb();
    const saved = await Registration.findOne({ wardName }).lean();
    // The parent's registration, entered by the admin: not owned by the admin's account.
    expect(saved).toMatchObject({
      adminRegistration: true,
      userId: null,
      enteredById: admin.id,
      programme: "business",
      subjectCount: 2,
      updateMode: ["sms"],
    });
    expect(
      await AuditLog.exists({ action: "registration.admin-create", actorId: admin.id, targetId: saved!._id }),
    ).toBeTruthy();

    // What to hand to the parent: ward, reference, confirmation link, a wa.me link carrying the reference.
    const panel = page.getByRole("region", { name: `${wardName} is registered for Business` });
    await expect(panel).toContainText(readableReference(saved!.reference));
    const confirmation = panel.getByRole("link", { name: new RegExp(`/registration/${saved!.reference}$`) });
    await expect(confirmation).toBeVisible();
    const wa = await panel.getByRole("link", { name: /Send to the parent on WhatsApp/ }).getAttribute("href");
    expect(wa).toMatch(new RegExp(`^https://wa\\.me/233${parentPhone.slice(1)}\\?text=`));
    expect(decodeURIComponent(wa!.split("text=")[1])).toContain(saved!.reference);
    await page.goto(new URL(String(await confirmation.getAttribute("href"))).pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Registration received" })).toBeVisible();
  });

  test("an empty submission lists the missing required fields and keeps the admin on the form", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    await page.goto("/admin/register-student");
    await page.getByRole("button", { name: "Register Student (Admin)" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Missing Required Fields" });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(L.parentName);
    await expect(page).toHaveURL(/\/admin\/register-student$/);
    await expectNoA11yViolations(page);
  });

  test("a non-admin posting a registration here is refused with Access Denied", async ({ page, loginAs }) => {
    await loginAs("parent");
    const before = await (
      await connectTestDb()
    ).connection
      .collection("registrations")
      .countDocuments({ parentName: "Sneaky Parent" });
    const response = await page.request.post("/admin/register-student", {
      form: { parentName: "Sneaky Parent", wardName: "Sneaky Ward", programme: "science" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("Only admins can register students on behalf of parents.");
    expect(await Registration.countDocuments({ parentName: "Sneaky Parent" })).toBe(before);
    // Opening the page as a non-admin goes home, as the admin guard does everywhere.
    await page.goto("/admin/register-student");
    await expect(page).toHaveURL(/\/$/);
  });
});
