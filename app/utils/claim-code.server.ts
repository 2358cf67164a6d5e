import { createCookie } from "react-router";
import { CLAIM_CODE_SHOWN_MINUTES, isReferenceShaped } from "#app/domain/registration.ts";
import { env } from "#app/models/env.server.ts";

/**
 * Who sees a registration's claim code (docs/decisions/0070-limits-and-ownership.md): the browser that submitted the
 * registration, for CLAIM_CODE_SHOWN_MINUTES on its confirmation page (long enough to survive a dropped link and a
 * reload, short enough that a shared phone does not keep it), and the signed-in account that submitted it. Anyone else
 * who opens the confirmation URL (a reference is read out on the phone, listed for staff, forwarded) sees no code.
 */
const KEPT = 5;

const submittedCookie = createCookie("__submitted", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.secureCookies,
  path: "/registration",
  secrets: env.sessionSecrets,
  maxAge: CLAIM_CODE_SHOWN_MINUTES * 60,
});

async function submittedReferences(request: Request): Promise<string[]> {
  const value: unknown = await submittedCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string" && isReferenceShaped(v)).slice(-KEPT)
    : [];
}

/** The Set-Cookie header that lets this browser see the claim code of the registration it has just submitted. */
export async function rememberSubmission(request: Request, reference: string): Promise<string> {
  const kept = (await submittedReferences(request)).filter((r) => r !== reference);
  return submittedCookie.serialize([...kept, reference].slice(-KEPT));
}

/** True when this browser submitted the registration with this reference in the last CLAIM_CODE_SHOWN_MINUTES. */
export async function submittedHere(request: Request, reference: string): Promise<boolean> {
  return (await submittedReferences(request)).includes(reference);
}
