import { createCookie } from "react-router";
import { env } from "#app/models/infra/env.server.ts";

/**
 * The phone number between the two steps of "Forgot password" (the number the person typed, normalised): a signed,
 * short-lived cookie of those two pages only, so the second step needs no number in its address.
 */
export const forgotPasswordCookie = createCookie("__forgot", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/forgot-password",
  secrets: env.sessionSecrets,
  maxAge: 15 * 60,
});

export async function forgottenPhone(request: Request): Promise<string | null> {
  const value: unknown = await forgotPasswordCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^\+\d{8,15}$/.test(value) ? value : null;
}
