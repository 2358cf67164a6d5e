import type { Page } from "@playwright/test";

/**
 * Resolves once the page is interactive: React Router's client router is running and React has committed the hydrated
 * tree (the root's `data-hydrated` marker, set in an effect). The router alone is not enough: it exists while React is
 * still hydrating, and a click then is the browser's own form post. JavaScript on only: it never comes without.
 */
export async function waitForHydration(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") &&
      Boolean(
        (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
          ?.state.initialized,
      ),
    null,
    { timeout },
  );
}

type RouterState = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };

/** Resolves once the client router has nothing under way: no navigation, no revalidation, no fetcher busy. */
export async function waitForRouterIdle(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter
        ?.state;
      return Boolean(
        state &&
        state.navigation.state === "idle" &&
        state.revalidation === "idle" &&
        [...state.fetchers.values()].every((f) => f.state === "idle"),
      );
    },
    null,
    { timeout },
  );
}
