import { data, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { normalizePhone } from "#app/domain/phone.ts";
import { effectiveRole, type AdminPermissionFlag, type Role } from "#app/domain/roles.ts";
import { upgradePasswordHash, User } from "#app/models/user.server.ts";
import { getAdminPermissions } from "#app/models/admin-permission.server.ts";
import { connectDb } from "#app/models/db.server.ts";
import { getDummyHash, verifyPassword } from "#app/models/password.server.ts";
import { getSessionInfo, type SessionInfo } from "#app/utils/session-cookie.server.ts";
import type { Actor } from "#app/models/audit-log.server.ts";
import { oncePerRequest, pageUrl } from "#app/utils/request-scope.server.ts";
import {
  ACCESS_RESTRICTED_MESSAGE,
  ACCESS_RESTRICTED_TITLE,
  ACCOUNT_DISABLED,
  ACCOUNT_PENDING,
  INVALID_CREDENTIALS,
} from "#app/domain/messages.ts";

export { INVALID_CREDENTIALS };

/** A failure the sign-in form shows as it is. */
export class AuthError extends Error {}

export type AuthenticatedUser = { id: string; role: Role };

/** A refused sign-in is answered after at least this long, whatever its hash cost (see the strategy below). */
const REFUSED_SIGN_IN_MS = 250;

/**
 * remix-auth only verifies credentials; sessions are ours (session.server.ts) and so are the sign-in limits
 * (sign-in-limits.server.ts), reserved by handleSignIn before this runs.
 */
export const authenticator = new Authenticator<AuthenticatedUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const phoneRaw = form.get("phone");
    const password = form.get("password");
    if (typeof phoneRaw !== "string" || typeof password !== "string" || !phoneRaw || !password) {
      throw new AuthError(INVALID_CREDENTIALS);
    }
    const phone = normalizePhone(phoneRaw);
    const started = performance.now();
    await connectDb();
    const user = phone
      ? await User.findOne({ phone }).select("_id role passwordHash disabledAt pendingApproval").lean<{
          _id: string;
          role: string;
          passwordHash: string;
          disabledAt: Date | null;
          pendingApproval?: boolean;
        }>()
      : null;
    // Verify against a dummy hash when the phone is unknown so timing does not reveal which phones exist; and answer
    // every refusal after the same minimum time, because hashes still in an older format (scrypt) take longer than
    // argon2id until their owners sign in again.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) {
      const wait = REFUSED_SIGN_IN_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      throw new AuthError(INVALID_CREDENTIALS);
    }
    // Said only to whoever knows the password: that the account exists is no secret from them.
    if (user.disabledAt) throw new AuthError(ACCOUNT_DISABLED);
    if (user.pendingApproval) throw new AuthError(ACCOUNT_PENDING);
    // A hash from before today's setting (scrypt, or weaker argon2id) is replaced now that we know the password.
    await upgradePasswordHash(user._id, password, user.passwordHash);
    return { id: user._id, role: effectiveRole(user.role) };
  }),
  "phone-password",
);

function signInRedirect(request: Request): never {
  const url = pageUrl(request);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/portal?redirectTo=${encodeURIComponent(redirectTo)}`);
}

/**
 * The actor of a write made from the session: the person whose portal it is (whose rights it uses), and the admin
 * viewing as them, if one is. Services record the admin as the one who did it and that person as "viewed as"
 * (docs/decisions/0118-every-write-names-who-did-it.md).
 */
export function actorOf(info: SessionInfo): Actor {
  const { _id, role } = info.effectiveUser;
  return { _id, role: effectiveRole(role), viewingAdminId: info.impersonating ? info.user._id : null };
}

export async function getOptionalUser(request: Request): Promise<SessionInfo | null> {
  return getSessionInfo(request);
}

/**
 * First line of every signed-in loader/action: anonymous visitors go to /portal. (Viewing as someone lasts only while
 * the admin holds the permissions that started it: app/utils/session-cookie.server.ts checks them on every request.)
 */
export async function requireUser(request: Request): Promise<SessionInfo> {
  const info = await getSessionInfo(request);
  if (!info) signInRedirect(request);
  return info;
}

function adminPermissionsOf(request: Request, info: SessionInfo) {
  // The admin layout, the page and the guards may all ask: one read per request.
  return oncePerRequest(request, `admin-permissions ${info.user._id}`, () =>
    getAdminPermissions(info.user._id, info.user.role),
  );
}

function accessRestricted() {
  return data({ title: ACCESS_RESTRICTED_TITLE, message: ACCESS_RESTRICTED_MESSAGE }, { status: 403 });
}

/** Anonymous visitors only (sign-in pages): a signed-in visitor goes to `to`. */
export async function requireAnonymous(request: Request, to = "/dashboard") {
  if (await getSessionInfo(request)) throw redirect(to);
}

/**
 * The effective user (impersonated while an admin views as someone) must have
 * one of the roles; otherwise 403. A user with no role counts as a student.
 */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<SessionInfo> {
  const info = await requireUser(request);
  if (!roles.includes(effectiveRole(info.effectiveUser.role))) {
    throw data("You don't have access to this page.", { status: 403 });
  }
  // An admin acting as staff on a shared page (facilitator tools, files) holds the admin portal, like on admin pages.
  if (!info.impersonating && info.user.role === "admin" && !(await adminPermissionsOf(request, info)).can_view_portal) {
    throw accessRestricted();
  }
  return info;
}

/**
 * Admin pages check the real signed-in user (docs/product.md#security): anonymous → /portal,
 * non-admin → /, admin lacking the flag → 403 'Access Restricted'. can_view_portal is the admin portal itself:
 * without it no admin page or admin action is open, whatever the other flags
 * (docs/decisions/0019-admin-permissions-and-impersonation.md). Read from the database on every request.
 */
export async function requireAdmin(request: Request, flag?: AdminPermissionFlag) {
  const info = await requireUser(request);
  if (info.user.role !== "admin") throw redirect("/");
  const permissions = await adminPermissionsOf(request, info);
  if (!permissions.can_view_portal || (flag && !permissions[flag])) throw accessRestricted();
  return { ...info, permissions };
}

/**
 * The real user is an admin, acting as themself, holding the admin portal and one of the flags (for pages and files that are
 * not admin-only). While viewing as someone, the admin sees what that person sees.
 */
export async function hasAdminPermission(
  info: SessionInfo,
  ...anyOf: [AdminPermissionFlag, ...AdminPermissionFlag[]]
): Promise<boolean> {
  if (info.user.role !== "admin" || info.impersonating) return false;
  const permissions = await getAdminPermissions(info.user._id, info.user.role);
  return permissions.can_view_portal && anyOf.some((flag) => permissions[flag]);
}
