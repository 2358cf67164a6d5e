import {
  test,
  expect,
  createUser,
  signInAs,
  sessionCookieHeader,
  setPermissions,
  connectTestDb,
  fieldError,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Session } from "#app/models/session.server.ts";
import { PasswordReset } from "#app/models/password-reset.server.ts";

const SAME_ORIGIN = { Origin: E2E.baseURL };
const BAR = /Admin Mode: Viewing as/;

test.describe("impersonation", () => {
  test("an admin views as a student: the bar shows on every page until Exit Impersonation", async ({
    page,
    context,
  }) => {
    const admin = await createUser({ role: "admin", fullName: "Impersonating Admin" });
    const student = await createUser({ role: "student", fullName: "Viewed Student" });
    await signInAs(context, admin);

    const start = await page.request.post("/impersonation/start", {
      headers: SAME_ORIGIN,
      form: { userId: student.id },
      maxRedirects: 0,
    });
    expect(start.status()).toBe(302);
    expect(start.headers().location).toBe("/student-dashboard");
    await page.goto("/student-dashboard");
    await expect(page.getByRole("status").filter({ hasText: "Impersonation Started" })).toBeVisible();

    for (const path of ["/", "/portal", "/admin", "/no-such-page"]) {
      await page.goto(path);
      const bar = page.getByRole("region", { name: "Impersonation" });
      await expect(bar, path).toContainText("Admin Mode: Viewing as student - Viewed Student");
      await expect(bar.getByRole("button", { name: "Exit Impersonation" }), path).toBeVisible();
    }
    // Portals show the effective user.
    await page.goto("/portal");
    await expect(page.getByText("You are signed in as Viewed Student.")).toBeVisible();
    await expectNoA11yViolations(page);

    await connectTestDb();
    const started = await AuditLog.findOne({
      action: "impersonation.start",
      actorId: admin.id,
      targetId: student.id,
    }).lean();
    expect(started?.createdAt).toBeInstanceOf(Date);

    await page.getByRole("button", { name: "Exit Impersonation" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(BAR)).toHaveCount(0);
    await page.goto("/portal");
    await expect(page.getByText("You are signed in as Impersonating Admin.")).toBeVisible();
    expect(
      await AuditLog.countDocuments({ action: "impersonation.stop", actorId: admin.id, targetId: student.id }),
    ).toBe(1);
  });

  test("@js-only 'View as' is refused without can_edit_users, for admin targets and for non-admins", async ({
    request,
  }) => {
    const target = await createUser({ role: "parent" });
    const otherAdmin = await createUser({ role: "admin" });
    const viewOnly = await createUser({ role: "admin" });
    await setPermissions(viewOnly.id, { can_edit_users: false });
    const editor = await createUser({ role: "admin" });
    const facilitator = await createUser({ role: "facilitator" });

    const post = async (as: { id: string } | null, userId: string) =>
      request.post("/impersonation/start", {
        headers: { ...SAME_ORIGIN, ...(as ? { Cookie: await sessionCookieHeader(as) } : {}) },
        form: { userId },
        maxRedirects: 0,
      });

    const anonymous = await post(null, target.id);
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toMatch(/^\/portal/);
    const nonAdmin = await post(facilitator, target.id);
    expect(nonAdmin.status()).toBe(302);
    expect(nonAdmin.headers().location).toBe("/");
    const noFlag = await post(viewOnly, target.id);
    expect(noFlag.status()).toBe(403);
    expect(await noFlag.text()).toContain("Access Restricted");
    const adminTarget = await post(editor, otherAdmin.id);
    expect(adminTarget.status()).toBe(403);
    const unknown = await post(editor, "zzzzzzzzzzzzzzzzzzzzzzzz");
    expect(unknown.status()).toBe(404);

    await connectTestDb();
    const sessions = await Session.find({
      userId: { $in: [facilitator.id, viewOnly.id, editor.id] },
      impersonatedUserId: { $ne: null },
    }).lean();
    expect(sessions).toEqual([]);
    // A GET never starts anything.
    const get = await request.get(`/impersonation/start?userId=${target.id}`, {
      headers: { Cookie: await sessionCookieHeader(editor) },
      maxRedirects: 0,
    });
    expect(get.status()).toBe(302);
    expect(await Session.countDocuments({ userId: editor.id, impersonatedUserId: { $ne: null } })).toBe(0);
  });
});

test.describe("password reset links", () => {
  test("an admin creates a one-time link; the user sets a new password once; the link cannot be reused", async ({
    page,
    context,
    browser,
  }) => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser({ role: "parent", fullName: "Forgetful Parent" });
    const userSession = await sessionCookieHeader(user);
    await signInAs(context, admin);

    await page.goto(`/admin/users/${user.id}/reset-link`);
    await expect(page.getByText("Create a one-time password reset link for Forgetful Parent")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Create reset link" }).click();
    const linkField = page.getByLabel("Reset link");
    await expect(linkField).toHaveValue(new RegExp(`^${E2E.baseURL}/reset-password/[A-Za-z0-9_-]{43}$`));
    const link = await linkField.inputValue();
    const whatsapp = page.getByRole("link", { name: "Send by WhatsApp" });
    await expect(whatsapp).toHaveAttribute(
      "href",
      new RegExp(
        `^https://wa\\.me/${user.phone.slice(1)}\\?text=.*${encodeURIComponent(link).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
      ),
    );
    if (test.info().project.name === "js") await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    await expectNoA11yViolations(page);

    await connectTestDb();
    const stored = await PasswordReset.findOne({ userId: user.id }).lean();
    expect(stored!.tokenHash).not.toBe(link.split("/").pop());
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(
      await AuditLog.countDocuments({ action: "password-reset.link-created", actorId: admin.id, targetId: user.id }),
    ).toBe(1);

    // The user, anonymous, opens it in their own browser.
    const userContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    const userPage = await userContext.newPage();
    await userPage.goto(link);
    await expect(userPage.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
    await expectNoA11yViolations(userPage);
    await userPage.getByLabel(/^New password/).fill("brand-new-1");
    await userPage.getByLabel("Confirm new password").fill("brand-new-2");
    await userPage.getByRole("button", { name: "Set new password" }).click();
    await expect(fieldError(userPage, "Passwords do not match")).toBeVisible();
    await userPage.getByLabel(/^New password/).fill("brand-new-1");
    await userPage.getByLabel("Confirm new password").fill("brand-new-1");
    await userPage.getByRole("button", { name: "Set new password" }).click();
    await expect(userPage).toHaveURL(/\/portal\?role=parent$/);
    await expect(userPage.getByRole("status")).toContainText("Password updated");

    // Their other sessions are signed out.
    expect(await Session.countDocuments({ userId: user.id })).toBe(0);
    const oldSession = await page.request.get("/portal", { headers: { Cookie: userSession } });
    expect(await oldSession.text()).not.toContain("You are signed in as Forgetful Parent");

    // The new password works; the old one does not.
    const signIn = userPage.locator("form#sign-in");
    await signIn.getByLabel("Phone number").fill(user.localPhone);
    await signIn.getByLabel(/^Password/).fill("brand-new-1");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(userPage).toHaveURL(/\/parent-dashboard$/);

    // Once only.
    await userPage.goto(link);
    await expect(
      userPage.getByRole("heading", { level: 1, name: "This link is invalid or has expired" }),
    ).toBeVisible();
    await expectNoA11yViolations(userPage);
    await userContext.close();
  });

  test("@js-only a used, expired, unknown or replaced token is refused, and a reset link is never made for an admin", async ({
    request,
  }) => {
    const admin = await createUser({ role: "admin" });
    const adminCookie = await sessionCookieHeader(admin);
    const user = await createUser({ role: "student" });
    const create = async () => {
      const res = await request.post(`/admin/users/${user.id}/reset-link`, {
        headers: { ...SAME_ORIGIN, Cookie: adminCookie },
        form: {},
      });
      expect(res.status()).toBe(200);
      return (await res.text()).match(/\/reset-password\/([A-Za-z0-9_-]{43})/)![1];
    };
    const first = await create();
    const second = await create();
    const reset = (token: string) =>
      request.post(`/reset-password/${token}`, {
        headers: SAME_ORIGIN,
        form: { password: "another-1", confirmPassword: "another-1" },
        maxRedirects: 0,
      });

    expect((await reset(first)).status(), "a replaced link").toBe(404);
    expect((await reset("A".repeat(43))).status(), "an unknown token").toBe(404);
    // Two submissions at once: exactly one wins.
    const both = await Promise.all([reset(second), reset(second)]);
    expect(both.map((r) => r.status()).sort()).toEqual([302, 404]);

    const third = await create();
    await connectTestDb();
    await PasswordReset.updateMany(
      { userId: user.id, usedAt: null },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect((await request.get(`/reset-password/${third}`)).status(), "an expired link").toBe(404);
    expect((await reset(third)).status(), "an expired link").toBe(404);

    const otherAdmin = await createUser({ role: "admin" });
    const forAdmin = await request.post(`/admin/users/${otherAdmin.id}/reset-link`, {
      headers: { ...SAME_ORIGIN, Cookie: adminCookie },
      form: {},
    });
    expect(forAdmin.status()).toBe(403);
    expect(await PasswordReset.countDocuments({ userId: otherAdmin.id })).toBe(0);

    const viewOnly = await createUser({ role: "admin" });
    await setPermissions(viewOnly.id, { can_edit_users: false });
    const restricted = await request.get(`/admin/users/${user.id}/reset-link`, {
      headers: { Cookie: await sessionCookieHeader(viewOnly) },
    });
    expect(restricted.status()).toBe(403);
    const body = await restricted.text();
    expect(body).toContain("Access Restricted");
    expect(body).toContain("You don&#x27;t have permission to access this section of the admin portal.");
  });
});
