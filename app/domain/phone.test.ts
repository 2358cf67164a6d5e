import { describe, expect, it } from "vitest";
import {
  formatPhone,
  formatStoredPhone,
  isPlausiblePhone,
  normalizePhone,
  telHref,
  waMeNumber,
} from "#app/domain/phone.ts";

describe("normalizePhone", () => {
  it("gives every usual way of writing a Ghana number the same E.164 number", () => {
    for (const written of [
      "0241234567",
      "024 123 4567",
      "241234567",
      "+233 24 123 4567",
      "+233 024 123 4567",
      "00233 24 123 4567",
      "233241234567",
      "(024) 123-4567",
      "024-123-4567",
      " +233-(0)24-123-4567 ",
    ]) {
      expect(normalizePhone(written), written).toBe("+233241234567");
    }
  });
  it("keeps a number with + and another country code as that country's number", () => {
    expect(normalizePhone("+44 7911 123456")).toBe("+447911123456");
    expect(normalizePhone("0044 7911 123456")).toBe("+447911123456");
  });
  it("refuses what is not a valid mobile number", () => {
    for (const bad of ["", "abc", "12345", "0241234567890", "+233 30 212 3456", "+44 20 7946 0958", undefined]) {
      expect(normalizePhone(bad), String(bad)).toBe("");
      expect(isPlausiblePhone(bad), String(bad)).toBe(false);
    }
  });
});

describe("links and display", () => {
  it("gives wa.me and tel: the normalised number", () => {
    expect(waMeNumber("+233 024 123 4567")).toBe("233241234567");
    expect(waMeNumber("+44 7911 123456")).toBe("447911123456");
    expect(telHref("024 123 4567")).toBe("tel:+233241234567");
    expect(telHref("nope")).toBeNull();
  });
  it("formats stored E.164 numbers exactly as formatPhone does, Ghana's without parsing", () => {
    const samples = [
      "0241234567",
      "0201234567",
      "0551234567",
      "0261234567",
      "0501234567",
      "0591234567",
      "0271234567",
      "0231234567",
      "+44 7911 123456",
      "+1 415 555 2671",
    ];
    for (const raw of samples) expect(formatStoredPhone(normalizePhone(raw)), raw).toBe(formatPhone(raw));
    expect(formatStoredPhone("")).toBe("");
    expect(formatStoredPhone(null)).toBe("");
  });

  it("shows Ghana numbers as Ghanaians write them, others internationally", () => {
    expect(formatPhone("+233241234567")).toBe("024 123 4567");
    expect(formatPhone("+447911123456")).toBe("+44 7911 123456");
    expect(formatPhone("not a number")).toBe("not a number");
  });
});
