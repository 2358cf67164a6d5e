import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PDF_FONT, PDF_FONT_BOLD, newPdfDocument, preparePdf } from "#app/utils/pdf-fonts.server.ts";
import { CLASS_TYPE_LABELS, SAMPLE_SCHEDULE_NOTE, type ScheduleDay, type ScheduleEntry } from "#app/domain/schedule.ts";

export type SchedulePdfInput = {
  studentName: string;
  programmeLabel: string;
  /** The day filter shown on the page, or null for the whole week. */
  day: ScheduleDay | null;
  entries: readonly ScheduleEntry[];
  generatedAt?: Date;
};

const COLUMNS = [
  { key: "day", label: "Day", width: 72 },
  { key: "time", label: "Time", width: 62 },
  { key: "subject", label: "Subject", width: 150 },
  { key: "type", label: "Type", width: 62 },
  { key: "room", label: "Room", width: 55 },
  { key: "facilitator", label: "Facilitator", width: 94 },
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

export function schedulePdfFileName(studentName: string, day: ScheduleDay | null): string {
  return `timetable-${fileSlug(studentName)}-${day ? day.toLowerCase() : "week"}.pdf`;
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
    .text(`Weekly timetable (sample)${input.day ? ` (${input.day})` : ""}`);
  doc.moveDown(0.5);
  doc.font(PDF_FONT).fontSize(11);
  doc.text(`Student: ${input.studentName}`);
  doc.text(`Programme: ${input.programmeLabel}`);
  doc.text(`Generated: ${(input.generatedAt ?? new Date()).toISOString().slice(0, 10)} (Africa/Accra)`);
  doc.text(SAMPLE_SCHEDULE_NOTE);
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
      .fontSize(10);
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
  if (input.entries.length === 0) {
    doc.moveDown(0.5);
    doc
      .font(PDF_FONT)
      .fontSize(11)
      .text(input.day ? `No classes on ${input.day}` : "No Schedule Available", left);
  }
  for (const e of input.entries) {
    drawRow([e.day, e.time, e.subject, CLASS_TYPE_LABELS[e.type], e.room, e.facilitator], false);
  }
  doc.end();
  return done;
}
