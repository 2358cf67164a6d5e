/*
 * The service worker (docs/decisions/0025-service-worker.md). Registered by
 * app/root.tsx as /sw.js?v={build version}, so every deploy installs a new one.
 *
 * - Keeps, per build, the public pages that must open with no signal (the
 *   landing page, the enrolment form, the offline page), fetched WITHOUT
 *   cookies so no one's name or data is ever in them, plus the build's hashed
 *   assets those pages use.
 * - Pages: the network first, always (online visitors always get today's page);
 *   only with no connection: the kept copy of a public page, or the offline page.
 * - Never stores a signed-in page, a data request (.data), a form submission,
 *   or anything from another origin.
 * - A new build's worker takes over at once and deletes the old build's cache.
 */
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const PREFIX = "vcp-shell-";
const CACHE = PREFIX + VERSION;
const OFFLINE_URL = "/offline";
/** Public pages kept for offline use (anonymous copies). */
const KEPT_PAGES = ["/", "/registration", OFFLINE_URL];
const ASSET_PATTERN = /\/assets\/[A-Za-z0-9._-]+\.(?:js|css|woff2?|svg|png)/g;

async function keepPage(cache, path) {
  const response = await fetch(path, { credentials: "omit", cache: "no-store", redirect: "manual" });
  if (!response.ok || response.type !== "basic") return [];
  const html = await response.clone().text();
  await cache.put(path, response);
  return html.match(ASSET_PATTERN) || [];
}

async function keepAssets(cache, urls) {
  const unique = [...new Set(urls)].filter((u) => new URL(u, self.location.origin).pathname.startsWith("/assets/"));
  await Promise.all(
    unique.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url, { credentials: "omit" }).catch(() => null);
      if (response && response.ok) await cache.put(url, response);
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const found = await Promise.all(KEPT_PAGES.map((p) => keepPage(cache, p).catch(() => [])));
      await keepAssets(
        cache,
        ["/favicon.svg", ...found.flat()].filter((u) => u.startsWith("/assets/")),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** A page asks to keep the assets it loaded after the first paint (e.g. the draft code). */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "keep-assets" && Array.isArray(data.urls)) {
    event.waitUntil(
      caches
        .open(CACHE)
        .then((cache) => keepAssets(cache, data.urls.filter((u) => typeof u === "string").slice(0, 200))),
    );
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith("/assets/")) {
    // Hashed names: a name's content never changes, so the kept copy is always right.
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const kept = await cache.match(url.pathname);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok && response.type === "basic") await cache.put(url.pathname, response.clone());
        return response;
      })(),
    );
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      (async () => {
        try {
          return await fetch(request);
        } catch (error) {
          const cache = await caches.open(CACHE);
          if (KEPT_PAGES.includes(url.pathname)) {
            const page = await cache.match(url.pathname);
            if (page) return page;
          }
          // Any other page: send the browser to the offline page, at its own address (the app
          // must start on the page it was rendered for), remembering where the person was going.
          if (url.pathname !== OFFLINE_URL && (await cache.match(OFFLINE_URL))) {
            return Response.redirect(OFFLINE_URL + "?from=" + encodeURIComponent(url.pathname + url.search), 302);
          }
          return (await cache.match(OFFLINE_URL)) || Response.error();
        }
      })(),
    );
  }
  // Everything else (data requests, the route manifest, files, downloads) goes to the network untouched.
});
