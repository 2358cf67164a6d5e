import { effectiveRole } from "#app/domain/roles.ts";
import { accessAllows } from "#app/utils/route-rules.ts";
import type { RulesLookup } from "#app/utils/route-tree.ts";

/**
 * The dashboard shell's sidebar (docs/product.md#screens), in the spec's order. Who sees a link is who may open its
 * page: each page declares its roles in its own `handle` (app/utils/route-rules.ts), and its guard reads them from
 * there, so the sidebar, the declaration and the guard cannot drift apart.
 */
export const DASHBOARD_LINKS = [
  { key: "overview", to: "/dashboard", label: "Overview" },
  { key: "whatsapp", to: "/dashboard/whatsapp", label: "WhatsApp Groups" },
  { key: "subjects", to: "/dashboard/subjects", label: "Subjects" },
  { key: "assignments", to: "/dashboard/assignments", label: "Assignments" },
  { key: "communications", to: "/dashboard/communications", label: "Communications" },
  { key: "classes", to: "/dashboard/classes", label: "Classes" },
  { key: "students", to: "/dashboard/students", label: "Student Management" },
  { key: "analytics", to: "/dashboard/analytics", label: "Analytics" },
  { key: "evaluations", to: "/dashboard/evaluations", label: "Evaluation Forms" },
  { key: "payments", to: "/dashboard/payments", label: "Payment History" },
  { key: "portal-management", to: "/dashboard/portal-management", label: "Portal Management" },
] as const satisfies ReadonlyArray<{ key: string; to: string; label: string }>;

export type DashboardLink = (typeof DASHBOARD_LINKS)[number];
export type DashboardPageKey = DashboardLink["key"];

/** Mobile bottom bar: the first links only (docs/product.md#constants). */
export const BOTTOM_BAR_ITEMS = 4;

/**
 * The links a user with this role sees: the pages whose declared access lets the role in (a user with no, or an
 * unknown, role is treated as a student). Asked on the server, where the build's declarations are; the answer travels
 * in every dashboard page's data as a bit set over DASHBOARD_LINKS (bit i: the i-th link), two bytes where the keys
 * took eighty, on pages that must stay small for 2G phones.
 */
export function visibleLinks(role: string | null | undefined, rulesFor: RulesLookup): number {
  const r = effectiveRole(role);
  return DASHBOARD_LINKS.reduce((visible, link, i) => {
    const access = rulesFor(link.to)?.access;
    return access !== undefined && accessAllows(access, { role: r }) ? visible | (1 << i) : visible;
  }, 0);
}

/** The sidebar: the visible links, in the table's order. */
export function sidebarLinks(visible: number): DashboardLink[] {
  return DASHBOARD_LINKS.filter((_, i) => visible & (1 << i));
}

/**
 * The first four links but Communications, which the header's bell opens from every page: so a parent's bar holds
 * Payment History, and every label fits a quarter of a 360 px screen without breaking a word.
 */
export function bottomBarLinks(visible: number): DashboardLink[] {
  return sidebarLinks(visible)
    .filter((l) => l.key !== "communications")
    .slice(0, BOTTOM_BAR_ITEMS);
}

/** Active by path prefix; the Overview (/dashboard) only on an exact match, or it would light up everywhere. */
export function isActivePath(linkTo: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (linkTo === "/dashboard") return path === "/dashboard";
  return path === linkTo || path.startsWith(`${linkTo}/`);
}
