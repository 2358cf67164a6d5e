import { z } from "zod";
import { requiredText } from "#app/forms/parse.ts";
import type { PasswordPolicy } from "#app/domain/password-policy.ts";
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORDS_DO_NOT_MATCH,
  bothPasswordsGiven,
  newPassword,
} from "#app/forms/auth.schema.ts";

export const PROFILE_UPDATED = "Profile updated successfully";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
export const PASSWORD_CHANGED = "Password changed";

/** /profile: own full name, display name and e-mail (e-mail optional: students may have none). */
export const ProfileSchema = z.object({
  fullName: requiredText("Full name is required", 100, "Full name must be at most 100 characters", {
    length: 2,
    message: "Full name must be at least 2 characters",
  }),
  displayName: z.string().trim().max(60, "Display name must be at most 60 characters").optional(),
  email: z.email("Enter a valid email address").max(254).optional(),
});

/** /settings: the security settings' password rules (`policy`), after the current password. */
export const changePasswordSchema = (policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) =>
  z
    .object({
      currentPassword: z
        .string({ error: "Current password is required" })
        .min(1, "Current password is required")
        .max(128),
      newPassword: newPassword(policy, "New password is required"),
      confirmPassword: z.string({ error: "Please confirm your new password" }).max(128),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: PASSWORDS_DO_NOT_MATCH,
      path: ["confirmPassword"],
      when: bothPasswordsGiven("newPassword"),
    });

export const PHONE_PREFERENCES_SAVED = "Message choices saved";

/**
 * /settings, "Messages to your phone": the number's language, and which of the messages a number may stop it gets
 * (app/domain/message-choices.ts); an unticked box is absent from the post, so absent is off.
 */
export const PhonePreferencesSchema = z.object({
  language: z.enum(["en", "tw"], { error: "Choose English or Twi" }),
  announcements: z.boolean().optional().default(false),
  summaries: z.boolean().optional().default(false),
  reports: z.boolean().optional().default(false),
});
