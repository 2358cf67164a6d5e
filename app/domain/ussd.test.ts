import { describe, expect, it } from "vitest";
import {
  renderUssd,
  smsKeyword,
  smsKeywordReply,
  smsPayCommand,
  smsPayRequest,
  ussdMenu,
  USSD_MAX_LENGTH,
  type UssdContext,
  type UssdVoice,
  type UssdWard,
} from "#app/domain/ussd.ts";
import { gsm7Units, smsLength } from "#app/domain/sms.ts";
import { sayEnglish, sayIn, type Language, type SchoolWording } from "#app/domain/wording.ts";

const ctx: UssdContext = {
  contact: "024 000 0001 or 020 000 0002, 7:30am to 5:30pm, Monday to Friday",
  enrolAt: "portal.example.org/registration",
  serviceCode: "*920*44#",
};
const ward = (over: Partial<UssdWard> = {}): UssdWard => ({
  id: "r1",
  wardName: "Yaw Owusu",
  programme: "General Science",
  subjectCount: 6,
  feeStatus: "Part-paid",
  amountDue: 45000,
  amountPaid: 20000,
  lastReceipt: "VC-2026-CHRISTMAS-VACATION-000001",
  classPages: [{ subject: "Physics", link: "https://chat.whatsapp.com/AbCdEf" }],
  ...over,
});
/** The school wrote Twi for the fees screen and one menu option (the staff's words, not the portal's). */
const school: SchoolWording = {
  "ussd.fees": { en: null, tw: "{ward}: ɛsɛ sɛ wotua {due}, wotuaa {paid}, aka {balance}. Receipt {receipt}." },
  "ussd.option-fees": { en: null, tw: "Sika a ɛsɛ sɛ wotua" },
};
const voice = (language: Language | null): UssdVoice => ({ sayFor: (l) => sayIn(l, school), language });
const screen = (text: string, wards: UssdWard[], language: Language | null = "en") =>
  renderUssd(ussdMenu(text, wards, ctx, voice(language)));

