import { z } from "zod";
import { requiredText } from "#app/forms/parse.ts";

export const LINK_NOT_FOUND =
  "No registration matches this reference and claim code. Check both on the confirmation page.";
export const LINK_CLAIMED =
  "This registration is already linked to another account. Call the school if it should be yours.";
export const LINKED = "Registration linked to your account";

/** Link a registration to the signed-in parent or student (docs/decisions/0017-proof-of-ownership.md). */
export const LinkRegistrationSchema = z.object({
  reference: requiredText("Enter the registration reference", 40, "The reference is too long"),
  claimCode: requiredText("Enter the claim code", 20, "The claim code is too long").regex(
    /^[A-Za-z0-9 -]+$/,
    "The claim code has 8 letters and digits, e.g. K7QM-3XPA",
  ),
});

export const ACCOUNT_NOT_FOUND = "No parent or student account has this phone number or email.";
export const ACCOUNT_WRONG_ROLE = "Only a parent or a student account can be linked to a registration.";

/** The admin links a registration to an account by hand: the account is named by its phone number or its email. */
export const AdminLinkAccountSchema = z.object({
  intent: z.literal("link-account"),
  account: requiredText(
    "Enter the account's phone number or email",
    254,
    "That is too long for a phone number or an email",
  ),
});

export const AdminUnlinkAccountSchema = z.object({
  intent: z.literal("unlink-account"),
  role: z.enum(["parent", "student"], { error: "Choose the account to unlink" }),
});

export const PHONE_VERIFIED = "Phone number confirmed";

/** "By your phone", step 1: send a code to the account's own phone. */
export const SendPhoneCodeSchema = z.object({ intent: z.literal("send-code") });

/** "By your phone", step 2: the code from the SMS. */
export const VerifyPhoneSchema = z.object({
  intent: z.literal("verify-code"),
  code: z
    .string({ error: "Enter the 6-digit code from the SMS" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the SMS"),
});
