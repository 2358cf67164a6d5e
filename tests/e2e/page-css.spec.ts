/**
 * Each page's own stylesheet (docs/decisions/0084-each-page-its-css.md): a page comes with only the rules its classes
 * can use, and looks exactly as it does under the whole stylesheet, which a hydrated page loads as a cached file for what
 * its script renders later. Every element's every computed style is compared, with the whole stylesheet and without.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "#tests/support/fixtures.ts";

/**
 * Every computed style of every element, in document order, by element. Custom properties are left out: an unread
 * token is inherited by every element under the whole stylesheet and absent under the page's own, and one that is
 * read shows in the property that reads it.
 */
function computedStyles(page: Page) {
  return page.evaluate(() =>
    [document.documentElement, ...document.documentElement.querySelectorAll("*")].map((element) => {
      const style = getComputedStyle(element);
      const values: Record<string, string> = {};
      for (let i = 0; i < style.length; i++)
        if (!style[i].startsWith("--")) values[style[i]] = style.getPropertyValue(style[i]);
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
      return { name, values };
    }),
  );
}

async function sameWithoutTheWholeStylesheet(page: Page) {
  const whole = page.locator("link[data-app-css]");
  await expect(whole).toHaveCount(1);
  await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes("/assets/")));
  const withWhole = await computedStyles(page);
  await whole.evaluate((link: HTMLLinkElement) => (link.sheet!.disabled = true));
  const ownOnly = await computedStyles(page);
  expect(ownOnly.length).toBe(withWhole.length);
  const differing = ownOnly.flatMap(({ name, values }, i) =>
    Object.keys({ ...values, ...withWhole[i].values })
      .filter((property) => values[property] !== withWhole[i].values[property])
      .map((property) => `${name} ${property}: ${values[property]} (whole: ${withWhole[i].values[property]})`),
  );
  expect(differing.slice(0, 10), "styles that differ without the whole stylesheet").toEqual([]);
  const own = await page.locator("style[data-app-css]").evaluate((s) => s.textContent!.length);
  const all = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>("link[data-app-css]")!.href;
    return (await (await fetch(href)).text()).length;
  });
  expect(own, "the page's own rules are fewer than the whole stylesheet's").toBeLessThan(all);
}

test.describe("each page's own stylesheet @js-only", () => {
  for (const path of ["/", "/registration", "/portal", "/terms-of-service"])
    test(`${path} looks the same with its own rules as with the whole stylesheet`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(path);
      await sameWithoutTheWholeStylesheet(page);
    });

  test("signed-in pages look the same with their own rules as with the whole stylesheet", async ({ page, loginAs }) => {
    await loginAs("admin");
    for (const path of ["/admin", "/admin/registrations", "/admin/payments"]) {
      await page.goto(path);
      await sameWithoutTheWholeStylesheet(page);
    }
  });
});
