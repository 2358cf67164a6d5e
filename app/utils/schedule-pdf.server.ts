import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PDF_FONT, PDF_FONT_BOLD, newPdfDocument, preparePdf } from "#app/utils/pdf-fonts.server.ts";

/** A lesson as the PDF prints it. */
export type SchedulePdfLesson = {
  day: string;
  time: string;
  subject: string;
  facilitator: string;
  phase: string;
  movedFrom: string | null;
};

export type SchedulePdfInput = {
  studentName: string;
  programmeLabel: string;
  /** "30 November 2026 to 6 December 2026". */
  week: string;
  /** The day filter shown on the page, or null for the whole week. */
  day: string | null;
  lessons: readonly SchedulePdfLesson[];
  generatedAt?: Date;
};

const COLUMNS = [
  { key: "day", label: "Day", width: 95 },
  { key: "time", label: "Time", width: 105 },
  { key: "subject", label: "Subject", width: 155 },
  { key: "facilitator", label: "Facilitator", width: 85 },
  { key: "status", label: "Note", width: 55 },
] as const;

/** A file-name-safe slug (ASCII letters, digits and dashes). */
export function fileSlug(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, "-")
      .replace(/-+/g, "-")
      .slice(0, 60) || "student"
  );
}

export function schedulePdfFileName(studentName: string, monday: string, day: string | null): string {
  return `timetable-${fileSlug(studentName)}-${monday}${day ? `-${day.toLowerCase()}` : ""}.pdf`;
}

/**
 * The shown (possibly day-filtered) timetable as a real PDF (docs/product.md#departures):
 * school name, student, programme and a table of the classes, in the bundled
 * DejaVu Sans so names with Ghanaian letters print (pdf-fonts.server.ts).
 */
export async function renderSchedulePdf(input: SchedulePdfInput): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: "A4",
    margin: 50,
    info: { Title: `${SCHOOL_NAME} timetable: ${input.studentName}`, Author: SCHOOL_NAME },
  });
  const done = preparePdf(doc);
  const left = doc.page.margins.left;
  doc.font(PDF_FONT_BOLD).fontSize(18).fillColor("#133f8a").text(SCHOOL_NAME);
  doc.moveDown(0.3);
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(14)
    .fillColor("#111111")
    .text(`Class schedule${input.day ? ` (${input.day})` : ""}`);
  doc.moveDown(0.5);
  doc.font(PDF_FONT).fontSize(11);
  doc.text(`Student: ${input.studentName}`);
  doc.text(`Programme: ${input.programmeLabel}`);
  doc.text(`Generated: ${(input.generatedAt ?? new Date()).toISOString().slice(0, 10)} (Africa/Accra)`);
  doc.text(`Week: ${input.week}. Lessons are online.`);
  doc.moveDown(1);

  const rowHeight = 22;
  const tableWidth = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const drawRow = (cells: string[], header: boolean) => {
    if (doc.y + rowHeight > bottom()) doc.addPage();
    const y = doc.y;
    if (header) doc.rect(left, y, tableWidth, rowHeight).fill("#e5edf9");
    doc
      .fillColor("#111111")
      .font(header ? PDF_FONT_BOLD : PDF_FONT)
      .fontSize(9);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 4, y + 6, {
        width: COLUMNS[i].width - 8,
        height: rowHeight - 6,
        ellipsis: true,
        lineBreak: false,
      });
      x += COLUMNS[i].width;
    });
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(left + tableWidth, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor("#9ca3af")
      .stroke();
    doc.x = left;
    doc.y = y + rowHeight;
  };

  drawRow(
    COLUMNS.map((c) => c.label),
    true,
  );
  if (input.lessons.length === 0) {
    doc.moveDown(0.5);
    doc
      .font(PDF_FONT)
      .fontSize(11)
      .text(input.day ? `No classes on ${input.day}` : "No classes this week", left);
  }
  for (const l of input.lessons) {
    const note = l.phase === "cancelled" ? "Cancelled" : l.movedFrom ? "Moved" : "";
    drawRow([l.day, l.time, l.subject, l.facilitator, note], false);
  }
  doc.end();
  return done;
}
