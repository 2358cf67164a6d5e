import {
  test,
  expect,
  setPermissions,
  createUser,
  createRegistration,
  connectTestDb,
  sessionCookieHeader,
  uniquePhone,
} from "#tests/support/fixtures.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import type { AdminPermissionFlag } from "#app/domain/roles.ts";

/**
 * Permission matrix (docs/product.md#roles-and-permissions): an admin whose permission row has one flag off
 * can neither read nor change that flag's sections — by URL or by POST — while
 * the other sections still work.
 */
/** Refused before anything is read: the id need not exist. */
const ANY_USER_ID = "abcdefghij12";
type Section = { flag: AdminPermissionFlag; pages: string[]; posts: string[] };

const SECTIONS: Section[] = [
  {
    flag: "can_access_registrations",
    pages: [
      "/admin/registrations",
      "/admin/register-student",
      "/admin/registrations/delete-all",
      "/registration-view-list",
    ],
    posts: ["/admin/registrations", "/admin/register-student", "/admin/registrations/delete-all"],
  },
  {
    flag: "can_edit_users",
    pages: ["/admin/users", "/admin/users/new"],
    posts: ["/admin/users", "/impersonation/start", "/admin/users/new", `/admin/users/${ANY_USER_ID}`],
  },
  {
    flag: "can_access_whatsapp",
    pages: ["/admin/whatsapp-groups", "/admin/whatsapp-groups/new"],
    posts: ["/admin/whatsapp-groups/new"],
  },
  {
    flag: "can_access_subjects",
    pages: ["/admin/subjects", "/admin/classes"],
    posts: ["/admin/subjects", "/admin/classes"],
  },
  { flag: "can_access_communications", pages: ["/admin/communications"], posts: ["/admin/communications"] },
  { flag: "can_edit_settings", pages: ["/admin/settings"], posts: ["/admin/settings"] },
];

/** Downloads guarded by a flag (resource routes: a bare 403, no page). */
const DOWNLOADS: Partial<Record<AdminPermissionFlag, string[]>> = {
  can_access_registrations: [
    "/admin/registrations/export",
    "/admin/registrations/export/science",
    "/registration-view-list/export",
  ],
};

for (const section of SECTIONS) {
  test(`an admin without ${section.flag} is refused its sections by URL and by POST`, async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    await setPermissions(admin.id, { [section.flag]: false });

    for (const path of section.pages) {
      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access Restricted" })).toBeVisible();
      await expect(
        page.getByText("You don't have permission to access this section of the admin portal."),
      ).toBeVisible();
    }
    await expectNoA11yViolations(page);

    for (const path of section.posts) {
      const response = await page.request.post(path, {
        form: { intent: "delete", id: "abcdefghij12", confirm: "DELETE", name: "X" },
        maxRedirects: 0,
      });
      expect(response.status(), `POST ${path}`).toBe(403);
    }
    for (const path of DOWNLOADS[section.flag] ?? []) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), `GET ${path}`).toBe(403);
      expect(response.headers()["content-type"] ?? "").not.toContain("text/csv");
    }

    // Every other section (and the overview) still opens.
    for (const other of SECTIONS.filter((s) => s.flag !== section.flag)) {
      const response = await page.goto(other.pages[0]);
      expect(response?.status(), `GET ${other.pages[0]}`).toBe(200);
    }
    expect((await page.goto("/admin"))?.status()).toBe(200);
  });
}

test("an admin without a permission row has every section", async ({ page, loginAs }) => {
  await loginAs("admin");
  for (const section of SECTIONS) {
    for (const path of section.pages) expect((await page.goto(path))?.status(), `GET ${path}`).toBe(200);
  }
});

test("can_view_portal is the admin portal itself: without it no admin page opens, whatever the other flags", async ({
  page,
  loginAs,
}) => {
  const admin = await loginAs("admin");
  await setPermissions(admin.id, { can_view_portal: false });
  for (const path of ["/admin", "/admin/subjects", "/admin/users"]) {
    const response = await page.goto(path);
    expect(response?.status(), `GET ${path}`).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access Restricted" })).toBeVisible();
  }
  const post = await page.request.post("/admin/subjects", { form: { name: "X" }, maxRedirects: 0 });
  expect(post.status()).toBe(403);
});

test("impersonation ends on the next request once the admin loses can_edit_users", async ({ page, loginAs }) => {
  const admin = await loginAs("admin");
  const parent = await createUser({ role: "parent" });
  const start = await page.request.post("/impersonation/start", { form: { userId: parent.id }, maxRedirects: 0 });
  expect(start.status()).toBe(302);
  await page.goto("/parent-dashboard");
  await expect(page.getByRole("region", { name: "Impersonation" })).toContainText(parent.fullName);
  await setPermissions(admin.id, { can_edit_users: false });
  await page.goto("/parent-dashboard");
  await expect(page.getByRole("region", { name: "Impersonation" })).toHaveCount(0);
  await expect(page.getByText(parent.fullName)).toHaveCount(0);
});

test("assignment files: the facilitator, admins with can_access_subjects and the subject's students only", async ({
  browser,
}) => {
  await connectTestDb();
  const facilitator = await createUser({ role: "facilitator" });
  const subject = `Security ${uniquePhone()}`;
  const assignment = await Assignment.create({
    facilitatorId: facilitator.id,
    subject,
    title: "Worksheet",
    kind: "pdf",
    fileName: "worksheet.pdf",
    fileType: "application/pdf",
    fileSize: 4,
    filePath: "missing/never-written.pdf",
  });
  const student = await createUser({ role: "student" });
  await createRegistration({ wardWhatsapp: student.localPhone, subjects: [subject] });
  const otherStudent = await createUser({ role: "student" });
  const admin = await createUser({ role: "admin" });
  const adminWithout = await createUser({ role: "admin" });
  await setPermissions(adminWithout.id, { can_access_subjects: false });
  const otherFacilitator = await createUser({ role: "facilitator" });
  const url = `/facilitator-dashboard/assignments/${assignment._id}/file`;
  // The file itself is absent here, so allowed readers reach the "file not found" step (404 with another text)
  // while refused readers get the 404 of an unknown assignment: the body tells them apart.
  const statusFor = async (user: { id: string }) => {
    const context = await browser.newContext();
    const response = await context.request.get(url, {
      headers: { Cookie: await sessionCookieHeader(user) },
      maxRedirects: 0,
    });
    const reached = response.status() === 404 && (await response.text()).includes("File not found");
    await context.close();
    return reached ? "reached" : response.status();
  };
  expect(await statusFor(facilitator)).toBe("reached");
  expect(await statusFor(student)).toBe("reached");
  expect(await statusFor(admin)).toBe("reached");
  expect(await statusFor(otherStudent)).toBe(404);
  expect(await statusFor(adminWithout)).toBe(404);
  expect(await statusFor(otherFacilitator)).toBe(404);
});
