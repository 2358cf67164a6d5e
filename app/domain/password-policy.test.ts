import { describe, expect, it } from "vitest";
import { passwordHint, passwordPolicyFrom, passwordRuleError } from "#app/domain/password-policy.ts";

describe("password policy from the settings", () => {
  it("names the rule a password breaks", () => {
    const basic = passwordPolicyFrom({ minPasswordLength: 10, passwordRequirements: "basic" });
    expect(passwordRuleError("short", basic)).toBe("Password must be at least 10 characters long");
    expect(passwordRuleError("onlyletters", basic)).toBeNull();
    const standard = passwordPolicyFrom({ minPasswordLength: 8, passwordRequirements: "standard" });
    expect(passwordRuleError("onlyletters", standard)).toBe("Password must contain a letter and a digit");
    expect(passwordRuleError("letters123", standard)).toBeNull();
    const strong = passwordPolicyFrom({ minPasswordLength: 8, passwordRequirements: "strong" });
    expect(passwordRuleError("letters123", strong)).toBe("Password must contain an upper-case letter");
    expect(passwordRuleError("Letters123", strong)).toBe("Password must contain a symbol");
    expect(passwordRuleError("Letters-123", strong)).toBeNull();
  });
  it("hints the rule and never goes below the floor", () => {
    expect(passwordHint(passwordPolicyFrom({ minPasswordLength: 10, passwordRequirements: "strong" }))).toBe(
      "At least 10 characters, with an upper-case letter, a lower-case letter, a digit and a symbol.",
    );
    expect(passwordPolicyFrom({ minPasswordLength: 2 }).minLength).toBe(6);
    expect(passwordPolicyFrom(null)).toEqual({ minLength: 8, requirements: "standard" });
  });
});
