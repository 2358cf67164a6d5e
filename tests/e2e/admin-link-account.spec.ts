import { formatPhone } from "#app/domain/phone.ts";
import {
  test,
  expect,
  createRegistration,
  createUser,
  connectTestDb,
  signInAs,
  fieldError,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Registration } from "#app/models/registration.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { ACCOUNT_NOT_FOUND, ACCOUNT_WRONG_ROLE } from "#app/forms/link-registration.schema.ts";

test("an admin links a registration to a parent and a student account by hand, and unlinks it", async ({
  page,
  loginAs,
  browser,
}) => {
  const admin = await loginAs("admin");
  // Accounts whose phones are not verified: they do not see the registration until it is linked.
  const parent = await createUser({ role: "parent", fullName: `Linked Parent ${Date.now()}`, phoneVerified: false });
  const studentEmail = `linked.student.${Date.now()}@example.com`;
  const student = await createUser({
    role: "student",
    fullName: `Linked Student ${Date.now()}`,
    email: studentEmail,
    phoneVerified: false,
  });
  const facilitator = await createUser({ role: "facilitator" });
  const reg = await createRegistration({ whatsappNumber: parent.localPhone, wardWhatsapp: student.localPhone });

  await page.goto(`/admin/registrations/${reg._id}`);
  const section = page.getByRole("region", { name: "Linked accounts" });
  await expect(section.getByRole("definition")).toHaveText(["Not linked", "Not linked"]);
  await expectNoA11yViolations(page);

  const field = section.getByLabel("Account phone number or email");
  const submit = section.getByRole("button", { name: "Link account" });
  await submit.click();
  await expect(fieldError(section, "Enter the account's phone number or email")).toBeVisible();
  await field.fill("0209999999");
  await submit.click();
  await expect(fieldError(section, ACCOUNT_NOT_FOUND)).toBeVisible();
  await expect(field).toHaveValue("0209999999");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(facilitator.localPhone);
  await submit.click();
  await expect(fieldError(section, ACCOUNT_WRONG_ROLE)).toBeVisible();
  await connectTestDb();
  expect(await Registration.findById(reg._id).lean()).toMatchObject({ parentUserId: null, studentUserId: null });

  // The parent by phone (written any usual way), the student by email.
  await field.fill(`+233 ${parent.localPhone.slice(1)}`);
  await submit.click();
  await expect(page.getByRole("status")).toContainText("Account linked");
  await section.getByLabel("Account phone number or email").fill(studentEmail.toUpperCase());
  await section.getByRole("button", { name: "Link account" }).click();
  await expect(page.getByRole("status")).toContainText("Account linked");
  await expect(section.getByRole("definition").first()).toContainText(parent.fullName);
  await expect(section.getByRole("definition").nth(1)).toContainText(student.fullName);
  expect(await Registration.findById(reg._id).lean()).toMatchObject({
    parentUserId: parent.id,
    studentUserId: student.id,
  });
  expect(await AuditLog.countDocuments({ targetId: reg._id, action: "registration.link", actorId: admin.id })).toBe(2);
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText(
    `Parent account linked by hand: ${parent.fullName}`,
  );

  // The parent now sees the ward.
  const parentContext = await browser.newContext();
  await signInAs(parentContext, parent);
  const parentPage = await parentContext.newPage();
  await parentPage.goto("/parent-dashboard");
  await expect(parentPage.getByRole("main")).toContainText(reg.wardName as string);

  // Unlinking takes it away again.
  await section.getByRole("button", { name: `Unlink the parent account of ${parent.fullName}` }).click();
  await expect(page.getByRole("status")).toContainText("Account unlinked");
  await expect(page.getByRole("region", { name: "Linked accounts" }).getByRole("definition").first()).toHaveText(
    "Not linked",
  );
  expect(await Registration.findById(reg._id).lean()).toMatchObject({ parentUserId: null, studentUserId: student.id });
  await parentPage.goto("/parent-dashboard");
  await expect(parentPage.getByRole("main")).not.toContainText(reg.wardName as string);
  await parentContext.close();
});

test("the registration page names the account that sees it by its confirmed phone, as the parent portal does", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  const parent = await createUser({ role: "parent", fullName: `Phone Parent ${Date.now()}` });
  const reg = await createRegistration({ whatsappNumber: parent.localPhone });
  await page.goto(`/admin/registrations/${reg._id}`);
  const section = page.getByRole("region", { name: "Linked accounts" });
  await expect(section.getByRole("definition").first()).toContainText(
    `${parent.fullName} · ${formatPhone(parent.phone)}`,
  );
  await expect(section.getByRole("definition").first()).toContainText(
    "(its confirmed phone is the registration's number)",
  );
  // Nothing to unlink: the number itself gives it; the office changes the registration's number instead.
  await expect(section.getByRole("button", { name: /Unlink the parent account/ })).toHaveCount(0);
});
