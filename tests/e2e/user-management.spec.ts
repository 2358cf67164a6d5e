import { test, expect, connectTestDb, createUser, fieldError, signInAs, uniquePhone } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { User } from "#app/models/user.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Registration } from "#app/models/registration.server.ts";

/** User Management (docs/decisions/0098): add, change the role, turn off and on, delete; audited; JavaScript off. */
test.describe("@no-js-only user management", () => {
  test("an admin adds a user, changes the role, turns the account off (its open session ends at once) and on, and deletes it", async ({
    page,
    browser,
    loginAs,
  }) => {
    await loginAs("admin");
    await page.goto("/admin/users");
    await page.getByRole("link", { name: "Add a user" }).click();
    await expect(page.getByRole("heading", { name: "Add a user" })).toBeVisible();

    // A facilitator needs an e-mail: said by the field, what was typed kept.
    const name = `Abena Added ${Date.now()}`;
    const phone = uniquePhone();
    await page.getByLabel("Role").selectOption("facilitator");
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(fieldError(page, "Email is required for a facilitator")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue(name);
    await expectNoA11yViolations(page);

    // A parent needs none; the admin goes on to the link that lets the person set a password.
    await page.getByLabel("Role").selectOption("parent");
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByRole("heading", { name: "Password reset link" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Account added" })).toBeVisible();
    await connectTestDb();
    const made = (await User.findOne({ phone: normalizePhone(phone) }).lean())!;
    expect(made).toMatchObject({ role: "parent", fullName: name, email: null });
    const id = String(made._id);

    // The same number again is refused by its field.
    await page.goto("/admin/users/new");
    await page.getByLabel("Role").selectOption("student");
    await page.getByLabel("Full name").fill("Someone Else");
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(fieldError(page, "An account with this phone number already exists.")).toBeVisible();

    await page.goto(`/admin/users?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Manage ${name}` }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("New role").selectOption("student");
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Role changed" })).toBeVisible();
    expect((await User.findById(id).lean())!.role).toBe("student");

    // The person is signed in elsewhere; turning the account off signs that device out at once.
    const elsewhere = await browser.newContext({ javaScriptEnabled: false });
    await signInAs(elsewhere, {
      id,
      phone: made.phone,
      localPhone: phone,
      password: "",
      fullName: name,
      role: "student",
    });
    const theirs = await elsewhere.newPage();
    await theirs.goto("/student-dashboard");
    await expect(theirs).toHaveURL(/\/student-dashboard/);
    await page.getByRole("button", { name: "Turn account off" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account turned off" })).toBeVisible();
    await theirs.goto("/student-dashboard");
    await expect(theirs).not.toHaveURL(/\/student-dashboard/);
    await expect(theirs.getByRole("heading", { name: "Choose your portal" })).toBeVisible();
    await elsewhere.close();

    await page.getByRole("button", { name: "Turn account on" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account turned on" })).toBeVisible();
    expect((await User.findById(id).lean())!.disabledAt).toBeNull();

    // Deleting asks for a tick first.
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(fieldError(page, /Tick the box to confirm/)).toBeVisible();
    await page.getByLabel("Yes, delete this account for good").check();
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("status").filter({ hasText: "Account deleted" })).toBeVisible();
    expect(await User.countDocuments({ _id: id })).toBe(0);
    const trail = await AuditLog.find({ targetId: id }).sort({ createdAt: 1 }).lean();
    expect(trail.map((e) => e.action)).toEqual([
      "user.create",
      "user.role",
      "user.disable",
      "user.enable",
      "user.delete",
    ]);
  });

  test("an account the records name keeps its role and is not deleted; an admin's own account is changed by another", async ({
    page,
    loginAs,
  }) => {
    const admin = await loginAs("admin");
    const parent = await createUser({ role: "parent" });
    await connectTestDb();
    await Registration.create(registrationDoc(Number(parent.localPhone.slice(-7)), { parentUserId: parent.id }));

    await page.goto(`/admin/users/${parent.id}`);
    await expect(page.getByText("1 registration as parent")).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete account" })).toHaveCount(0);
    await page.getByLabel("New role").selectOption("student");
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: /named as parent by 1 registration as parent/ }),
    ).toBeVisible();
    expect((await User.findById(parent.id).lean())!.role).toBe("parent");

    await page.goto(`/admin/users/${admin.id}`);
    await expect(page.getByText("This is your own account")).toBeVisible();
    await expect(page.getByRole("button", { name: /Turn account off|Change role/ })).toHaveCount(0);
    // A post anyway is refused and changes nothing.
    const response = await page.request.post(`/admin/users/${admin.id}`, {
      form: { intent: "disable" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect((await User.findById(admin.id).lean())!.disabledAt).toBeNull();
  });
});