describe("the USSD menu", () => {
  it("option 8 pays fees: the balance or another amount, the wallet's network when not known, then yes or no", () => {
    const owing = ward({ payment: { balance: 25000, min: 1000, lastUnpaid: null } });
    expect(screen("", [owing])).toMatch(/\n6\. Progress\n8\. Pay fees$/);
    expect(screen("8", [owing])).toBe("CON Yaw Owusu: balance GHS 250.00.\n1. Pay GHS 250.00\n2. Another amount");
    expect(screen("8*1", [owing])).toBe(
      "CON Your Mobile Money wallet:\n1. MTN MoMo\n2. Telecel Cash\n3. AirtelTigo Money",
    );
    expect(screen("8*1*2", [owing])).toBe("CON Pay GHS 250.00 for Yaw Owusu from this number?\n1. Yes\n2. No");
    const paid = ussdMenu("8*1*2*1", [owing], ctx, voice("en"));
    expect(renderUssd(paid)).toBe("END Approve the prompt for GHS 250.00 on your phone. The receipt comes by SMS.");
    expect(paid.pay).toEqual({ ward: owing, registrationId: "r1", amount: 25000, network: "telecel" });
    // A ward enrolled in two vacations, both owing: which one's fees first, each named by its vacation.
    const both = ward({
      vacation: "2026 Christmas vacation",
      payment: { balance: 25000, min: 1000, lastUnpaid: null },
      alsoEnrolled: [
        {
          id: "r2",
          vacation: "2027 Easter vacation",
          feeStatus: "Unpaid",
          amountDue: 45000,
          amountPaid: 0,
          lastReceipt: null,
          payment: { balance: 45000, min: 1000, lastUnpaid: null },
        },
      ],
    });
    expect(screen("8", [both])).toBe(
      "CON Yaw Owusu: pay for which vacation?\n1. 2026 Christmas vacation GHS 250.00\n2. 2027 Easter vacation GHS 450.00",
    );
    expect(screen("8*2", [both])).toBe("CON Yaw Owusu: balance GHS 450.00.\n1. Pay GHS 450.00\n2. Another amount");
    expect(ussdMenu("8*2*1*1*1", [both], ctx, voice("en")).pay).toMatchObject({ registrationId: "r2", amount: 45000 });
    expect(ussdMenu("8*1*2*2", [owing], ctx, voice("en")).pay).toBeUndefined();
    expect(screen("8*1*2*2", [owing])).toBe("END No prompt was sent. Dial again for the menu.");
    // The aggregator said the network: not asked.
    const known = ussdMenu("8*2*100", [owing], { ...ctx, network: "mtn" }, voice("en"));
    expect(renderUssd(known)).toBe("CON Pay GHS 100.00 for Yaw Owusu from this number?\n1. Yes\n2. No");
    expect(ussdMenu("8*2*100*1", [owing], { ...ctx, network: "mtn" }, voice("en")).pay?.amount).toBe(10000);
    expect(screen("8*2", [owing])).toBe("CON Amount in cedis, from GHS 10.00 to GHS 250.00:");
    for (const amount of ["5", "251", "1.5", "abc"])
      expect(screen(`8*2*${amount}`, [owing])).toBe(
        "END Pay from GHS 10.00 to GHS 250.00, in whole cedis. Dial again to pay.",
      );
    // A prompt declined or left unanswered is told of on the next visit; nothing to pay, no option 8.
    expect(screen("8", [ward({ payment: { balance: 25000, min: 1000, lastUnpaid: 5000 } })])).toMatch(
      /^CON Your last prompt for GHS 50\.00 was not paid\.\nYaw Owusu: balance/,
    );
    expect(screen("", [ward()])).not.toMatch(/8\. Pay fees/);
    // A prompt waiting for the network's code: option 8 asks for it.
    const waiting = ward({ payment: { balance: 0, min: 0, lastUnpaid: null, awaitingCode: 20000 } });
    expect(screen("8", [waiting])).toBe("CON The network sent you a code to pay GHS 200.00. Enter it:");
    const code = ussdMenu("8*482913", [waiting], ctx, voice("en"));
    expect(renderUssd(code)).toBe("END Code taken. Approve the prompt for GHS 200.00 on your phone.");
    expect(code.payCode).toBe("482913");
    expect(screen("8", [ward()])).toBe("END That choice is not on the menu. Dial *920*44# again.");
  });

  it("one ward: the menu, then status, fees, class pages by SMS, contacts and language", () => {
    expect(screen("", [ward()])).toBe(
      "CON Yaw Owusu\n1. Enrolment status\n2. Fees\n3. Class pages by SMS\n4. Contact the school\n5. Language\n6. Progress",
    );
    expect(screen("1", [ward()])).toBe("END Yaw Owusu: General Science, 6 subject(s), enrolled; fees part-paid.");
    expect(screen("2", [ward()])).toBe(
      "END Yaw Owusu: due GHS 450.00, paid GHS 200.00, balance GHS 250.00. Last receipt VC-2026-CHRISTMAS-VACATION-000001.",
    );
    const links = ussdMenu("3", [ward()], ctx, voice("en"));
    expect(links.sendLinksFor?.id).toBe("r1");
    expect(renderUssd(links)).toBe("END We are sending Yaw Owusu's class-page links by SMS to this number.");
    expect(ussdMenu("3", [ward({ classPages: [] })], ctx, voice("en")).sendLinksFor).toBeUndefined();
    expect(screen("4", [ward()])).toMatch(/^END Vacation Classes: call 024 000 0001/);
    expect(screen("9", [ward()])).toBe("END That choice is not on the menu. Dial *920*44# again.");
  });

  it("asks a number's language once, first; the answer chooses the words, the school's Twi where it wrote one", () => {
    expect(screen("", [ward()], null)).toBe(
      "CON Vacation Classes\nChoose your language / Paw wo kasa\n1. English\n2. Twi",
    );
    const twi = ussdMenu("2", [ward()], ctx, voice(null));
    expect(twi.setLanguage).toBe("tw");
    // Option 2 in the school's Twi (7-bit on the screen: ɛ → e), the others in English where it wrote none.
    expect(renderUssd(twi)).toContain("2. Sika a ese se wotua\n3. Class pages by SMS");
    expect(screen("2*2", [ward()], null)).toBe(
      "END Yaw Owusu: ese se wotua GHS 450.00, wotuaa GHS 200.00, aka GHS 250.00. Receipt VC-2026-CHRISTMAS-VACATION-000001.",
    );
    expect(ussdMenu("1*2", [ward()], ctx, voice(null)).setLanguage).toBe("en");
    expect(screen("7", [ward()], null)).toMatch(/not on the menu/);
    // Option 5 changes it later, and says so in the language chosen.
    expect(screen("5", [ward()], "tw")).toContain("1. English\n2. Twi");
    const back = ussdMenu("5*1", [ward()], ctx, voice("tw"));
    expect(back).toMatchObject({ end: true, setLanguage: "en", text: "Language: English. Dial again for the menu." });
  });

  it("several wards: a ward is chosen first; an unknown number gets the contacts and how to enrol", () => {
    const two = [ward(), ward({ id: "r2", wardName: "Ama Owusu", feeStatus: null })];
    expect(screen("", two)).toBe("CON Vacation Classes: choose a ward\n1. Yaw Owusu\n2. Ama Owusu");
    expect(screen("2", two)).toMatch(/^CON Ama Owusu\n1\. Enrolment status/);
    expect(screen("2*1", two)).toBe("END Ama Owusu: General Science, 6 subject(s), enrolled.");
    expect(screen("3*1", two)).toMatch(/not on the menu/);
    expect(screen("", [])).toBe(
      "END No registration gives this number. Enrol at portal.example.org/registration or call 024 000 0001 or 020 000 0002, 7:30am to 5:30pm, Monday to Friday.",
    );
  });

  it("keeps every screen in the 7-bit alphabet and within 182 characters, on every path, with the longest names", () => {
    const long = "Ɔdɔmankoma Ɛsi Nana Adwoa Kwakyewaa Oforiwaa-Bɔakyɛ Asantewaa";
    const wards = Array.from({ length: 7 }, (_, i) =>
      ward({ id: `r${i}`, wardName: `${long} ${i}`, programme: "Home Economics", amountDue: 9_999_999, amountPaid: 1 }),
    );
    const named = [ward({ wardName: "Ɔdɔmankoma Ɛsi Asantewaa", lastReceipt: "VC-2026-EASTER-000123" })];
    const texts = ["", "1", "2", "3", "4", "5", "5*1", "5*2", "1*1", "1*2", "1*3", "1*4", "1*5", "1*5*2", "5*2"];
    texts.push("6", "6*1", "6*2", "1*6", "1*6*1", "1*6*2", "7", "7*1", "7*2", "1*7", "1*7*1", "1*7*2");
    const subjects = ["Food and Nutrition", "Management in Living", "General Knowledge in Art", "Mathematics"];
    const returning = wards.map((w) => ({
      ...w,
      enrolAgain: { vacation: "2027 Long vacation, Forms 1 and 2 (Accra", fee: 9_999_999 },
      attendance: {
        attended: 99,
        held: 120,
        subjects: subjects.map((subject) => ({ subject, attended: 9, held: 30 })),
      },
      average: 59,
    }));
    for (const wardsNow of [wards, wards.slice(0, 1), named, returning, returning.slice(0, 1)])
      for (const language of [null, "en", "tw"] as const)
        for (const text of [...texts, "x", "1*9", "2*1*2"]) {
          const shown = screen(text, wardsNow, language);
          expect(gsm7Units(shown), `${text}: ${shown}`).toBeLessThanOrEqual(USSD_MAX_LENGTH);
          expect(smsLength(shown).encoding, `${text}: ${shown}`).toBe("GSM-7");
          expect(shown).not.toContain("…");
        }
    expect(screen("", named)).toBe(
      "CON Odomankoma Esi Asantewaa\n1. Enrolment status\n2. Fees\n3. Class pages by SMS\n4. Contact the school\n5. Language\n6. Progress",
    );
    expect(screen("", wards).split("\n")).toHaveLength(6);
    expect(screen("1", wards)).toMatch(/^CON Odomankoma Esi Nana Adwo\.\.\.\n/);
    expect(screen("1*2", wards)).toContain("balance GHS 99999.98");
  });
});

