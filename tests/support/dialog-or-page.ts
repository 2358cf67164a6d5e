import { expect, type Page } from "@playwright/test";

/**
 * Opens a form that is a dialog with JavaScript and its own page without it
 * (`DialogOrLink`). Without JavaScript the link is a navigation: wait for the
 * new page to load completely, or a streamed page could be read half-parsed
 * (a select with only its first options) while the old heading still shows.
 */
export async function openForm(page: Page, name: string | RegExp, js: boolean) {
  if (js) {
    await page.getByRole("button", { name }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { level: 2 })).toBeVisible();
    return dialog;
  }
  const before = page.url();
  await page.getByRole("link", { name }).click();
  await page.waitForURL((url) => url.href !== before);
  await page.waitForLoadState("load");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  return main;
}
