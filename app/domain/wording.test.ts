import { describe, expect, it } from "vitest";
import {
  WORDING,
  WORDING_KEYS,
  checkWording,
  fill,
  measureWording,
  sayIn,
  twiCoverage,
  type SchoolWording,
} from "#app/domain/wording.ts";

describe("the wording catalogue", () => {
  it("ships English that passes its own checks: placeholders kept, within its limit", () => {
    for (const key of WORDING_KEYS) expect(checkWording(key, WORDING[key].english), key).toEqual({ ok: true });
  });

  it("says a text in the number's language: the school's Twi, else the school's English, else the default", () => {
    const school: SchoolWording = {
      "sms.stopped": { en: "{school}: stopped. Send START.", tw: "{school}: yɛagyae. Kyerɛw START." },
      "sms.started": { en: "{school}: started again.", tw: null },
    };
    expect(sayIn("tw", school)("sms.stopped")).toBe("Vacation Classes: yɛagyae. Kyerɛw START.");
    expect(sayIn("en", school)("sms.stopped")).toBe("Vacation Classes: stopped. Send START.");
    expect(sayIn("tw", school)("sms.started")).toBe("Vacation Classes: started again.");
    expect(sayIn("tw", school)("ussd.busy")).toBe(WORDING["ussd.busy"].english);
    expect(fill("{ward} owes {balance}", { ward: "Esi" })).toBe("Esi owes ");
  });

  it("refuses a text that drops a required placeholder, uses one it may not, or outgrows its limit", () => {
    expect(checkWording("sms.enrolment", "{school}: {ward} is enrolled. Ref {reference}. Link {link}")).toEqual({
      ok: false,
      message: "Keep {claimCode}: the message needs it.",
    });
    expect(checkWording("ussd.fees-no-receipt", "{ward} {due} {paid} {balance} {password}")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This text cannot use \{password\}\. It may use \{ward\}, \{due\}/),
    });
    expect(checkWording("ussd.contact", `{contact} ${"a".repeat(120)}`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too long for one USSD screen: \d+ characters/),
    });
    // A menu option shares its screen with four others and the ward's name.
    expect(checkWording("ussd.option-fees", "Sika a ɛsɛ sɛ wotua ma wo ba no")).toEqual({
      ok: false,
      message: "Too long: 31 characters, at most 26 (it shares its USSD screen).",
    });
    expect(checkWording("sms.code", `{code} {minutes} ${"ɛ".repeat(80)}`)).toMatchObject({
      ok: false,
      message: "Too long: 2 SMS parts with the longest names and amounts, at most 1.",
    });
  });

  it("measures a text with the longest values: Twi letters cost an SMS its 7-bit alphabet, never a USSD screen", () => {
    expect(measureWording("sms.started", "{school}: yɛasan aba.")).toMatchObject({ alphabet: "UCS-2", parts: 1 });
    expect(measureWording("sms.started", "{school}: started.")).toMatchObject({ alphabet: "GSM-7", parts: 1 });
    expect(measureWording("ussd.option-fees", "Sika a ɛsɛ sɛ wotua")).toEqual({
      units: 19,
      parts: 1,
      alphabet: "GSM-7",
    });
    // The weekly progress and the report go in 7-bit whatever the wording: Twi is measured as sent.
    expect(measureWording("sms.weekly-progress", "{school} nnawɔtwe yi: {progress} Hwɛ: {link}")).toMatchObject({
      alphabet: "GSM-7",
      parts: 2,
    });
  });

  it("counts how many SMS and USSD texts the school wrote in Twi, of all", () => {
    const all = twiCoverage({});
    expect(all.sms.twi + all.ussd.twi).toBe(0);
    expect(all.sms.all + all.ussd.all).toBe(WORDING_KEYS.length);
    const some = twiCoverage({ "ussd.busy": { en: null, tw: "Mesrɛ wo, frɛ bio" }, "ussd.fees": { en: "x", tw: " " } });
    expect(some.ussd).toEqual({ twi: 1, all: all.ussd.all });
    expect(some.sms.twi).toBe(0);
  });
});
