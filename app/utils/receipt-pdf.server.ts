import { contactLine, SCHOOL_NAME, type SchoolContacts } from "#app/domain/school.ts";
import { formatCedis } from "#app/domain/money.ts";
import { amountInWords } from "#app/domain/money-words.ts";
import { PDF_FONT, PDF_FONT_BOLD, newPdfDocument, preparePdf } from "#app/utils/pdf-fonts.server.ts";

export type ReceiptInput = {
  receiptCode: string;
  season: string;
  wardName: string;
  parentName: string;
  programmeLabel: string;
  amount: number;
  method: string;
  reference: string | null;
  paidOn: string;
  confirmedOn: string;
  /** Pesewas still owed right after this payment (negative: overpaid), or null when no fee was set. */
  balanceAfter: number | null;
  voided: boolean;
  /** The school's contacts (Settings → General), printed under its name. */
  contacts: SchoolContacts;
};

/** A one-page receipt for a confirmed payment, in DejaVu Sans (Ghanaian letters print). */
export async function renderReceiptPdf(input: ReceiptInput): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: "A5",
    margin: 40,
    info: { Title: `${SCHOOL_NAME} receipt ${input.receiptCode}`, Author: SCHOOL_NAME },
  });
  const done = preparePdf(doc);
  doc.font(PDF_FONT_BOLD).fontSize(16).fillColor("#133f8a").text(SCHOOL_NAME);
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .fillColor("#333333")
    .text(`${contactLine(input.contacts)} · ${input.contacts.email}`);
  doc.moveDown(0.2);
  doc.font(PDF_FONT_BOLD).fontSize(13).fillColor("#111111").text("Payment receipt");
  if (input.voided)
    doc.font(PDF_FONT_BOLD).fillColor("#b91c1c").text("VOIDED: this payment was cancelled and no longer counts.");
  doc.fillColor("#111111").moveDown(0.6);
  const line = (label: string, value: string) => {
    doc.font(PDF_FONT_BOLD).fontSize(10).text(`${label}: `, { continued: true });
    doc.font(PDF_FONT).text(value);
    doc.moveDown(0.15);
  };
  line("Receipt number", input.receiptCode);
  line("Ward", input.wardName);
  line("Parent/Guardian", input.parentName);
  line("Programme", input.programmeLabel);
  line("Season", input.season);
  line("Amount", formatCedis(input.amount));
  line("Amount in words", amountInWords(input.amount));
  line("Method", input.method);
  if (input.reference) line("Transaction reference", input.reference);
  line("Paid on", input.paidOn);
  line("Confirmed on", input.confirmedOn);
  if (input.balanceAfter != null) {
    line(
      input.balanceAfter < 0 ? "Overpaid after this payment" : "Balance after this payment",
      formatCedis(Math.abs(input.balanceAfter)),
    );
  }
  doc.moveDown(0.8);
  doc
    .font(PDF_FONT)
    .fontSize(8)
    .fillColor("#4b5563")
    .text("Receipt numbers are issued in sequence for each season and never reused.");
  doc.end();
  return done;
}
