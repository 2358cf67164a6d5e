import { describe, expect, it } from "vitest";
import { pdfText } from "#tests/support/pdf-text.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { filterByDay, generateSchedule } from "#app/domain/schedule.ts";
import { fileSlug, renderSchedulePdf, schedulePdfFileName } from "#app/utils/schedule-pdf.server.ts";

const SUBJECTS = ["Mathematics", "English Language", "Physics", "Chemistry"];

describe("renderSchedulePdf", () => {
  it("writes a real PDF with the school, student, programme and every class", async () => {
    const entries = generateSchedule("pdf-test", SUBJECTS);
    const pdf = await renderSchedulePdf({
      studentName: "Ama Mensah",
      programmeLabel: "General Science",
      day: null,
      entries,
    });
    const text = pdfText(pdf);
    expect(text).toContain(SCHOOL_NAME);
    expect(text).toContain("Student: Ama Mensah");
    expect(text).toContain("Programme: General Science");
    for (const subject of SUBJECTS) expect(text).toContain(subject);
    for (const e of entries) expect(text).toContain(`${e.facilitator}`);
    expect(text.split("\n").filter((line) => SUBJECTS.includes(line))).toHaveLength(entries.length);
  });

  it("holds only the filtered day's classes, or says there are none", async () => {
    const entries = generateSchedule("pdf-day", SUBJECTS);
    const monday = filterByDay(entries, "Monday");
    const text = pdfText(
      await renderSchedulePdf({ studentName: "Ama", programmeLabel: "Business", day: "Monday", entries: monday }),
    );
    expect(text).toContain("Weekly timetable (sample) (Monday)");
    expect(text).toContain("rooms and facilitators are examples");
    const dayCells = text
      .split("\n")
      .filter((l) => ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].includes(l));
    expect(dayCells.every((d) => d === "Monday")).toBe(true);
    expect(dayCells).toHaveLength(monday.length);
    const empty = pdfText(
      await renderSchedulePdf({ studentName: "Ama", programmeLabel: "Business", day: "Friday", entries: [] }),
    );
    expect(empty).toContain("No classes on Friday");
  });

  it("names files safely", () => {
    expect(schedulePdfFileName("Kofi  O'Brien-Mensah", "Monday")).toBe("timetable-kofi-obrien-mensah-monday.pdf");
    expect(schedulePdfFileName('"; rm -rf /', null)).toBe("timetable-rm-rf-week.pdf");
    expect(fileSlug("***")).toBe("student");
  });
});

describe("renderSchedulePdf with Ghanaian letters", () => {
  it("prints Ɛ ɛ Ɔ ɔ Ŋ ŋ in names (an embedded font that has them)", async () => {
    const pdf = await renderSchedulePdf({
      studentName: "Ɛfua Ɔdɔ Ŋmɛbɛŋ",
      programmeLabel: "General Arts",
      day: null,
      entries: [],
    });
    expect(pdf.toString("latin1")).toContain("DejaVuSans");
    expect(pdfText(pdf)).toContain("Student: Ɛfua Ɔdɔ Ŋmɛbɛŋ");
  });
});
