import { test, expect, setPermissions } from "../support/fixtures.ts";
import { expectNoA11yViolations } from "../support/axe.ts";
import type { AdminPermissionFlag } from "../../app/domain/roles.ts";

/**
 * Permission matrix (spec §6): an admin whose permission row has one flag off
 * can neither read nor change that flag's sections — by URL or by POST — while
 * the other sections still work.
 */
type Section = { flag: AdminPermissionFlag; pages: string[]; posts: string[] };

const SECTIONS: Section[] = [
  {
    flag: "can_access_registrations",
    pages: ["/admin/registrations", "/admin/register-student", "/admin/registrations/delete-all", "/registration-view-list"],
    posts: ["/admin/registrations", "/admin/register-student", "/admin/registrations/delete-all"],
  },
  { flag: "can_edit_users", pages: ["/admin/users"], posts: ["/admin/users", "/impersonation/start"] },
  { flag: "can_access_whatsapp", pages: ["/admin/whatsapp-groups", "/admin/whatsapp-groups/new"], posts: ["/admin/whatsapp-groups/new"] },
  { flag: "can_access_subjects", pages: ["/admin/subjects"], posts: ["/admin/subjects"] },
  { flag: "can_access_communications", pages: ["/admin/communications"], posts: ["/admin/communications"] },
  { flag: "can_edit_settings", pages: ["/admin/settings"], posts: ["/admin/settings"] },
];

/** Downloads guarded by a flag (resource routes: a bare 403, no page). */
const DOWNLOADS: Partial<Record<AdminPermissionFlag, string[]>> = {
  can_access_registrations: ["/admin/registrations/export", "/admin/registrations/export/science", "/registration-view-list/export"],
};

for (const section of SECTIONS) {
  test(`an admin without ${section.flag} is refused its sections by URL and by POST`, async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    await setPermissions(admin.id, { [section.flag]: false });

    for (const path of section.pages) {
      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access Restricted" })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this section of the admin portal.")).toBeVisible();
    }
    await expectNoA11yViolations(page);

    for (const path of section.posts) {
      const response = await page.request.post(path, { form: { intent: "delete", id: "abcdefghij12", confirm: "DELETE", name: "X" }, maxRedirects: 0 });
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
