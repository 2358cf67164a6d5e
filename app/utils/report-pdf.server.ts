import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PDF_FONT, PDF_FONT_BOLD, newPdfDocument, preparePdf } from "#app/utils/pdf-fonts.server.ts";
import { fileSlug } from "#app/utils/schedule-pdf.server.ts";

/** A ward's end-of-vacation report as the PDF prints it (docs/decisions/0110-end-of-vacation-reports.md). */
export type ReportInput = {
  wardName: string;
  vacation: string;
  programme: string;
  form: string;
  reference: string;
  attendance: { overall: string; subjects: ReadonlyArray<{ subject: string; text: string }> };
  work: {
    overall: string;
    subjects: ReadonlyArray<{
      subject: string;
      performance: string;
      missing: readonly string[];
      marks: ReadonlyArray<{ title: string; mark: string; comment: string | null }>;
    }>;
  };
  generatedAt?: Date;
};

export const reportFileName = (wardName: string, vacation: string) =>
  `report-${fileSlug(wardName)}-${fileSlug(vacation)}.pdf`;

/**
 * The report: the school, the ward and vacation, attendance per subject, and per subject the average of marked work
 * with its band, each mark with the facilitator's comment, and the work missing. DejaVu Sans, so Ghanaian letters
 * print (pdf-fonts.server.ts).
 */
export async function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: "A4",
    margin: 50,
    info: { Title: `${SCHOOL_NAME} report: ${input.wardName}, ${input.vacation}`, Author: SCHOOL_NAME },
  });
  const done = preparePdf(doc);
  const heading = (text: string, size = 13) => {
    doc.moveDown(0.8);
    doc.font(PDF_FONT_BOLD).fontSize(size).fillColor("#111111").text(text);
    doc.moveDown(0.2);
    doc.font(PDF_FONT).fontSize(10.5);
  };
  doc.font(PDF_FONT_BOLD).fontSize(18).fillColor("#133f8a").text(SCHOOL_NAME);
  doc.font(PDF_FONT_BOLD).fontSize(14).fillColor("#111111").text(`End-of-vacation report: ${input.vacation}`);
  doc.moveDown(0.5);
  doc.font(PDF_FONT).fontSize(11);
  doc.text(`Student: ${input.wardName}`);
  doc.text(`${input.programme} · ${input.form} · reference ${input.reference}`);
  doc.text(`Generated: ${(input.generatedAt ?? new Date()).toISOString().slice(0, 10)} (Africa/Accra)`);

  heading("Attendance");
  doc.text(`Overall: ${input.attendance.overall} (lessons attended, present or late, of lessons held)`);
  for (const s of input.attendance.subjects) doc.text(`${s.subject}: ${s.text}`, { indent: 12 });

  heading("Work and marks");
  doc.text(`Average of marked work: ${input.work.overall}. Work missing is listed, not counted as 0.`);
  for (const s of input.work.subjects) {
    doc.moveDown(0.4);
    doc.font(PDF_FONT_BOLD).text(`${s.subject}: ${s.performance}`);
    doc.font(PDF_FONT);
    for (const m of s.marks) {
      doc.text(`${m.title}: ${m.mark}`, { indent: 12 });
      if (m.comment) doc.fillColor("#374151").text(`“${m.comment}”`, { indent: 24 }).fillColor("#111111");
    }
    if (s.missing.length) doc.text(`Missing: ${s.missing.join(", ")}`, { indent: 12 });
    if (!s.marks.length && !s.missing.length) doc.text("No marked work.", { indent: 12 });
  }
  doc.end();
  return done;
}
