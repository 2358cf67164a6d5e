/**
 * Signing in and up, shared by /portal, /auth and the second factor's page: the form's parse and reply, the limits,
 * remix-auth's check, the session and device cookies and the redirect. The account itself is made by the accounts
 * service (app/services/people/accounts.server.ts).
 */
import { data, redirect } from "react-router";
import { parseWithZod } from "#app/forms/parse.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { ACCOUNT_CREATED, FACILITATOR_SIGNED_UP } from "#app/domain/messages.ts";
import { homePathForRole } from "#app/domain/roles.ts";
import { SignInSchema, signUpSchema } from "#app/forms/auth.schema.ts";
import { getSettings, getPasswordPolicy } from "#app/models/settings.server.ts";
import { connectDb } from "#app/models/db.server.ts";
import { AuthError, authenticator } from "#app/utils/auth.server.ts";
import { safeRedirect } from "#app/utils/redirect.ts";
import { createUserSession, destroyUserSession } from "#app/utils/session-cookie.server.ts";
import { toastHeader, redirectWithToast } from "#app/utils/toast.server.ts";
import { checkAuthPost, reserveSignIn } from "#app/utils/sign-in-limits.server.ts";
import { sendCodeToAccount } from "#app/services/people/phone-codes.server.ts";
import { createAccount } from "#app/services/people/accounts.server.ts";
import { pendingSignInHeader } from "#app/utils/two-factor.server.ts";
import { secondFactorPaused } from "#app/utils/rate-limits.server.ts";
import { trustDeviceHeader, trustedDeviceFor } from "#app/utils/trusted-device.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";

const HIDE = ["password", "confirmPassword"];

/**
 * Sign-in shared by /portal and /auth: reserve the attempt (sign-in-limits.server.ts), verify with remix-auth, then
 * start our own session. `address` is the client's (app/utils/request-context.ts).
 */
export async function handleSignIn(request: Request, formData: FormData, address: string) {
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  }
  const formError = (message: string, status: number) =>
    data({ result: submission.reply({ formErrors: [message], hideFields: HIDE }) }, { status });
  await connectDb();
  const phone = normalizePhone(submission.value.phone) ?? submission.value.phone.slice(0, 40);
  // A browser where this account signed in before is limited by its own failures only (device cookies).
  const device = await trustedDeviceFor(request, phone);
  const reservation = await reserveSignIn(phone, address, device);
  if (reservation.refused) return formError(reservation.message, reservation.status);
  let user;
  try {
    user = await authenticator.authenticate("phone-password", request);
  } catch (error) {
    if (error instanceof AuthError) {
      const locked = await reservation.failed();
      return locked ? formError(locked.message, locked.status) : formError(error.message, 400);
    }
    throw error;
  }
  await reservation.succeeded();
  const destination = safeRedirect(submission.value.redirectTo, homePathForRole(user.role));
  // Two-factor on: an admin's right password only sends a code to the admin's phone (app/utils/two-factor.server.ts).
  // The phone the password was checked for is the account's own (normalised, as stored).
  if (user.role === "admin" && (await getSettings()).twoFactorAuth) {
    const paused = await secondFactorPaused(secondFactorKey(user.id, device));
    if (paused) return formError(paused.message, paused.status);
    await sendCodeToAccount("admin-sign-in", phone);
    const pending = await pendingSignInHeader({ userId: user.id, redirectTo: destination });
    return redirect("/sign-in/code", { headers: { "Set-Cookie": pending } });
  }
  return signedIn(request, { id: user.id, phone }, destination);
}

/** Whose wrong two-factor codes count together: the account's, or a device of the account's own. */
export function secondFactorKey(userId: string, device: string | null) {
  return device ? `${userId}|device:${device}` : userId;
}

/**
 * Starts the session: a fresh Session id on every sign-in (the browser's previous Session, if any, is deleted), and
 * the browser becomes a device of the account with this phone (its device cookie).
 */
export async function signedIn(
  request: Request,
  account: { id: string; phone: string },
  destination: string,
  extraCookie?: string,
  toast: { title: string; description?: string } = { title: "Signed in successfully!" },
) {
  await destroyUserSession(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(account.id));
  headers.append("Set-Cookie", await trustDeviceHeader(request, account.phone));
  headers.append("Set-Cookie", await toastHeader({ type: "success", ...toast }));
  if (extraCookie) headers.append("Set-Cookie", extraCookie);
  return redirect(destination, { headers });
}

/** Sign-up: never creates an admin (the schema only accepts student, parent, facilitator). */
export async function handleSignUp(
  request: Request,
  formData: FormData,
  options: { portal: boolean; successUrl: string; address: string },
) {
  const schema = signUpSchema(options.portal ? "portal" : "auth", await getPasswordPolicy());
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  }
  const v = submission.value;
  await connectDb();
  const busy = await checkAuthPost(options.address);
  if (busy)
    return data(
      { result: submission.reply({ formErrors: [busy.message], hideFields: HIDE }) },
      { status: busy.status },
    );
  const created = await createAccount({
    role: v.role,
    phone: v.phone,
    fullName: v.fullName,
    displayName: (v as { displayName?: string }).displayName || null,
    email: v.email ?? null,
    password: v.password,
  });
  if (!created.ok) return replyToRefusal(submission, created, { hideFields: HIDE });
  // The office approves facilitators before they sign in (ADR 0090).
  if (v.role === "facilitator")
    return redirectWithToast(options.successUrl, {
      type: "success",
      title: ACCOUNT_CREATED,
      description: FACILITATOR_SIGNED_UP,
    });
  // Everyone else is signed in at once (a departure from the spec, docs/product.md). A parent whose number is a
  // registration's WhatsApp number goes on to confirm it by SMS and see the ward (Link a registration).
  return signedIn(
    request,
    { id: created.id, phone: created.phone },
    created.unlinked ? "/link-registration" : homePathForRole(v.role),
    undefined,
    {
      title: ACCOUNT_CREATED,
      description: created.unlinked ? "Confirm your number to see your ward." : "You are signed in.",
    },
  );
}
