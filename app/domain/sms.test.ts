import { describe, expect, it } from "vitest";
import { smsCedis, smsLength, toGsm7, withFittingNames } from "#app/domain/sms.ts";
import { enrolmentSms, paymentConfirmedSms, paymentRejectedSms } from "#app/domain/sms-messages.ts";

describe("smsLength counts as phones do", () => {
  it("GSM-7: 160 characters in one message, 153 per part beyond, extension characters count two", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsLength("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(smsLength("a".repeat(306)).segments).toBe(2);
    expect(smsLength("a".repeat(307)).segments).toBe(3);
    expect(smsLength("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
  });

  it("UCS-2 as soon as one character is outside GSM-7 (Ɛ, Ɔ in Ghanaian names, the cedi sign): 70, then 67 per part", () => {
    expect(smsLength("Ɛsi")).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsLength("Kɔfi " + "a".repeat(65))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(smsLength("Kɔfi " + "a".repeat(66))).toEqual({ encoding: "UCS-2", units: 71, segments: 2 });
    expect(smsLength("GH₵ 1.00").encoding).toBe("UCS-2");
  });
});

describe("the messages", () => {
  const link = "https://portal.example/registration/abc123def456ghi789jkl012";

  it("an enrolment with a typical name fits two GSM-7 parts; a name with Ɔ that would cost a third part goes in 7-bit", () => {
    const plain = enrolmentSms({
      wardName: "Akosua Mensah-Bonsu",
      programme: "General Science",
      reference: "abc123def456ghi789jkl012",
      claimCode: "K7P2-9QXM",
      link,
    });
    expect(smsLength(plain)).toMatchObject({ encoding: "GSM-7", segments: 2 });
    const ghanaian = enrolmentSms({
      wardName: "Ɔforiwaa Kɔfi",
      programme: "General Science",
      reference: "abc123def456ghi789jkl012",
      claimCode: "K7P2-9QXM",
      link,
    });
    expect(smsLength(ghanaian)).toMatchObject({ encoding: "GSM-7", segments: 2 });
    expect(ghanaian).toContain("Oforiwaa Kofi is enrolled");
  });

  it("keeps the name as written only when that costs no part", () => {
    expect(withFittingNames(([n]) => `Vacation Classes: hello ${n}`, ["Kɔfi"])).toBe("Vacation Classes: hello Kɔfi");
    const text = paymentConfirmedSms({ wardName: "Kɔfi", amount: 100, balance: 0, receipt: "1", link: "x" });
    expect(text).toContain("for Kofi received");
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("a refusal's reason ends in one full stop, however the reason was written", () => {
    const text = paymentRejectedSms({
      wardName: "Kwame Asante",
      amount: 5000,
      reason: "The Mobile Money payment was declined or did not go through. Nothing was taken.",
    });
    expect(text).toContain("Nothing was taken. Call the school office");
    expect(text).not.toContain("..");
  });

  it("a payment message writes amounts in GHS, so it stays GSM-7", () => {
    expect(smsCedis(45050)).toBe("GHS 450.50");
    const text = paymentConfirmedSms({
      wardName: "Kwame Asante",
      amount: 45050,
      balance: 0,
      receipt: "2026-0042",
      link,
    });
    expect(text).toContain("GHS 450.50");
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 2 });
  });
});

describe("toGsm7, for screens every phone can show", () => {
  it("transliterates Ghanaian letters, drops accents GSM-7 lacks, and replaces the signs it has no place for", () => {
    expect(toGsm7("Ɔdɔmankoma Ɛsi Asantewaa")).toBe("Odomankoma Esi Asantewaa");
    expect(toGsm7("Kwabena Bɔakyɛ-Nsiah")).toBe("Kwabena Boakye-Nsiah");
    expect(toGsm7("Amélie Kôfi Ŋa “quoted” … ₵5 – ok")).toBe('Amélie Kofi Na "quoted" ... GHS 5 - ok');
    expect(smsLength(toGsm7("Ɛ Ɔ ɛ ɔ ê ñ ü ☺")).encoding).toBe("GSM-7");
    expect(toGsm7("☺")).toBe("?");
  });
});
