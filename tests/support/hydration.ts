import type { Page } from "@playwright/test";

/** Resolves once React Router's client router is running on the page (JavaScript on only: it never comes without). */
export async function waitForHydration(page: Page, timeout = 15_000) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized), null, { timeout });
}
