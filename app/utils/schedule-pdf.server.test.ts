import { describe, expect, it } from "vitest";
import { pdfText } from "#tests/support/pdf-text.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import {
  fileSlug,
  renderSchedulePdf,
  schedulePdfFileName,
  type SchedulePdfLesson,
} from "#app/utils/schedule-pdf.server.ts";

const lesson = (over: Partial<SchedulePdfLesson>): SchedulePdfLesson => ({
  day: "Monday 30 Nov",
  time: "8:00 AM to 9:00 AM",
  subject: "Mathematics",
  facilitator: "Kofi Mensah",
  phase: "upcoming",
  movedFrom: null,
  ...over,
});

describe("renderSchedulePdf", () => {
  it("writes a real PDF with the school, student, programme, week and every lesson, cancelled ones marked", async () => {
    const lessons = [
      lesson({}),
      lesson({ subject: "Physics", day: "Tuesday 1 Dec", facilitator: "Ama Owusu", phase: "cancelled" }),
      lesson({ subject: "Chemistry", day: "Friday 4 Dec", movedFrom: "Thursday 3 Dec" }),
    ];
    const text = pdfText(
      await renderSchedulePdf({
        studentName: "Ama Mensah",
        programmeLabel: "General Science",
        week: "30 November 2026 to 6 December 2026",
        day: null,
        lessons,
      }),
    );
    expect(text).toContain(SCHOOL_NAME);
    expect(text).toContain("Student: Ama Mensah");
    expect(text).toContain("Programme: General Science");
    expect(text).toContain("Week: 30 November 2026 to 6 December 2026");
    for (const l of lessons) expect(text).toContain(l.subject);
    expect(text).toContain("Ama Owusu");
    expect(text).toContain("Cancelled");
    expect(text).toContain("Moved");
    expect(text).not.toMatch(/sample/i);
  });

  it("prints each lesson's whole time, a long subject and a long name, cut nowhere", async () => {
    const text = pdfText(
      await renderSchedulePdf({
        studentName: "Kwabena Ɔdɔ",
        programmeLabel: "General Arts",
        week: "w",
        day: null,
        lessons: [
          lesson({
            time: "10:00 AM to 11:30 AM",
            subject: "Christian Religious Studies (class 2)",
            facilitator: "Abena Serwaa Nyarko-Boateng",
          }),
        ],
      }),
    );
    expect(text).toContain("10:00 AM to 11:30 AM");
    for (const word of ["Christian", "Religious", "Studies", "Abena", "Serwaa", "Nyarko-Boateng"])
      expect(text).toContain(word);
    expect(text).not.toContain("…");
  });

  it("says when the filtered day has no lesson", async () => {
    const empty = pdfText(
      await renderSchedulePdf({
        studentName: "Ama",
        programmeLabel: "Business",
        week: "w",
        day: "Friday",
        lessons: [],
      }),
    );
    expect(empty).toContain("Class schedule (Friday)");
    expect(empty).toContain("No classes on Friday");
  });

  it("names files safely", () => {
    expect(schedulePdfFileName("Kofi  O'Brien-Mensah", "2026-11-30", "Monday")).toBe(
      "timetable-kofi-obrien-mensah-2026-11-30-monday.pdf",
    );
    expect(schedulePdfFileName('"; rm -rf /', "2026-11-30", null)).toBe("timetable-rm-rf-2026-11-30.pdf");
    expect(fileSlug("***")).toBe("student");
  });
});

describe("renderSchedulePdf with Ghanaian letters", () => {
  it("prints Ɛ ɛ Ɔ ɔ Ŋ ŋ in names (an embedded font that has them)", async () => {
    const pdf = await renderSchedulePdf({
      studentName: "Ɛfua Ɔdɔ Ŋmɛbɛŋ",
      programmeLabel: "General Arts",
      week: "w",
      day: null,
      lessons: [],
    });
    expect(pdf.toString("latin1")).toContain("DejaVuSans");
    expect(pdfText(pdf)).toContain("Student: Ɛfua Ɔdɔ Ŋmɛbɛŋ");
  });
});
