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

/** The page's 495 points: the time is wide enough for "10:00 AM to 11:30 AM" on one line; longer cells wrap. */
const COLUMNS = [
  { key: "day", label: "Day", width: 85 },
  { key: "time", label: "Time", width: 120 },
  { key: "subject", label: "Subject", width: 135 },
  { key: "facilitator", label: "Facilitator", width: 95 },
  { key: "status", label: "Note", width: 60 },
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

  const padding = 6;
  const tableWidth = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // A row as tall as its tallest cell: nothing is cut (a lesson's times, a long subject or name wrap in their cell).
  const drawRow = (cells: string[], header: boolean) => {
    doc.font(header ? PDF_FONT_BOLD : PDF_FONT).fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i].width - 8 }));
    const rowHeight = Math.max(22, Math.ceil(Math.max(...heights)) + 2 * padding);
    if (doc.y + rowHeight > bottom()) doc.addPage();
    const y = doc.y;
    if (header) doc.rect(left, y, tableWidth, rowHeight).fill("#e5edf9");
    doc.fillColor("#111111").font(header ? PDF_FONT_BOLD : PDF_FONT);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 4, y + padding, { width: COLUMNS[i].width - 8 });
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