describe("enrolling again from the menu", () => {
  const returning = ward({ enrolAgain: { vacation: "2027 Easter vacation", fee: 45000 } });

  it("offers option 7 to a ward that can enrol again, confirms what and for how much, and enrols only on yes", () => {
    expect(screen("", [returning])).toBe(
      "CON Yaw Owusu\n1. Enrolment status\n2. Fees\n3. Class pages by SMS\n4. Contact the school\n5. Language\n6. Progress\n7. Enrol again",
    );
    expect(screen("7", [returning])).toBe(
      "CON Enrol Yaw Owusu for 2027 Easter vacation: General Science, 6 subjects, fee GHS 450.00?\n1. Yes\n2. No",
    );
    const yes = ussdMenu("7*1", [returning], ctx, voice("en"));
    expect(yes).toMatchObject({ end: true, screen: "enrolled-again", enrolAgain: { id: "r1" } });
    expect(renderUssd(yes)).toBe("END Yaw Owusu is enrolled for 2027 Easter vacation. The reference comes by SMS.");
    expect(ussdMenu("7*2", [returning], ctx, voice("en")).enrolAgain).toBeUndefined();
    expect(ussdMenu("7*3", [returning], ctx, voice("en")).enrolAgain).toBeUndefined();
    // No offer (enrolled already, or no vacation takes enrolments): no option 7, and 7 is not on the menu.
    expect(screen("", [ward()])).not.toContain("7.");
    expect(screen("7", [ward()])).toMatch(/not on the menu/);
  });
});

