import { createCookie } from "react-router";
import { env } from "#app/models/infra/env.server.ts";

/**
 * Admin sign-in with two-factor on (docs/decisions/0078): between the right password and the right code, the admin is
 * not signed in; who is waiting for a code travels in this signed cookie of the code page (10 minutes), with where to
 * go afterwards.
 */
const pendingSignInCookie = createCookie("__2fa", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/sign-in",
  secrets: env.sessionSecrets,
  maxAge: 10 * 60,
});

export type PendingSignIn = { userId: string; redirectTo: string };

export function pendingSignInHeader(pending: PendingSignIn): Promise<string> {
  return pendingSignInCookie.serialize(pending);
}

export function clearPendingSignInHeader(): Promise<string> {
  return pendingSignInCookie.serialize("", { maxAge: 0 });
}

export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value = (await pendingSignInCookie.parse(request.headers.get("Cookie"))) as Partial<PendingSignIn> | null;
  if (!value || typeof value.userId !== "string" || typeof value.redirectTo !== "string") return null;
  return { userId: value.userId, redirectTo: value.redirectTo };
}
