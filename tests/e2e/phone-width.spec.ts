import { test, expect } from "../support/fixtures.ts";

/** At 360 px (a small Android phone): nothing clipped, nothing overlapping, no page scrolling sideways. */
test.use({ viewport: { width: 360, height: 740 } });

for (const role of ["facilitator", "parent"] as const) {
  test(`the ${role}'s bottom bar labels fit at 360 px`, async ({ page, loginAs }) => {
    await loginAs(role);
    await page.goto("/dashboard");
    const links = page.getByRole("navigation", { name: "Quick links" }).getByRole("link");
    await expect(links).toHaveCount(4);
    const boxes = [];
    for (const link of await links.all()) {
      // The label fits its cell: no clipped text.
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
      boxes.push((await link.boundingBox())!);
    }
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].x).toBeGreaterThanOrEqual(boxes[i - 1].x + boxes[i - 1].width - 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test("the admin registrations list keeps each row's Delete on screen at 360 px, and the page does not scroll sideways", async ({ page, loginAs }) => {
  const { createRegistration } = await import("../support/fixtures.ts");
  const reg = await createRegistration({ wardName: `Narrow Ward ${Date.now()}`, parentName: "A Parent With A Rather Long Name" });
  await loginAs("admin");
  await page.goto(`/admin/registrations?q=${encodeURIComponent(String(reg.wardName))}`);
  const del = page.getByRole(test.info().project.use.javaScriptEnabled === false ? "link" : "button", { name: `Delete registration of ${reg.wardName}` });
  await expect(del).toBeVisible();
  // Horizontally on screen without scrolling sideways (the list may be below the fold).
  const box = (await del.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
