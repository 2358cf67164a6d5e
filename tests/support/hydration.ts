import type { Page } from "@playwright/test";

/** Resolves once React Router's client router is running on the page (JavaScript on only: it never comes without). */
export async function waitForHydration(page: Page, timeout = 15_000) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized), null, { timeout });
}

type RouterState = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };

/** Resolves once the client router has nothing under way: no navigation, no revalidation, no fetcher busy. */
export async function waitForRouterIdle(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter?.state;
      return Boolean(state && state.navigation.state === "idle" && state.revalidation === "idle" && [...state.fetchers.values()].every((f) => f.state === "idle"));
    },
    null,
    { timeout },
  );
}
