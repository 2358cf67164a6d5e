import { z } from "zod";
import { requiredText } from "#app/forms/parse.ts";
import { isPlausiblePhone, normalizePhone } from "#app/domain/phone.ts";
import { SELF_SIGNUP_ROLES, emailRequiredFor } from "#app/domain/roles.ts";
import { passwordPolicyFrom, passwordRuleError, type PasswordPolicy } from "#app/domain/password-policy.ts";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
/** The rules when no settings are at hand (the defaults of the security settings). */
export const DEFAULT_PASSWORD_POLICY = passwordPolicyFrom(null);
/** How long an admin-issued password reset link works (docs/product.md#departures). */
export const RESET_LINK_HOURS = 24;
export const RESET_LINK_INVALID = "This link is invalid or has expired";

const phone = requiredText("Phone number is required", 30, "Phone number is too long")
  // The stored form (+ and 10 to 16 digits, the User model's rule): a valid mobile number that is shorter (a few small
  // countries') is refused here, by its field, not by the database.
  .refine(
    (v) => isPlausiblePhone(v) && /^\+\d{10,16}$/.test(normalizePhone(v)),
    "Enter a valid phone number, e.g. 024 123 4567",
  );

/**
 * A new password under the security settings' rules (app/domain/password-policy.ts): the same rule gives the check,
 * its message and the field's hint, in the browser and on the server. A field-level check, so it is reported with
 * every other error of the form.
 */
export const newPassword = (policy: PasswordPolicy, required = "Password is required") =>
  z
    .string({ error: required })
    .min(1, required)
    .max(128, "Password must be at most 128 characters long")
    .superRefine((value, ctx) => {
      const broken = value ? passwordRuleError(value, policy) : null;
      if (broken) ctx.addIssue({ code: "custom", message: broken });
    });

/**
 * Whether both password fields were given as text: then "do not match" is reported with the form's other errors
 * (a refinement of the whole form otherwise waits until every field is valid).
 */
export const bothPasswordsGiven =
  (field: string) =>
  (payload: { value: unknown }): boolean => {
    const v = (payload.value ?? {}) as Record<string, unknown>;
    return typeof v[field] === "string" && typeof v.confirmPassword === "string";
  };

export const SignInSchema = z.object({
  intent: z.literal("signin"),
  phone: requiredText("Phone number is required", 30, "Phone number is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password is too long"),
  redirectTo: z.string().max(500).optional(),
});

const fullName = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .min(2, "Full name must be at least 2 characters")
  .max(100, "Full name must be at most 100 characters");
const displayName = z.string().trim().max(60, "Display name must be at most 60 characters").optional();
const optionalEmail = z.email("Enter a valid email address").max(254).optional();
const role = z.enum(SELF_SIGNUP_ROLES, { error: "Choose student, parent or facilitator" });

function withPasswordMatch<T extends z.ZodObject<{ password: z.ZodType<string>; confirmPassword: z.ZodString }>>(
  schema: T,
) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
    when: bothPasswordsGiven("password"),
  });
}

export type SignUpScreen = "portal" | "auth";

/**
 * Sign-up, one schema for both screens (docs/product.md#screens): /portal fixes the role from the chosen card and
 * needs an email of facilitators (emailRequiredFor); /auth lets the person choose the role, adds an optional display name,
 * and the email stays optional. Every check is reported at once: the two cross-field ones run whatever the other fields
 * say, and the password's rules are the security settings' (`policy`).
 */
export function signUpSchema(screen: SignUpScreen, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z
    .object({
      intent: z.literal("signup"),
      role,
      phone,
      fullName,
      displayName,
      email: optionalEmail,
      password: newPassword(policy),
      confirmPassword: z.string({ error: "Please confirm your password" }).max(128),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: PASSWORDS_DO_NOT_MATCH,
      when: bothPasswordsGiven("password"),
    })
    .refine((v) => !(screen === "portal" && emailRequiredFor(v.role) && !v.email), {
      path: ["email"],
      message: "Email is required",
      when: (payload) => !payload.issues.some((i) => i.path?.[0] === "email" || i.path?.[0] === "role"),
    });
}

export const resetPasswordSchema = (policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) =>
  withPasswordMatch(
    z.object({
      password: newPassword(policy),
      confirmPassword: z.string({ error: "Please confirm your password" }).max(128),
    }),
  );

/** "Forgot password", step 1: the account's phone number. */
export const ForgotPasswordSchema = z.object({ phone });

/** What a code field says when the code was not taken: a wrong one, or none live (expired, used or out of tries). */
export const CODE_ERRORS = {
  wrong: "The code is not right. Check the SMS and try again.",
  spent: "This code has expired or has been tried too often. Ask for a new code.",
} as const;

const smsCode = z
  .string({ error: "Enter the 6-digit code from the SMS" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the SMS");

/** An admin's sign-in, second step (two-factor on): the code sent to the admin's phone. */
export const SignInCodeSchema = z.object({ code: smsCode });

/** "Forgot password", step 2: the code sent by SMS and the new password. */
export const resetWithCodeSchema = (policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) =>
  withPasswordMatch(
    z.object({
      code: smsCode,
      password: newPassword(policy),
      confirmPassword: z.string({ error: "Please confirm your password" }).max(128),
    }),
  );

/** The account's phone and name rules, shared by User Management's "Add a user" (user-admin.schema.ts). */
export { phone as accountPhone, fullName as accountFullName, optionalEmail as accountEmail };
