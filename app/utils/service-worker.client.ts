/**
 * Registers public/sw.js (docs/decisions/0025-service-worker.md). Loaded by
 * app/root.tsx after the page has loaded, so it never delays the first paint.
 * The build's manifest version is in the worker's URL: a new deploy is a new
 * worker, which replaces the old one and its cache.
 */
function assetsLoaded() {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname);
}

export async function registerServiceWorker() {
  const version = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? "dev";
  const registration = await navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, {
    scope: "/",
    updateViaCache: "none",
  });
  await navigator.serviceWorker.ready;
  // The assets this page loaded after its first paint (the draft code) are kept too.
  const keep = () => registration.active?.postMessage({ type: "keep-assets", urls: assetsLoaded() });
  keep();
  setTimeout(keep, 5_000);
}
