import { createCookie } from "react-router";
import { CLAIM_CODE_SHOWN_MINUTES, isReferenceShaped } from "#app/domain/registration.ts";
import { env } from "#app/models/infra/env.server.ts";
import { getOptionalUser } from "#app/utils/auth.server.ts";

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

type Submitted = { ref: string; at: number };

/**
 * The registrations this browser submitted in the last CLAIM_CODE_SHOWN_MINUTES, each with the time it was submitted:
 * the server drops older ones itself (a later submission renews the cookie, and a copied cookie outlives the
 * browser's expiry, so the cookie's max-age alone would not).
 */
async function submittedRecently(request: Request, now = Date.now()): Promise<Submitted[]> {
  const value: unknown = await submittedCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is Submitted => typeof v?.ref === "string" && isReferenceShaped(v.ref) && typeof v?.at === "number")
    .filter((v) => v.at <= now && now - v.at < CLAIM_CODE_SHOWN_MINUTES * 60_000)
    .slice(-KEPT);
}

/** The Set-Cookie header that lets this browser see the claim code of the registration it has just submitted. */
export async function rememberSubmission(request: Request, reference: string): Promise<string> {
  const kept = (await submittedRecently(request)).filter((s) => s.ref !== reference);
  return submittedCookie.serialize([...kept, { ref: reference, at: Date.now() }].slice(-KEPT));
}

/** True when this browser submitted the registration with this reference in the last CLAIM_CODE_SHOWN_MINUTES. */
export async function submittedHere(request: Request, reference: string): Promise<boolean> {
  return (await submittedRecently(request)).some((s) => s.ref === reference);
}

/** The browser that submitted it (for a while) and the signed-in account that submitted it; nobody else. */
export async function mayReadClaimCode(request: Request, registration: { reference: string; userId?: string | null }) {
  if (await submittedHere(request, registration.reference)) return true;
  if (!registration.userId) return false;
  const info = await getOptionalUser(request);
  return info?.user._id != null && String(info.user._id) === String(registration.userId);
}
