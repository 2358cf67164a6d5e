import { createCookie } from "react-router";
import { Session } from "#app/models/session.server.ts";
import { User, PUBLIC_USER_FIELDS, type PublicUser } from "#app/models/user.server.ts";
import { getAdminPermissions } from "#app/models/admin-permission.server.ts";
import { getSettings } from "#app/models/settings.server.ts";
import { connectDb } from "#app/models/db.server.ts";
import { env } from "#app/models/infra/env.server.ts";
import { noteRequestUser, oncePerRequest } from "#app/utils/request-scope.server.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";

/** The cookie carries only the Session document's id (docs/product.md#architecture). */
const SESSION_COOKIE = "__session";
export const sessionCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: 60 * 60 * 24 * 30,
});

// Sliding expiry is written at most this often, not on every request.
const TOUCH_EVERY_MS = 60_000;

export type SessionInfo = {
  sessionId: string;
  /** The signed-in account (the admin, while impersonating). */
  user: PublicUser;
  /** Who the portals show: the impersonated user, or the user. */
  effectiveUser: PublicUser;
  impersonating: boolean;
};

// Verifying the cookie's signature (HMAC through WebCrypto) was 3 % of a signed-in page's CPU: a value once verified is
// remembered. Only the signature check is skipped; the Session document is still read on every request, so a session
// deleted a moment ago is refused at once.
const verified = new Map<string, string | null>();
const VERIFIED_MAX = 2_000;
const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);

/** The Session id the request's signed cookie carries, or null (unsigned, tampered, malformed). */
export async function sessionIdFromCookie(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  const value = header ? COOKIE_VALUE.exec(header)?.[1] : undefined;
  if (!value) return null;
  const known = verified.get(value);
  if (known !== undefined) return known;
  const raw: unknown = await sessionCookie.parse(`${SESSION_COOKIE}=${value}`).catch(() => null);
  const id = typeof raw === "string" && ID_PATTERN.test(raw) ? raw : null;
  if (value.length <= 200) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(value, id);
  }
  return id;
}

/** The request's session, looked up once per request however many middleware functions and loaders ask. */
export function getSessionInfo(request: Request): Promise<SessionInfo | null> {
  return oncePerRequest(request, `session ${request.headers.get("Cookie") ?? ""}`, () => loadSession(request));
}

async function loadSession(request: Request): Promise<SessionInfo | null> {
  const raw = await sessionIdFromCookie(request);
  if (!raw) return null;
  await connectDb();
  const session = await Session.findById(raw).lean();
  const now = new Date();
  if (!session || session.expiresAt <= now) return null;
  const [user, impersonated] = await Promise.all([
    User.findById(session.userId).select(PUBLIC_USER_FIELDS).lean<PublicUser>(),
    session.impersonatedUserId
      ? User.findById(session.impersonatedUserId).select(PUBLIC_USER_FIELDS).lean<PublicUser>()
      : null,
  ]);
  // A disabled account's sessions end at once, whoever holds them.
  if (!user || user.disabledAt || user.pendingApproval) return null;
  noteRequestUser(String(user._id));
  // Impersonation only ever applies to an admin viewing a non-admin, and only while the admin still holds the
  // permissions that started it (checked on every request: a flag removed mid-way ends the impersonation).
  let impersonating = Boolean(
    impersonated &&
    !impersonated.disabledAt &&
    !impersonated.pendingApproval &&
    user.role === "admin" &&
    impersonated.role !== "admin",
  );
  if (impersonating) {
    const permissions = await getAdminPermissions(user._id, user.role);
    if (!permissions.can_view_portal || !permissions.can_edit_users) impersonating = false;
  }
  if (session.impersonatedUserId && !impersonating) {
    await Session.updateOne({ _id: session._id }, { $set: { impersonatedUserId: null } });
  }
  if (now.getTime() - new Date(session.lastSeenAt ?? 0).getTime() > TOUCH_EVERY_MS) {
    const { sessionTimeout } = await getSettings();
    await Session.updateOne(
      { _id: session._id },
      { $set: { lastSeenAt: now, expiresAt: new Date(now.getTime() + sessionTimeout * 60_000) } },
    );
  }
  return {
    sessionId: session._id,
    user,
    effectiveUser: impersonating ? impersonated! : user,
    impersonating,
  };
}

/** Creates a Session for the user and returns the Set-Cookie header value. */
export async function createUserSession(userId: string): Promise<string> {
  await connectDb();
  const { sessionTimeout } = await getSettings();
  const now = new Date();
  const session = await Session.create({
    userId: String(userId),
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionTimeout * 60_000),
  });
  return sessionCookie.serialize(session._id);
}

/** Deletes the request's Session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const raw = await sessionIdFromCookie(request);
  if (raw) {
    await connectDb();
    await Session.deleteOne({ _id: raw });
  }
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** Signs a user out everywhere, optionally keeping one session. */
export async function deleteOtherSessions(userId: string, keepSessionId?: string) {
  const filter: Record<string, unknown> = { userId: String(userId) };
  if (keepSessionId) filter._id = { $ne: String(keepSessionId) };
  await Session.deleteMany(filter);
}

export async function setImpersonation(sessionId: string, targetUserId: string | null) {
  await Session.updateOne(
    { _id: String(sessionId) },
    { $set: { impersonatedUserId: targetUserId ? String(targetUserId) : null } },
  );
}
