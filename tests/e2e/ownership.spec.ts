/**
 * Proof of ownership (docs/decisions/0017-proof-of-ownership.md): signing up with someone else's phone number
 * reveals nothing of the registrations that carry it; the reference plus the claim code from the confirmation page
 * links a registration to the account.
 */
import type { Page } from "@playwright/test";
import { test, expect, createRegistration, uniquePhone, connectTestDb } from "../support/fixtures.ts";
import { expectNoA11yViolations } from "../support/axe.ts";
import { Registration } from "../../app/models/registration.server.ts";

async function signUpAndSignIn(page: Page, role: "parent" | "student", phone: string) {
  const password = "good-pass-42";
  await page.goto(`/portal?role=${role}&mode=signup`);
  const form = page.locator(`form#sign-up-${role}`);
  await form.getByLabel("Phone number").fill(phone);
  await form.getByLabel("Full name").fill(`Someone Else ${phone.slice(-4)}`);
  await form.getByLabel(/^Email/).fill(`${role}.${phone}@example.com`);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByLabel("Confirm password").fill(password);
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("status")).toContainText("Account created successfully!");
  const signIn = page.locator("form#sign-in");
  await signIn.getByLabel("Phone number").fill(phone);
  await signIn.getByLabel(/^Password/).fill(password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(role === "parent" ? "/parent-dashboard" : "/student-dashboard");
}

test("signing up with someone else's phone reveals nothing; reference + claim code links the registration", async ({ page, browser }) => {
  const parentPhone = uniquePhone();
  const wardPhone = uniquePhone();
  const registration = await createRegistration({ whatsappNumber: parentPhone, wardWhatsapp: wardPhone, wardName: `Owned Ward ${wardPhone}`, parentName: "Real Parent" });
  const secrets = [registration.wardName, registration.reference, "Real Parent", "Test School"];

  // A stranger signs up as the parent with the parent's number: the portal shows none of it.
  await signUpAndSignIn(page, "parent", parentPhone);
  await expect(page.getByText("No registration is linked to your account or phone number yet.")).toBeVisible();
  for (const secret of secrets) expect(await page.content(), secret).not.toContain(secret);
  for (const url of ["/parent-dashboard.data", "/dashboard/whatsapp"]) {
    const body = await (await page.request.get(url)).text();
    for (const secret of secrets) expect(body, `${url}: ${secret}`).not.toContain(secret);
  }

  // A stranger signs up as the student with the ward's number: no subjects, no schedule.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  await signUpAndSignIn(studentPage, "student", wardPhone);
  for (const secret of secrets) expect(await studentPage.content(), secret).not.toContain(secret);
  expect((await studentPage.request.get("/student-dashboard/schedule.pdf")).status()).toBe(404);
  await studentContext.close();

  // A wrong claim code links nothing (and says so by the form); the right one links it.
  await page.goto("/link-registration");
  await expectNoA11yViolations(page);
  await page.getByLabel("Registration reference").fill(registration.reference);
  await page.getByLabel("Claim code").fill("AAAA-AAAA");
  await page.getByRole("button", { name: "Link registration" }).click();
  await expect(page.getByRole("alert")).toContainText("No registration matches this reference and claim code");
  await connectTestDb();
  expect((await Registration.findById(registration._id).lean())!.parentUserId).toBeNull();

  await page.getByLabel("Registration reference").fill(registration.reference);
  await page.getByLabel("Claim code").fill(String(registration.claimCode).toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Link registration" }).click();
  await expect(page).toHaveURL("/parent-dashboard");
  await expect(page.getByText(registration.wardName)).toBeVisible();
});

test("the confirmation page shows the claim code next to the reference", async ({ page }) => {
  const registration = await createRegistration();
  await page.goto(`/registration/${registration.reference}`);
  await expect(page.getByText(`Claim code: ${registration.claimCode}`)).toBeVisible();
});
