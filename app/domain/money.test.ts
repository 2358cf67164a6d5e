import { describe, expect, it } from "vitest";
import {
  AMOUNT_ERRORS,
  MAX_AMOUNT_PESEWAS,
  formatCedis,
  formatReceiptNumber,
  parseCedis,
  paymentStatus,
  pesewasToInput,
  referenceKey,
  sumPesewas,
} from "#app/domain/money.ts";
import { amountInWords } from "#app/domain/money-words.ts";
import { EMPTY_FEES, feeFor, type FeeSchedule } from "#app/domain/fees.ts";

const pesewas = (text: string) => {
  const r = parseCedis(text);
  if (!r.ok) throw new Error(r.error);
  return r.pesewas;
};

describe("parseCedis", () => {
  it("reads cedis with up to two decimals into whole pesewas", () => {
    expect(pesewas("450")).toBe(45000);
    expect(pesewas("450.5")).toBe(45050);
    expect(pesewas("450.50")).toBe(45050);
    expect(pesewas("0.10")).toBe(10);
    expect(pesewas(" 1,200.00 ")).toBe(120000);
    expect(pesewas("GH₵ 450.00")).toBe(45000);
    expect(pesewas("GHS 12")).toBe(1200);
    expect(pesewas("100000")).toBe(MAX_AMOUNT_PESEWAS);
  });

  it("refuses what is not a positive amount of at most two decimals and GH₵ 100,000", () => {
    expect(parseCedis("")).toEqual({ ok: false, error: AMOUNT_ERRORS.required });
    expect(parseCedis(undefined)).toEqual({ ok: false, error: AMOUNT_ERRORS.required });
    expect(parseCedis("0")).toEqual({ ok: false, error: AMOUNT_ERRORS.positive });
    expect(parseCedis("0", { allowZero: true })).toEqual({ ok: true, pesewas: 0 });
    expect(parseCedis("-5")).toEqual({ ok: false, error: AMOUNT_ERRORS.format });
    expect(parseCedis("1.234")).toEqual({ ok: false, error: AMOUNT_ERRORS.format });
    expect(parseCedis("1e3")).toEqual({ ok: false, error: AMOUNT_ERRORS.format });
    expect(parseCedis("12,00")).toEqual({ ok: false, error: AMOUNT_ERRORS.format });
    expect(parseCedis("abc")).toEqual({ ok: false, error: AMOUNT_ERRORS.format });
    expect(parseCedis("100000.01")).toEqual({ ok: false, error: AMOUNT_ERRORS.tooLarge });
    expect(parseCedis("99999999999999999999")).toEqual({ ok: false, error: AMOUNT_ERRORS.tooLarge });
  });

  it("adds 0.10 and 0.20 to exactly 0.30 (no floats anywhere)", () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the float trap this module avoids
    const total = sumPesewas([pesewas("0.10"), pesewas("0.20")]);
    expect(total).toBe(30);
    expect(formatCedis(total)).toBe("GH₵ 0.30");
    expect(sumPesewas(Array.from({ length: 10 }, () => pesewas("0.10")))).toBe(100);
  });

  it("refuses fractional pesewas when summing or formatting", () => {
    expect(() => sumPesewas([0.5])).toThrow(TypeError);
    expect(() => formatCedis(0.1 + 0.2)).toThrow(TypeError);
  });
});

describe("formatting", () => {
  it("prints GH₵ with two decimals and thousands separators", () => {
    expect(formatCedis(45000)).toBe("GH₵ 450.00");
    expect(formatCedis(5)).toBe("GH₵ 0.05");
    expect(formatCedis(123456789)).toBe("GH₵ 1,234,567.89");
    expect(formatCedis(-500)).toBe("-GH₵ 5.00");
    expect(pesewasToInput(45050)).toBe("450.50");
    expect(pesewasToInput(null)).toBe("");
  });

  it("spells amounts in words for receipts", () => {
    expect(amountInWords(45000)).toBe("Four hundred fifty Ghana cedis only");
    expect(amountInWords(45050)).toBe("Four hundred fifty Ghana cedis and fifty pesewas");
    expect(amountInWords(101)).toBe("One Ghana cedi and one pesewa");
    expect(amountInWords(30)).toBe("Thirty pesewas");
    expect(amountInWords(MAX_AMOUNT_PESEWAS)).toBe("One hundred thousand Ghana cedis only");
  });
});

describe("payment status", () => {
  it("is Unpaid, Part-paid, Paid or Overpaid from confirmed payments against the amount due", () => {
    expect(paymentStatus(45000, 0)).toBe("unpaid");
    expect(paymentStatus(45000, 20000)).toBe("part-paid");
    expect(paymentStatus(45000, sumPesewas([20000, 25000]))).toBe("paid");
    expect(paymentStatus(45000, 45001)).toBe("overpaid");
    expect(paymentStatus(0, 0)).toBe("paid");
  });
});

describe("references and receipt numbers", () => {
  it("compares references without case, spaces or dashes", () => {
    expect(referenceKey(" mp 2311-ab ")).toBe(referenceKey("MP2311AB"));
  });
  it("numbers receipts per season, zero-padded", () => {
    expect(formatReceiptNumber("2026 Vacation", 42)).toBe("VC-2026-VACATION-000042");
  });
});

describe("fee schedule", () => {
  const schedule: FeeSchedule = {
    season: "2026",
    deadline: "",
    merchantName: "",
    merchantNumber: "",
    paymentInstructions: "",
    fees: { ...EMPTY_FEES, science: 45000, arts: 40000 },
    bandFromSubjects: 8,
    bandFees: { ...EMPTY_FEES, science: 55000 },
    minOnlinePayment: 1000,
    allowOverpayment: false,
  };
  it("gives the programme fee, the band fee from its subject count, and null when unset", () => {
    expect(feeFor(schedule, "science", 6)).toBe(45000);
    expect(feeFor(schedule, "science", 8)).toBe(55000);
    expect(feeFor(schedule, "arts", 9)).toBe(40000);
    expect(feeFor(schedule, "business", 4)).toBeNull();
    expect(feeFor(null, "science", 4)).toBeNull();
  });
});
