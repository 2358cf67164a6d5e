const BASE = "http://same-site.invalid";

/**
 * Only same-site paths are honoured as redirect targets ("/x", never "//evil", "/\evil" or "https://…"). The target is
 * read as a browser would read it (WHATWG URL: a backslash is a slash, tabs and newlines are dropped), must stay on
 * this site, and comes back percent-encoded, so it is always a valid `Location` header whatever characters it held.
 * Used by the server's redirects and by links the browser builds from the address (the offline page).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex -- a control character or backslash right after the slash
  if (!to || typeof to !== "string" || !to.startsWith("/") || /[\0-\x1f\\]/.test(to.slice(0, 2))) return fallback;
  if (/[\r\n\t\0]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  // "/.//evil" and "/%2e//evil" stay on the site as parsed, but their path comes out as "//evil": another site.
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
