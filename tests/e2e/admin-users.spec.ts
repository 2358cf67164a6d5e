import { test, expect, createUser, setPermissions } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";

test.describe("User Management", () => {
  test("searches by name or phone, filters by role; non-admin rows offer 'View as' and a reset link", async ({
    page,
    loginAs,
  }) => {
    const tag = `${test.info().project.name}${Date.now()}`;
    const student = await createUser({ role: "student", fullName: `Kwesi Zebra ${tag}` });
    const parent = await createUser({ role: "parent", fullName: `Adwoa Zebra ${tag}` });
    const otherAdmin = await createUser({ role: "admin", fullName: `Kojo Zebra ${tag}` });
    await loginAs("admin");

    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    await expect(page.getByLabel("Role").locator("option")).toHaveText([
      "All Roles",
      "Students",
      "Parents",
      "Facilitators",
      "Admins",
    ]);
    await expectNoA11yViolations(page);

    await page.getByLabel("Search by name or phone").fill(`zebra ${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=zebra/);
    const list = page.getByRole("region", { name: "User list" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    const studentRow = list.getByRole("listitem").filter({ hasText: student.fullName });
    await expect(studentRow.getByRole("button", { name: `View as student: ${student.fullName}` })).toHaveText(
      "View as student",
    );
    await expect(studentRow.getByRole("link", { name: `Reset password for ${student.fullName}` })).toHaveAttribute(
      "href",
      `/admin/users/${student.id}/reset-link`,
    );
    await expect(
      list
        .getByRole("listitem")
        .filter({ hasText: parent.fullName })
        .getByRole("button", { name: /^View as parent/ }),
    ).toBeVisible();
    const adminRow = list.getByRole("listitem").filter({ hasText: otherAdmin.fullName });
    await expect(adminRow.getByRole("button")).toHaveCount(0);
    // An admin row offers its account page and its permissions (to an admin holding every permission).
    await expect(adminRow.getByRole("link")).toHaveText(["Manage", "Permissions"]);
    // The list scrolls at a fixed maximum height (24rem).
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("384px");

    await page.getByLabel("Role").selectOption("parent");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(parent.fullName);

    // By phone, as typed locally (the stored form is +233…).
    await page.goto(`/admin/users?q=${encodeURIComponent(student.localPhone)}`);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(student.fullName);

    await page.goto(`/admin/users?q=${encodeURIComponent(`nobody-${tag}`)}`);
    await expect(page.getByText("No users found matching your criteria")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("'View as' starts impersonation of that user", async ({ page, loginAs }) => {
    const student = await createUser({
      role: "student",
      fullName: `Ama Viewed ${test.info().project.name}${Date.now()}`,
    });
    await loginAs("admin");
    await page.goto(`/admin/users?q=${encodeURIComponent(student.fullName)}`);
    await page.getByRole("button", { name: `View as student: ${student.fullName}` }).click();
    await expect(page).toHaveURL(/\/student-dashboard/);
    await expect(page.getByText(`Admin Mode: Viewing as student - ${student.fullName}`)).toBeVisible();
  });

  test("an admin without can_edit_users gets 'Access Restricted'; odd queries are harmless", async ({
    page,
    loginAs,
  }) => {
    const admin = await loginAs("admin");
    const ok = await page.request.get(`/admin/users?role[$ne]=admin&q=${"(".repeat(20)}&role=superuser`);
    expect(ok.status()).toBe(200);
    await setPermissions(admin.id, { can_edit_users: false });
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this section of the admin portal.")).toBeVisible();
    await expectNoA11yViolations(page);
    const post = await page.request.post("/admin/users", {
      headers: { Origin: E2E.baseURL },
      form: {},
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  });
});
