import { z } from "zod";
import { isPlausiblePhone } from "#app/domain/phone.ts";
import { SELF_SIGNUP_ROLES } from "#app/domain/roles.ts";
import { MIN_PASSWORD_LENGTH } from "#app/domain/settings.ts";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
/** How long an admin-issued password reset link works (docs/product.md#departures). */
export const RESET_LINK_HOURS = 24;
export const RESET_LINK_INVALID = "This link is invalid or has expired";

const phone = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .max(30, "Phone number is too long")
  .refine(isPlausiblePhone, "Enter a valid phone number, e.g. 024 123 4567");

const password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(128, "Password must be at most 128 characters long");

export const SignInSchema = z.object({
  intent: z.literal("signin"),
  phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .max(30, "Phone number is too long"),
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

function withPasswordMatch<T extends z.ZodObject<{ password: typeof password; confirmPassword: z.ZodString }>>(
  schema: T,
) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });
}

export type SignUpScreen = "portal" | "auth";

/**
 * Sign-up, one schema for both screens (docs/product.md#screens): /portal fixes the role from the chosen card and
 * needs an email for every role but student; /auth lets the person choose the role, adds an optional display name,
 * and the email stays optional. Both checks in one refinement so both messages show at once.
 */
export function signUpSchema(screen: SignUpScreen) {
  return z
    .object({
      intent: z.literal("signup"),
      role,
      phone,
      fullName,
      displayName,
      email: optionalEmail,
      password,
      confirmPassword: z.string({ error: "Please confirm your password" }).max(128),
    })
    .superRefine((v, ctx) => {
      if (v.password !== v.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });
      }
      if (screen === "portal" && v.role !== "student" && !v.email) {
        ctx.addIssue({ code: "custom", path: ["email"], message: "Email is required" });
      }
    });
}

export const ResetPasswordSchema = withPasswordMatch(
  z.object({ password, confirmPassword: z.string({ error: "Please confirm your password" }).max(128) }),
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
export const ResetWithCodeSchema = withPasswordMatch(
  z.object({
    code: smsCode,
    password,
    confirmPassword: z.string({ error: "Please confirm your password" }).max(128),
  }),
);
