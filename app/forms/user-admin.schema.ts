import { z } from "zod";
import { SELF_SIGNUP_ROLES, emailRequiredFor } from "#app/domain/roles.ts";
import { accountEmail, accountFullName, accountPhone } from "#app/forms/auth.schema.ts";
import { checkbox } from "#app/forms/parse.ts";

/** The roles User Management gives (admins are made with `npm run create-admin`, docs/decisions/0098). */
export const MANAGED_ROLES = SELF_SIGNUP_ROLES;
const role = z.enum(MANAGED_ROLES, { error: "Choose student, parent or facilitator" });

/** User Management → Add a user: the sign-up's rules for name, phone and e-mail (an e-mail is needed of facilitators). */
export const CreateUserSchema = z
  .object({ role, fullName: accountFullName, phone: accountPhone, email: accountEmail })
  .refine((v) => !(emailRequiredFor(v.role) && !v.email), {
    path: ["email"],
    message: "Email is required for a facilitator",
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === "email" || i.path?.[0] === "role"),
  });

/** The account page's forms, one intent each. */
export const ChangeRoleSchema = z.object({ intent: z.literal("role"), role });
export const SetDisabledSchema = z.object({ intent: z.enum(["disable", "enable"]) });
export const DeleteUserSchema = z.object({
  intent: z.literal("delete"),
  confirm: checkbox.refine((v) => v, "Tick the box to confirm: a deleted account cannot be brought back"),
});
