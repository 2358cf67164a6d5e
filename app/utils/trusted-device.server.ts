import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { env } from "#app/models/infra/env.server.ts";

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser in which an account has
 * signed in keeps a signed cookie naming that account and an id of its own. A sign-in from such a device is limited by
 * its own failures only, not by the account's lock or burst that attackers elsewhere ran up, nor by its address's:
 * guessing a password from everywhere cannot lock its owner out. A device that fails N times is locked as a client
 * would be (app/utils/sign-in-limits.server.ts). Several accounts may share a family's phone: up to five are kept.
 */
const deviceCookie = createCookie("__device", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/",
  secrets: env.sessionSecrets,
  maxAge: 365 * 24 * 3600,
});

type Entry = { a: string; d: string };
const MAX_ACCOUNTS = 5;

async function entries(request: Request): Promise<Entry[]> {
  const value = (await deviceCookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is Entry => typeof e === "object" && e !== null && typeof e.a === "string" && typeof e.d === "string",
  );
}

/**
 * The device's id for the account with this phone (normalised; sign-in limits are kept by phone), or null when that
 * account has not signed in from this browser.
 */
export async function trustedDeviceFor(request: Request, phone: string): Promise<string | null> {
  return (await entries(request)).find((e) => e.a === phone)?.d ?? null;
}

/** Set-Cookie after a successful sign-in: this browser is now a device of the account with this phone. */
export async function trustDeviceHeader(request: Request, phone: string): Promise<string> {
  const list = await entries(request);
  const known = list.find((e) => e.a === phone);
  const entry = known ?? { a: phone, d: randomBytes(12).toString("base64url") };
  const rest = list.filter((e) => e !== known);
  return deviceCookie.serialize([entry, ...rest].slice(0, MAX_ACCOUNTS));
}
