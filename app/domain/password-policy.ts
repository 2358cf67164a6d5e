import { DEFAULT_SETTINGS, MIN_PASSWORD_LENGTH } from "#app/domain/settings.ts";

/**
 * The password rules of the admin security settings, applied at sign-up,
 * password reset and create-admin (not at sign-in: existing passwords keep working).
 * basic: length only; standard: a letter and a digit; strong: upper case,
 * lower case, a digit and a symbol.
 */
export type PasswordPolicy = { minLength: number; requirements: "basic" | "standard" | "strong" };

export function passwordPolicyFrom(
  settings: { minPasswordLength?: number; passwordRequirements?: string } | null | undefined,
): PasswordPolicy {
  const min = Number(settings?.minPasswordLength ?? DEFAULT_SETTINGS.minPasswordLength);
  const req = settings?.passwordRequirements;
  return {
    minLength: Number.isFinite(min)
      ? Math.max(MIN_PASSWORD_LENGTH, Math.min(64, Math.round(min)))
      : DEFAULT_SETTINGS.minPasswordLength,
    requirements: req === "basic" || req === "strong" ? req : "standard",
  };
}

/** The hint under a new-password field. */
export function passwordHint(policy: PasswordPolicy): string {
  const length = `At least ${policy.minLength} characters`;
  if (policy.requirements === "standard") return `${length}, with a letter and a digit.`;
  if (policy.requirements === "strong")
    return `${length}, with an upper-case letter, a lower-case letter, a digit and a symbol.`;
  return `${length}.`;
}

/** The first rule the password breaks, as a message naming it, or null. */
export function passwordRuleError(password: string, policy: PasswordPolicy): string | null {
  if (password.length < policy.minLength) return `Password must be at least ${policy.minLength} characters long`;
  if (policy.requirements === "standard" && !(/\p{L}/u.test(password) && /\d/.test(password))) {
    return "Password must contain a letter and a digit";
  }
  if (policy.requirements === "strong") {
    if (!/\p{Lu}/u.test(password)) return "Password must contain an upper-case letter";
    if (!/\p{Ll}/u.test(password)) return "Password must contain a lower-case letter";
    if (!/\d/.test(password)) return "Password must contain a digit";
    if (!/[^\p{L}\d\s]/u.test(password)) return "Password must contain a symbol";
  }
  return null;
}