describe("progress on the menu", () => {
  it("option 6 gives the ward's attendance, then each subject with a lesson held while the screen has room", () => {
    const attendance = {
      attended: 2,
      held: 3,
      subjects: [
        { subject: "Mathematics", attended: 1, held: 2 },
        { subject: "English Language", attended: 0, held: 0 },
        { subject: "Physics", attended: 1, held: 1 },
      ],
    };
    expect(screen("6", [ward({ attendance })])).toBe(
      "END Yaw Owusu: attended 2 of 3 lessons held (67%).\nMathematics 1/2\nPhysics 1/1",
    );
    expect(screen("6", [ward()])).toBe("END Yaw Owusu: no lessons held yet. Attendance shows here once classes begin.");
    // Once work is marked, its average and band come right after the attendance (ADR 0108).
    expect(screen("6", [ward({ attendance, average: 75 })])).toBe(
      "END Yaw Owusu: attended 2 of 3 lessons held (67%).\nAverage mark: 75% (Good).\nMathematics 1/2\nPhysics 1/1",
    );
    const many = Array.from({ length: 12 }, (_, i) => ({ subject: `Subject number ${i + 1}`, attended: 4, held: 5 }));
    const full = screen("6", [ward({ attendance: { attended: 48, held: 60, subjects: many } })]);
    expect([...full].length).toBeLessThanOrEqual(USSD_MAX_LENGTH);
    expect(full).toMatch(/^END Yaw Owusu: attended 48 of 60 lessons held \(80%\)\.\nSubject number 1 4\/5\n/);
    expect(full).not.toContain("Subject number 12");
  });
});

describe("SMS keywords", () => {
  it("are read in any letter case; TWI, ENGLISH, STOP and START are keywords too; anything else gets the help text", () => {
    expect(
      ["status", "Bal", "BALANCE please", " links", "twi", "English", "STOP", "start", "hello", ""].map(smsKeyword),
    ).toEqual(["status", "balance", "balance", "links", "twi", "english", "stop", "start", "help", "help"]);
    expect(smsKeywordReply("balance", [ward()], ctx, sayEnglish)).toBe(
      "Yaw Owusu: due GHS 450.00, paid GHS 200.00, balance GHS 250.00. Last receipt VC-2026-CHRISTMAS-VACATION-000001.",
    );
    expect(smsKeywordReply("links", [ward()], ctx, sayEnglish)).toBe(
      "Yaw Owusu's class pages:\nPhysics: https://chat.whatsapp.com/AbCdEf",
    );
    // A subject whose class page is not ready is named, not left out.
    expect(smsKeywordReply("links", [ward({ pagesComing: ["French"] })], ctx, sayEnglish)).toBe(
      "Yaw Owusu's class pages:\nPhysics: https://chat.whatsapp.com/AbCdEf\nFrench: link coming soon",
    );
    expect(smsKeywordReply("help", [ward()], ctx, sayEnglish)).toMatch(
      /^Vacation Classes: send STATUS, BAL or LINKS\. Send TWI for Twi, STOP to stop announcements\. Or dial \*920\*44#/,
    );
  });
});

