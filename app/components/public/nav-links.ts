/** docs/product.md#screens public header: the in-page sections of the landing page and the registration page. */
export const PUBLIC_NAV = [
  { label: "Home", hash: "", to: "/" },
  { label: "Programmes", hash: "programmes" },
  { label: "Benefits", hash: "benefits" },
  { label: "Registration", to: "/registration" },
  { label: "Fees", hash: "fees-payment" },
  { label: "Timetable", hash: "timetable" },
  { label: "FAQ", hash: "faq" },
] as const satisfies ReadonlyArray<{ label: string; hash?: string; to?: string }>;

/**
 * Where a nav entry points from the current page: on the landing page an
 * in-page anchor (smooth scroll, 100 px scroll-margin); elsewhere /#anchor.
 */
export function navHref(item: (typeof PUBLIC_NAV)[number], pathname: string): string {
  if ("to" in item && item.to && item.to !== "/") return item.to;
  if (!("hash" in item) || !item.hash) return "/";
  return pathname === "/" ? `#${item.hash}` : `/#${item.hash}`;
}
