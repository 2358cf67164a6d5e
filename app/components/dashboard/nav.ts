import { effectiveRole, type Role } from "#app/domain/roles.ts";

/**
 * The dashboard shell's sidebar (docs/product.md#screens). One table decides both which links
 * a role sees and which roles a page lets in, so the two cannot drift apart.
 * Order is the spec's: filtering it per role gives each role's listed order.
 */
export const DASHBOARD_LINKS = [
  { key: "overview", to: "/dashboard", label: "Overview", roles: ["admin", "student", "parent", "facilitator"] },
  { key: "whatsapp", to: "/dashboard/whatsapp", label: "WhatsApp Groups", roles: ["student", "parent"] },
  { key: "subjects", to: "/dashboard/subjects", label: "Subjects", roles: ["facilitator"] },
  { key: "assignments", to: "/dashboard/assignments", label: "Assignments", roles: ["facilitator"] },
  { key: "communications", to: "/dashboard/communications", label: "Communications", roles: ["facilitator", "parent"] },
  { key: "classes", to: "/dashboard/classes", label: "Classes", roles: ["facilitator"] },
  { key: "students", to: "/dashboard/students", label: "Student Management", roles: ["facilitator"] },
  { key: "analytics", to: "/dashboard/analytics", label: "Analytics", roles: ["admin", "facilitator"] },
  { key: "evaluations", to: "/dashboard/evaluations", label: "Evaluation Forms", roles: ["parent"] },
  { key: "payments", to: "/dashboard/payments", label: "Payment History", roles: ["parent"] },
  { key: "portal-management", to: "/dashboard/portal-management", label: "Portal Management", roles: ["admin"] },
] as const satisfies ReadonlyArray<{ key: string; to: string; label: string; roles: readonly Role[] }>;

export type DashboardLink = (typeof DASHBOARD_LINKS)[number];
export type DashboardPageKey = DashboardLink["key"];

/** Mobile bottom bar: the first links only (docs/product.md#constants). */
export const BOTTOM_BAR_ITEMS = 4;

/** The roles allowed on a dashboard page, for `requireRole`. */
export function pageRoles(key: DashboardPageKey): readonly Role[] {
  return DASHBOARD_LINKS.find((l) => l.key === key)!.roles;
}

/** The sidebar of a role; a user with no (or an unknown) role is treated as a student. */
export function sidebarLinks(role: string | null | undefined): DashboardLink[] {
  const r = effectiveRole(role);
  return DASHBOARD_LINKS.filter((l) => (l.roles as readonly Role[]).includes(r));
}

/**
 * The first four links but Communications, which the header's bell opens from every page: so a parent's bar holds
 * Payment History, and every label fits a quarter of a 360 px screen without breaking a word.
 */
export function bottomBarLinks(role: string | null | undefined): DashboardLink[] {
  return sidebarLinks(role)
    .filter((l) => l.key !== "communications")
    .slice(0, BOTTOM_BAR_ITEMS);
}

/** Active by path prefix; the Overview (/dashboard) only on an exact match, or it would light up everywhere. */
export function isActivePath(linkTo: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (linkTo === "/dashboard") return path === "/dashboard";
  return path === linkTo || path.startsWith(`${linkTo}/`);
}
