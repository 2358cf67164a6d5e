/**
 * What each route module declares about itself in its `handle` (docs/decisions/0092-one-door-per-room.md), read by
 * everything that used to keep a list of paths: the HTTP server (body limits, load shedding, the page cache), the root
 * middleware (maintenance mode, form bodies), the dashboard's navigation and the authorization contract test. The
 * declaration does not replace the route's guard: the guard stays the first line of its loader and action, and
 * tests/e2e/auth-contract.spec.ts checks that each route refuses whom its declaration refuses.
 */
import type { AdminPermissionFlag, Role } from "#app/domain/roles.ts";

export type Access =
  /** Anyone, signed in or not. */
  | "public"
  /** An outside service (a gateway's webhook, a provider's callback): the route checks its secret or signature first. */
  | "callback"
  /** Any signed-in user; the route itself may narrow what each one sees. */
  | "signed-in"
  /** Signed-in users whose effective role (the one being viewed as, for an admin) is one of these. */
  | { roles: readonly Role[] }
  /** Admins holding the admin portal and this permission. */
  | { admin: AdminPermissionFlag };

/**
 * A cacheable page's parameters (server/tuning/page-cache.ts): the query parameters it reads, each with the values that
 * change the page, or "uncached" for a free value (such a request is rendered, never stored). The cache keys on these
 * alone and renders with the others removed, so an unknown or unlisted parameter or value never makes a new entry.
 */
export type PageCacheRule = { params: Record<string, readonly string[] | "uncached"> };

export type RouteRules = {
  /** Who may load the route (and post to it, unless `actionAccess` says otherwise). */
  access: Access;
  /** Who may post to it, when stricter than who may read it. */
  actionAccess?: Access;
  /**
   * "upload": multipart file uploads, with their size limit and deadlines (server/body-limit.ts); "handin": work handed
   * in, several phone photos at once, with a larger limit and a longer deadline. Default: a form.
   */
  body?: "upload" | "handin";
  /** "open": stays up while the school is in maintenance mode (signing in, callbacks that must not be dropped). */
  maintenance?: "open";
  /** "priority": admitted within the load shedder's reserve when the server is behind (server/load-shed.ts). */
  shed?: "priority";
  /** Cacheable for anonymous visitors, with the query parameters it reads (server/tuning/page-cache.ts). */
  pageCache?: PageCacheRule;
  /**
   * The address's last parameter is a secret (a link's token, a callback's secret, a reference that opens a family's
   * page): the request log writes `[secret]` in its place (server/observability.ts).
   */
  secretPath?: true;
};

/** The shape of every route module's `handle` (`export const handle = { rules: {…} } satisfies RouteHandle`). */
export type RouteHandle = { rules: RouteRules };

/** A module's declared rules, or null when its `handle` declares none. */
export function rulesOf(handle: unknown): RouteRules | null {
  if (typeof handle !== "object" || handle === null || !("rules" in handle)) return null;
  const rules = handle.rules;
  return typeof rules === "object" && rules !== null && "access" in rules ? (rules as RouteRules) : null;
}

/** May a signed-in user with this effective role (and, for admins, these permissions) pass `access`? */
export function accessAllows(
  access: Access,
  who: { role: Role; permissions?: Partial<Record<AdminPermissionFlag, boolean>> } | null,
): boolean {
  if (access === "public" || access === "callback") return true;
  if (!who) return false;
  if (access === "signed-in") return true;
  if ("roles" in access) return access.roles.includes(who.role);
  return who.role === "admin" && Boolean(who.permissions?.can_view_portal && who.permissions[access.admin]);
}
