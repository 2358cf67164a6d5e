import { SCHOOL_NAME, type SchoolContacts } from "#app/domain/school.ts";
import { getSettings, schoolContacts } from "#app/models/settings.server.ts";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE =
  "body{margin:0;font-family:system-ui,sans-serif;background:#f9fafb;color:#111827}main{max-width:36rem;margin:0 auto;padding:3rem 1rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5}a{color:#1d4ed8;font-weight:600}a:focus{outline:3px solid #1d4ed8;outline-offset:2px}";

/**
 * The school's own small page, for an address that answers a file (a report link) when there is no file to give: what
 * happened, what to do, and how to reach the school. Plain HTML with no script and its style inline, a few hundred
 * bytes: it is opened from an SMS on any phone's browser.
 */
export async function schoolPage(
  status: number,
  page: { title: string; lines: string[]; retryAfterSeconds?: number },
): Promise<Response> {
  const contacts: SchoolContacts = schoolContacts(await getSettings().catch(() => null));
  const phones = contacts.phones.map((p) => `<a href="tel:${escape(p.tel)}">${escape(p.display)}</a>`).join(" or ");
  const body = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escape(page.title)} | ${escape(SCHOOL_NAME)}</title><style>${STYLE}</style></head>`,
    `<body><main id="main"><h1>${escape(page.title)}</h1>`,
    ...page.lines.map((line) => `<p>${escape(line)}</p>`),
    `<p>Call the school on ${phones} (${escape(contacts.hours)}), or write to <a href="mailto:${escape(contacts.email)}">${escape(contacts.email)}</a>.</p>`,
    `<p><a href="/portal">Sign in to the portal</a> · <a href="/">${escape(SCHOOL_NAME)}</a></p></main></body></html>`,
  ].join("");
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      ...(page.retryAfterSeconds ? { "Retry-After": String(page.retryAfterSeconds) } : {}),
    },
  });
}
