import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "#app/domain/settings.ts";
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT } from "./auth.schema.ts";

export const PROFILE_UPDATED = "Profile updated successfully";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
export const PASSWORD_CHANGED = "Password changed";

/** /profile: own full name, display name and e-mail (e-mail optional: students may have none). */
export const ProfileSchema = z.object({
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(2, "Full name must be at least 2 characters")
    .max(100, "Full name must be at most 100 characters"),
  displayName: z.string().trim().max(60, "Display name must be at most 60 characters").optional(),
  email: z.email("Enter a valid email address").max(254).optional(),
});

/** /settings: the sign-up password rules (docs/product.md#validation), after the current password. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Current password is required" })
      .min(1, "Current password is required")
      .max(128),
    newPassword: z
      .string({ error: "New password is required" })
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
      .max(128, "Password must be at most 128 characters long"),
    confirmPassword: z.string({ error: "Please confirm your new password" }).max(128),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
