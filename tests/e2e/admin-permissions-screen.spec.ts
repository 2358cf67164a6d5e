import {
  test,
  expect,
  createUser,
  sessionCookieHeader,
  setPermissions,
  connectTestDb,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { PERMISSIONS_SAVED } from "#app/forms/admin-permissions.schema.ts";
import { AdminPermission } from "#app/models/admin-permission.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";

test.describe("admin permissions screen", () => {
  test("a fully privileged admin switches off another admin's flag; it applies on that admin's next request", async ({
    page,
    loginAs,
    request,
  }) => {
    const other = await createUser({
      role: "admin",
      fullName: `Other Admin ${Date.now()} ${test.info().project.name}`,
    });
    const otherCookie = await sessionCookieHeader(other);
    expect((await request.get("/admin/subjects", { headers: { Cookie: otherCookie }, maxRedirects: 0 })).status()).toBe(
      200,
    );

    const me = await loginAs("admin");
    await page.goto(`/admin/users?q=${encodeURIComponent(other.fullName)}`);
    await page.getByRole("link", { name: `Permissions of ${other.fullName}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Permissions: ${other.fullName}` })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Subjects" })).toBeChecked();
    await expectNoA11yViolations(page);
    await page.getByRole("checkbox", { name: "Subjects" }).uncheck();
    await page.getByRole("button", { name: "Save permissions" }).click();
    await expect(page.getByRole("status")).toContainText(PERMISSIONS_SAVED);
    await expect(page.getByRole("checkbox", { name: "Subjects" })).not.toBeChecked();

    await connectTestDb();
    expect(await AdminPermission.findOne({ userId: other.id }).lean()).toMatchObject({
      can_access_subjects: false,
      can_edit_users: true,
    });
    expect(
      await AuditLog.exists({ action: "admin-permissions.update", actorId: me.id, targetId: other.id }),
    ).toBeTruthy();
    // The same session, next request: refused.
    expect((await request.get("/admin/subjects", { headers: { Cookie: otherCookie }, maxRedirects: 0 })).status()).toBe(
      403,
    );
  });

  test("an admin without every permission cannot open anyone's permissions", async ({ page, loginAs }) => {
    const other = await createUser({ role: "admin" });
    const me = await loginAs("admin");
    await setPermissions(me.id, { can_access_whatsapp: false });
    const response = await page.goto(`/admin/users/${other.id}/permissions`);
    expect(response?.status()).toBe(403);
    await page.goto("/admin/users?role=admin");
    await expect(page.getByRole("link", { name: /^Permissions of/ })).toHaveCount(0);
  });
});
