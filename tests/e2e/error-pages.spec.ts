import { test, expect } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { SCHOOL_NAME, DEFAULT_CONTACTS } from "#app/domain/school.ts";

test("a malformed web address gets the site's own 400 page: header, a way home and the school's numbers", async ({
  page,
}) => {
  for (const path of ["/%E0%A4%A", "/registration/%E0%A4%A", "/admin/%ZZ"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This web address is not valid");
    // The public site's header and footer around it.
    await expect(page.locator("header").getByRole("link", { name: SCHOOL_NAME })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    for (const p of DEFAULT_CONTACTS.phones)
      await expect(page.getByRole("main").locator(`a[href="tel:${p.tel}"]`)).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});
