import { describe, expect, it } from "vitest";
import {
  renderUssd,
  smsKeyword,
  smsKeywordReply,
  ussdMenu,
  USSD_MAX_LENGTH,
  type UssdContext,
  type UssdWard,
} from "#app/domain/ussd.ts";

const ctx: UssdContext = {
  schoolName: "Vacation Classes",
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
const screen = (text: string, wards: UssdWard[]) => renderUssd(ussdMenu(text, wards, ctx));

describe("the USSD menu", () => {
  it("one ward: the menu, then status, fees, class pages by SMS and contacts", () => {
    expect(screen("", [ward()])).toBe(
      "CON Yaw Owusu\n1. Enrolment status\n2. Fees\n3. Class pages by SMS\n4. Contact the school",
    );
    expect(screen("1", [ward()])).toBe("END Yaw Owusu: General Science, 6 subjects, enrolled; fees part-paid.");
    expect(screen("2", [ward()])).toBe(
      "END Yaw Owusu: due GHS 450.00, paid GHS 200.00, balance GHS 250.00. Last receipt VC-2026-CHRISTMAS-VACATION-000001.",
    );
    const links = ussdMenu("3", [ward()], ctx);
    expect(links.sendLinksFor?.id).toBe("r1");
    expect(renderUssd(links)).toBe("END We are sending Yaw Owusu's class-page links by SMS to this number.");
    expect(ussdMenu("3", [ward({ classPages: [] })], ctx).sendLinksFor).toBeUndefined();
    expect(screen("4", [ward()])).toMatch(/^END Vacation Classes: call 024 000 0001/);
    expect(screen("9", [ward()])).toBe("END That choice is not on the menu. Dial *920*44# again.");
  });

  it("several wards: a ward is chosen first; an unknown number gets the contacts and how to enrol", () => {
    const two = [ward(), ward({ id: "r2", wardName: "Ama Owusu", feeStatus: null })];
    expect(screen("", two)).toBe("CON Vacation Classes: choose a ward\n1. Yaw Owusu\n2. Ama Owusu");
    expect(screen("2", two)).toMatch(/^CON Ama Owusu\n1\. Enrolment status/);
    expect(screen("2*1", two)).toBe("END Ama Owusu: General Science, 6 subjects, enrolled.");
    expect(screen("3*1", two)).toMatch(/not on the menu/);
    expect(screen("", [])).toBe(
      "END No registration gives this number. Enrol at portal.example.org/registration or call 024 000 0001 or 020 000 0002, 7:30am to 5:30pm, Monday to Friday.",
    );
  });

  it("keeps every screen within 182 characters, with long Ghanaian names (Ɛ, Ɔ) and five wards", () => {
    const long = "Ɔdɔmankoma Ɛsi Nana Adwoa Kwakyewaa Oforiwaa-Bɔakyɛ Asantewaa";
    const wards = Array.from({ length: 7 }, (_, i) =>
      ward({ id: `r${i}`, wardName: `${long} ${i}`, programme: "Home Economics", amountDue: 9_999_999, amountPaid: 1 }),
    );
    const texts = ["", "1", "2", "3", "4", "5", "1*1", "1*2", "1*3", "1*4", "5*2", "1*9", "x"];
    for (const wardsNow of [wards, wards.slice(0, 1)])
      for (const text of texts) {
        const shown = screen(text, wardsNow);
        expect([...shown].length, `${text}: ${shown}`).toBeLessThanOrEqual(USSD_MAX_LENGTH);
      }
    expect(screen("", wards).split("\n")).toHaveLength(6);
    expect(screen("1*2", wards)).toContain("balance GHS 99999.98");
  });
});

describe("SMS keywords", () => {
  it("are read in any letter case; anything else gets the help text", () => {
    expect(["status", "Bal", "BALANCE please", " links", "hello", ""].map(smsKeyword)).toEqual([
      "status",
      "balance",
      "balance",
      "links",
      "help",
      "help",
    ]);
    expect(smsKeywordReply("balance", [ward()], ctx)).toBe(
      "Yaw Owusu: due GHS 450.00, paid GHS 200.00, balance GHS 250.00. Last receipt VC-2026-CHRISTMAS-VACATION-000001.",
    );
    expect(smsKeywordReply("links", [ward()], ctx)).toBe(
      "Yaw Owusu's class pages:\nPhysics: https://chat.whatsapp.com/AbCdEf",
    );
    expect(smsKeywordReply("help", [ward()], ctx)).toMatch(
      /^Vacation Classes: send STATUS, BAL or LINKS\. Or dial \*920\*44#/,
    );
  });
});
