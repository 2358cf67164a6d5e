import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Runs axe on the page (WCAG 2 A/AA rules) and fails on serious or critical
 * violations. axe needs JavaScript, so in the no-JS project the same URL is
 * opened in a JS-enabled context with the same cookies, the app's scripts
 * refused: axe reads the page a visitor without JavaScript gets, and no
 * hydration is paid for.
 */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  let target = page;
  let cleanup: (() => Promise<void>) | null = null;
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  if (!jsEnabled) {
    const browser = page.context().browser();
    if (!browser) throw new Error("axe: no browser");
    const context = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: true,
    });
    await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    target = await context.newPage();
    await target.goto(page.url());
    cleanup = () => context.close();
  }
  try {
    let builder = new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const results = await builder.analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      ),
      `axe violations on ${target.url()}`,
    ).toEqual([]);
  } finally {
    await cleanup?.();
  }
}
