import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, redirect } from "react-router";
import { normalizePhone } from "#app/domain/phone.ts";
import { ACCOUNT_CREATED, FACILITATOR_SIGNED_UP } from "#app/domain/messages.ts";
import { homePathForRole } from "#app/domain/roles.ts";
import { SignInSchema, signUpSchema, type SignUpScreen } from "#app/forms/auth.schema.ts";
import { User } from "#app/models/user.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { getSettings, getPasswordPolicy } from "#app/models/settings.server.ts";
import { connectDb } from "#app/models/db.server.ts";
import { AuthError, authenticator } from "#app/utils/auth.server.ts";
import { hashPassword } from "#app/models/password.server.ts";
import { safeRedirect } from "#app/utils/redirect.ts";
import { createUserSession, destroyUserSession } from "#app/utils/session-cookie.server.ts";
import { toastHeader, redirectWithToast } from "#app/utils/toast.server.ts";
import { checkAuthPost, reserveSignIn } from "#app/utils/sign-in-limits.server.ts";
import { sendCodeToAccount } from "#app/services/phone-codes.server.ts";
import { pendingSignInHeader } from "#app/utils/two-factor.server.ts";
import { secondFactorPaused } from "#app/utils/rate-limits.server.ts";
import { trustDeviceHeader, trustedDeviceFor } from "#app/utils/trusted-device.server.ts";

/**
 * The sign-in and sign-up fields' HTML constraints from their schemas (computed once), for the pages that render the
 * forms: the browser renders them from the loader's data and loads the schemas only to validate
 * (app/components/form/use-client-validation.ts).
 */
const SIGN_IN_CONSTRAINT = getZodConstraint(SignInSchema);
const SIGN_UP_CONSTRAINTS = {
  portal: getZodConstraint(signUpSchema("portal")),
  auth: getZodConstraint(signUpSchema("auth")),
};

export function accountFormConstraints(screen: SignUpScreen) {
  return { signIn: SIGN_IN_CONSTRAINT, signUp: SIGN_UP_CONSTRAINTS[screen] };
}

export const PHONE_TAKEN = "An account with this phone number already exists. Sign in instead.";
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
  const phone = normalizePhone(v.phone);
  await connectDb();
  const busy = await checkAuthPost(options.address);
  if (busy)
    return data(
      { result: submission.reply({ formErrors: [busy.message], hideFields: HIDE }) },
      { status: busy.status },
    );
  const phoneTaken = () =>
    data({ result: submission.reply({ fieldErrors: { phone: [PHONE_TAKEN] }, hideFields: HIDE }) }, { status: 400 });
  if (await User.exists({ phone })) return phoneTaken();
  const displayName = (v as { displayName?: string }).displayName || null;
  let created: { id: string };
  try {
    created = await User.create({
      role: v.role,
      phone,
      fullName: v.fullName,
      displayName,
      email: v.email ?? null,
      passwordHash: await hashPassword(v.password),
      // Anyone can sign up as a facilitator; the office decides who teaches (ADR 0090).
      ...(v.role === "facilitator" ? { pendingApproval: true } : {}),
    });
  } catch (error) {
    // Two sign-ups racing for one phone: the unique index decides.
    if ((error as { code?: number }).code === 11000) return phoneTaken();
    throw error;
  }
  // The office approves facilitators before they sign in (ADR 0090).
  if (v.role === "facilitator")
    return redirectWithToast(options.successUrl, {
      type: "success",
      title: ACCOUNT_CREATED,
      description: FACILITATOR_SIGNED_UP,
    });
  // Everyone else is signed in at once (a departure from the spec, docs/product.md). A parent whose number is a
  // registration's WhatsApp number goes on to confirm it by SMS and see the ward (Link a registration).
  const unlinked =
    v.role === "parent" &&
    (await Registration.exists({
      whatsappNumberNormalized: phone,
      parentUserId: null,
      withdrawnAt: { $exists: false },
    }));
  return signedIn(
    request,
    { id: created.id, phone },
    unlinked ? "/link-registration" : homePathForRole(v.role),
    undefined,
    {
      title: ACCOUNT_CREATED,
      description: unlinked ? "Confirm your number to see your ward." : "You are signed in.",
    },
  );
}