describe("a screen's length in 7-bit units", () => {
  it("counts an extension character (€ [ ] { } | ^ ~ \\) as two, and cuts by units", () => {
    const text = "€".repeat(100);
    const shown = renderUssd({ end: true, text, screen: "busy" });
    expect(gsm7Units(shown)).toBeLessThanOrEqual(USSD_MAX_LENGTH);
    // By characters it would have kept 179 € (358 units): a phone would show it cut, or the aggregator refuse it.
    expect([...shown].length).toBeLessThan(100);
    expect(shown.endsWith("...")).toBe(true);
    expect(renderUssd({ end: false, text: "Pay [1] or {2}", screen: "busy" })).toBe("CON Pay [1] or {2}");
  });
});

describe("PAY by SMS", () => {
  const owing = (over: Partial<UssdWard> = {}) =>
    ward({ payment: { balance: 25000, min: 1000, lastUnpaid: null }, ...over });
  const say = sayIn("en", {});

  it("reads PAY, PAY <amount> and PAY <n> <amount> in whole cedis, with the network's name after", () => {
    expect(smsPayCommand("pay")).toEqual({ ward: null, amount: null, network: null });
    expect(smsPayCommand("PAY 100")).toEqual({ ward: null, amount: 10000, network: null });
    expect(smsPayCommand(" Pay 2 150 telecel ")).toEqual({ ward: 2, amount: 15000, network: "telecel" });
    expect(smsPayCommand("PAY 100 MTN")).toEqual({ ward: null, amount: 10000, network: "mtn" });
    for (const text of ["PAY 1.50", "PAY one", "PAY 1 2 3", "PAY -5"]) expect(smsPayCommand(text)).toBe("invalid");
  });

  it("answers PAY with the wards that owe and how to pay; an amount asks for the prompt, within the bounds", () => {
    const kofi = owing({ id: "r2", wardName: "Kofi Mensah", payment: { balance: 9000, min: 1000, lastUnpaid: null } });
    const list = smsPayRequest(smsPayCommand("PAY"), [owing(), kofi], ctx, say);
    expect(list).toEqual({
      reply:
        "Vacation Classes: fees owed:\n1. Yaw Owusu GHS 250.00\n2. Kofi Mensah GHS 90.00\nReply PAY 1 250 for a Mobile Money prompt on this phone for that amount.",
    });
    expect(smsPayRequest(smsPayCommand("PAY 2 90"), [owing(), kofi], ctx, say)).toEqual({ ward: kofi, amount: 9000 });
    // One ward: PAY <amount> pays it.
    expect(smsPayRequest(smsPayCommand("PAY 100"), [owing()], ctx, say)).toEqual({ ward: owing(), amount: 10000 });
    expect(smsPayRequest(smsPayCommand("PAY 300"), [owing()], ctx, say)).toEqual({
      reply: "Vacation Classes: for Yaw Owusu, pay from GHS 10.00 to GHS 250.00, in whole cedis.",
    });
    expect(smsPayRequest(smsPayCommand("PAY 5"), [owing()], ctx, say)).toMatchObject({ reply: /pay from GHS 10\.00/ });
    // Two wards and no number of one: the list again.
    expect(smsPayRequest(smsPayCommand("PAY 100"), [owing(), kofi], ctx, say)).toMatchObject({ reply: /fees owed/ });
    expect(smsPayRequest(smsPayCommand("PAY"), [ward()], ctx, say)).toEqual({
      reply: "Vacation Classes: nothing to pay now. Send BAL for the balance.",
    });
    expect(smsKeyword("pay 100")).toBe("pay");
  });
});
