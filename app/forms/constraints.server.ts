/**
 * The forms' HTML constraints (required, maxLength, pattern…) from their schemas, computed once at start on the
 * server. A page renders its fields from them through its loader's data, and the browser loads a schema only to
 * validate (app/components/form/use-client-validation.ts), so this module stays out of every browser bundle.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { SignInSchema, signUpSchema, type SignUpScreen } from "#app/forms/auth.schema.ts";
import { CheckoutSchema, ParentPaymentSchema, PhonePromptSchema } from "#app/forms/payments.schema.ts";
import { RegistrationSchema } from "#app/forms/registration.schema.ts";

const SIGN_IN = getZodConstraint(SignInSchema);
const SIGN_UP = { portal: getZodConstraint(signUpSchema("portal")), auth: getZodConstraint(signUpSchema("auth")) };

/** The sign-in form's and the sign-up form's constraints on the screen (`/portal` or `/auth`). */
export function accountFormConstraints(screen: SignUpScreen) {
  return { signIn: SIGN_IN, signUp: SIGN_UP[screen] };
}

export const checkoutConstraint = getZodConstraint(CheckoutSchema);
export const phonePromptConstraint = getZodConstraint(PhonePromptSchema);
export const parentPaymentConstraint = getZodConstraint(ParentPaymentSchema);
export const registrationConstraint = getZodConstraint(RegistrationSchema);
