/**
 * Proof of ownership (docs/decisions/0017-proof-of-ownership.md): signing up with someone else's phone number
 * reveals nothing of the registrations that carry it; the reference plus the claim code from the confirmation page
 * links a registration to the account. The claim code is shown only to the browser that submitted the registration
 * (docs/decisions/0070-limits-and-ownership.md).
 */
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  createRegistration,
  createUser,
  signInAs,
  uniquePhone,
  connectTestDb,
  enrolmentForm,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { Subject } from "#app/models/subject.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";

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
  // Signed in at once (a parent whose number a registration gives is taken to confirm it first).
  await expect(page.getByRole("status").filter({ hasText: "Account created successfully!" }).first()).toBeVisible();
  await page.goto(role === "parent" ? "/parent-dashboard" : "/student-dashboard");
  await expect(page).toHaveURL(role === "parent" ? "/parent-dashboard" : "/student-dashboard");
}

test("signing up with someone else's phone reveals nothing; reference + claim code links the registration", async ({
  page,
  browser,
}) => {
  const parentPhone = uniquePhone();
  const wardPhone = uniquePhone();
  const registration = await createRegistration({
    whatsappNumber: parentPhone,
    wardWhatsapp: wardPhone,
    wardName: `Owned Ward ${wardPhone}`,
    parentName: "Real Parent",
  });
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

  // As a phone keyboard types it: a capital first letter, a space where it was read out in two.
  const typed = `${registration.reference[0].toUpperCase()}${registration.reference.slice(1, 6)} ${registration.reference.slice(6)}`;
  await expect(page.getByLabel("Registration reference")).toHaveAttribute("autocapitalize", "none");
  await page.getByLabel("Registration reference").fill(typed);
  await page.getByLabel("Claim code").fill(String(registration.claimCode).toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Link registration" }).click();
  await expect(page).toHaveURL("/parent-dashboard");
  await expect(page.getByRole("heading", { name: registration.wardName })).toBeVisible();
});

test("a parent whose phone is the registration's WhatsApp number links it by confirming the phone with an SMS code", async ({
  page,
}) => {
  const parentPhone = uniquePhone();
  const registration = await createRegistration({
    whatsappNumber: parentPhone,
    wardName: `Phone Ward ${parentPhone}`,
    parentName: "Phone Parent",
  });
  await signUpAndSignIn(page, "parent", parentPhone);
  await expect(page.getByText(registration.wardName)).toHaveCount(0);

  await page.goto("/link-registration");
  await page.getByRole("button", { name: /^Send a code to / }).click();
  await expect(page.getByLabel("Code from the SMS")).toBeVisible();
  await expectNoA11yViolations(page);
  // Off to the SMS app and back: the code box is still there while the code is valid, with "Send a new code" beside it.
  await page.goto("/parent-dashboard");
  await page.goto("/link-registration");
  await expect(page.getByLabel("Code from the SMS")).toBeVisible();
  await expect(page.getByText(/The code we sent works until \d{2}:\d{2}\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new code" })).toBeVisible();
  await connectTestDb();
  const sms = await Outbox.findOne({ to: normalizePhone(parentPhone), template: "code:verify-phone" })
    .sort({ createdAt: -1 })
    .lean();
  const code = /\b(\d{6})\b/.exec(sms?.text ?? "")![1];
  await page.getByLabel("Code from the SMS").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm my phone" }).click();
  await expect(page.getByLabel("Code from the SMS")).toHaveAccessibleDescription(/The code is not right/);
  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByRole("button", { name: "Confirm my phone" }).click();
  await expect(page).toHaveURL("/parent-dashboard");
  await expect(page.getByText(registration.wardName).first()).toBeVisible();
});

test("a parent signs up without an e-mail, is signed in at once, and confirms the number a registration gives to see the ward", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const parentPhone = uniquePhone();
  const registration = await createRegistration({
    whatsappNumber: parentPhone,
    wardName: `Sign-up Ward ${parentPhone}`,
    parentName: "New Parent",
  });
  await page.goto("/portal?role=parent&mode=signup");
  const form = page.locator("form#sign-up-parent");
  // Many parents have no e-mail address: the box says it may stay empty.
  await expect(form.getByLabel("Email (optional)")).not.toHaveAttribute("required", /.*/);
  await form.getByLabel("Phone number").fill(parentPhone);
  await form.getByLabel("Full name").fill("New Parent");
  await form.getByLabel(/^Password/).fill("good-pass-42");
  await form.getByLabel("Confirm password").fill("good-pass-42");
  await form.getByRole("button", { name: "Sign Up" }).click();

  // Signed in, and taken to confirm the number the registration gives: one code by SMS, and the ward is there.
  await expect(page).toHaveURL("/link-registration");
  await expect(page.getByText("Confirm your number to see your ward.")).toBeVisible();
  await connectTestDb();
  expect((await User.findOne({ phone: normalizePhone(parentPhone) }).lean())?.email ?? null).toBeNull();
  await page.getByRole("button", { name: /^Send a code to / }).click();
  await expect(page.getByLabel("Code from the SMS")).toBeVisible();
  const sms = await Outbox.findOne({ to: normalizePhone(parentPhone), template: "code:verify-phone" })
    .sort({ createdAt: -1 })
    .lean();
  await page.getByLabel("Code from the SMS").fill(/\b(\d{6})\b/.exec(sms?.text ?? "")![1]);
  await page.getByRole("button", { name: "Confirm my phone" }).click();
  await expect(page).toHaveURL("/parent-dashboard");
  await expect(page.getByText(registration.wardName).first()).toBeVisible();
});

test("a reference a facilitator sees cannot claim the registration; the submitting browser keeps the code @js-only", async ({
  page,
  browser,
}) => {
  // The family enrols (anonymously) and lands on the confirmation page: the claim code is there, in this browser.
  const wardName = `Claimed Ward ${uniquePhone()}`;
  const posted = await page.request.post("/registration", {
    form: enrolmentForm({ wardName }),
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  const confirmation = posted.headers().location!;
  await page.goto(confirmation);
  await connectTestDb();
  const stored = (await Registration.findOne({ wardName }).lean())!;
  await expect(page.getByText(`Claim code: ${stored.claimCode}`)).toBeVisible();

  // A facilitator teaching the ward lists and exports the students: no reference anywhere.
  const facilitatorContext = await browser.newContext();
  const facilitator = await createUser({ role: "facilitator" });
  await signInAs(facilitatorContext, facilitator);
  const subject = `Audit Subject ${uniquePhone()}`;
  await Subject.create({ name: subject, facilitatorId: facilitator.id });
  await Registration.updateOne({ _id: stored._id }, { $push: { subjects: subject } });
  const facilitatorPage = await facilitatorContext.newPage();
  await facilitatorPage.goto("/facilitator-dashboard/students");
  await expect(facilitatorPage.getByRole("table", { name: "Students enrolled in your subjects" })).toContainText(
    wardName,
  );
  const csv = await (await facilitatorPage.request.get("/facilitator-dashboard/students/export")).text();
  expect(csv).toContain(wardName);
  expect(csv, "the export carries no reference").not.toContain(stored.reference);
  expect(await facilitatorPage.content(), "the student list shows no reference").not.toContain(stored.reference);
  await facilitatorContext.close();

  // Whoever has the reference anyway (read out, forwarded) opens the confirmation page: no claim code.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(confirmation);
  await expect(stranger.getByRole("heading", { name: "Registration received" })).toBeVisible();
  expect(await stranger.content()).not.toContain(String(stored.claimCode));
  await expect(stranger.getByText(/was shown to whoever submitted the form/)).toBeVisible();

  // Guessing codes from an account: refused after 10 failures in the hour, and nothing was linked.
  await signInAs(strangerContext, await createUser({ role: "parent" }));
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const guess = await stranger.request.post("/link-registration", {
      form: { intent: "claim", reference: stored.reference, claimCode: `AAAA-AA${String(i).padStart(2, "2")}` },
      maxRedirects: 0,
    });
    statuses.push(guess.status());
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(statuses[10], "the 11th wrong code in an hour").toBe(429);
  expect((await Registration.findById(stored._id).lean())!.parentUserId).toBeNull();
  await strangerContext.close();

  // The real parent, in the browser that enrolled, links it with the code it was shown; the office sees who did.
  const parent = await createUser({ role: "parent" });
  await signInAs(page.context(), parent);
  await page.goto("/link-registration");
  await page.getByLabel("Registration reference").fill(stored.reference);
  await page.getByLabel("Claim code").fill(String(stored.claimCode));
  await page.getByRole("button", { name: "Link registration" }).click();
  await expect(page).toHaveURL("/parent-dashboard");
  expect((await Registration.findById(stored._id).lean())!.parentUserId).toBe(parent.id);
  expect(
    await AuditLog.countDocuments({ action: "registration.claim", targetId: stored._id, actorId: parent.id }),
  ).toBe(1);
});

test("the claim code leaves the confirmation page for everyone else, JavaScript or not @both", async ({ page }) => {
  const registration = await createRegistration();
  await page.goto(`/registration/${registration.reference}`);
  await expect(page.getByRole("heading", { name: "Registration received" })).toBeVisible();
  expect(await page.content()).not.toContain(String(registration.claimCode));
  await expect(
    page
      .getByRole("link", { name: "Link a registration" })
      .or(page.getByText(/was shown to whoever submitted the form/))
      .first(),
  ).toBeVisible();
});
