import { afterAll, describe, expect, it } from "vitest";
import { pdfText } from "#tests/support/pdf-text.ts";
import { renderPdfHere, type PdfJob } from "#app/utils/pdf-render.server.ts";
import { DEFAULT_CONTACTS } from "#app/domain/school.ts";
import { pdfThread } from "./pdf-thread.ts";

const receipt = (n: number): PdfJob => ({
  kind: "receipt",
  input: {
    receiptCode: `RCT-2026-${String(n).padStart(4, "0")}`,
    season: "2026 Christmas vacation",
    wardName: "Ɛsi Ɔwusu",
    parentName: "Ama Owusu",
    programmeLabel: "General Science",
    amount: 250,
    method: "Mobile Money",
    reference: null,
    paidOn: "01/12/2026",
    confirmedOn: "01/12/2026",
    balanceAfter: 0,
    voided: false,
    contacts: DEFAULT_CONTACTS,
  },
});

describe("the PDF thread", () => {
  const thread = pdfThread();
  afterAll(() => thread.stop());

  it("renders the same PDF as the request's thread would, while that thread stays free", async () => {
    const here = pdfText(await renderPdfHere(receipt(1)));
    // The main thread's timers keep their time while four PDFs are made at once.
    let worst = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last - 5);
      last = now;
    }, 5);
    const pdfs = await Promise.all([1, 2, 3, 4].map((n) => thread.render(receipt(n))));
    clearInterval(probe);
    expect(pdfText(pdfs[0]!)).toBe(here);
    expect(pdfText(pdfs[3]!)).toContain("RCT-2026-0004");
    expect(worst).toBeLessThan(50);
  });

  it("refuses a PDF that cannot be made, and makes the next one", async () => {
    await expect(thread.render({ kind: "receipt", input: null } as unknown as PdfJob)).rejects.toThrow(
      /the PDF could not be made/,
    );
    expect(pdfText(await thread.render(receipt(5)))).toContain("RCT-2026-0005");
  });
});
