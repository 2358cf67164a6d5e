import { describe, expect, it } from "vitest";
import {
  confirmationPath,
  duplicateRegistrationMessage,
  isReferenceShaped,
  maskPhone,
} from "#app/domain/registration.ts";

describe("maskPhone", () => {
  it("keeps only the first three and last two digits", () => {
    const masked = maskPhone("024 123 4567");
    expect(masked.startsWith("024")).toBe(true);
    expect(masked.endsWith("67")).toBe(true);
    expect(masked).not.toContain("1234");
    expect(masked.replace(/\D/g, "")).toBe("02467");
  });
  it("masks short or empty values entirely", () => {
    expect(maskPhone("12345")).toBe("•••••");
    expect(maskPhone("")).toBe("");
    expect(maskPhone(null)).toBe("");
  });
});

describe("registration helpers", () => {
  it("names the ward and the programme label in the duplicate message", () => {
    expect(duplicateRegistrationMessage("Ama Mensah", "visual-arts")).toContain(
      "Ama Mensah is already registered for Visual Arts",
    );
  });
  it("builds the confirmation path and checks reference shape", () => {
    expect(confirmationPath("abc123def456")).toBe("/registration/abc123def456");
    expect(isReferenceShaped("abc123def456")).toBe(true);
    expect(isReferenceShaped("../../etc")).toBe(false);
    expect(isReferenceShaped("")).toBe(false);
  });
});
