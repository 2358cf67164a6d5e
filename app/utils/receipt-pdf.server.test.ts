import { describe, expect, it } from "vitest";
import { pdfText } from "#tests/support/pdf-text.ts";
import { renderReceiptPdf } from "#app/utils/receipt-pdf.server.ts";
import { DEFAULT_CONTACTS } from "#app/domain/school.ts";

const base = {
  receiptCode: "VC-2026-000007",
  season: "2026",
  wardName: "Ɛfua Ɔdɔ Ŋmɛbɛŋ",
  parentName: "Kwabena Ɔpoku",
  programmeLabel: "General Science",
  amount: 45050,
  method: "MTN MoMo",
  reference: "MP261120.1015.C00001",
  paidOn: "20/11/2026",
  confirmedOn: "21/11/2026",
  balanceAfter: 4950,
  voided: false,
  contacts: {
    ...DEFAULT_CONTACTS,
    phones: [{ display: "055 123 4567", tel: "+233551234567" }],
    email: "office@school.example",
  },
};

describe("renderReceiptPdf", () => {
  it("prints the school, ward, programme, amount in figures and words, method, reference and balance, Ghanaian letters included", async () => {
    const text = pdfText(await renderReceiptPdf(base)).replace(/\s+/g, " ");
    for (const part of [
      "Vacation Classes",
      "055 123 4567, 7:30am to 5:30pm, Monday to Friday · office@school.example",
      "Receipt number: VC-2026-000007",
      "Ward: Ɛfua Ɔdɔ Ŋmɛbɛŋ",
      "Parent/Guardian: Kwabena Ɔpoku",
      "Programme: General Science",
      "Amount: GH₵ 450.50",
      "Amount in words: Four hundred fifty Ghana cedis and fifty pesewas",
      "Method: MTN MoMo",
      "Transaction reference: MP261120.1015.C00001",
      "Balance after this payment: GH₵ 49.50",
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain("VOIDED");
  });

  it("marks a voided payment and an overpayment", async () => {
    const text = pdfText(await renderReceiptPdf({ ...base, voided: true, balanceAfter: -500 })).replace(/\s+/g, " ");
    expect(text).toContain("VOIDED");
    expect(text).toContain("Overpaid after this payment: GH₵ 5.00");
  });
});
