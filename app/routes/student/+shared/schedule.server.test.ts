import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacationOfNow } from "#tests/support/registration-doc.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import type { PortalRegistration } from "#app/routes/student/+shared/portal.server.ts";
import { wardWeek } from "#app/routes/student/+shared/schedule.server.ts";

useTestDatabase("schedule_test", { init: [Lesson, Subject] });

const VACATION = "Schedule test vacation";

describe("the student's schedule", () => {
  it("gives a withdrawn ward the lessons' times but not their notes, materials or join link", async () => {
    await insertVacationOfNow(VACATION);
    const today = schoolDay();
    await Lesson.create({
      vacation: VACATION,
      programme: "science",
      subject: "Physics",
      forms: ["form-2"],
      date: today,
      start: "00:00",
      end: "23:59",
      startedAt: new Date(),
      joinLink: "https://meet.google.com/abc-defg-hij",
      notes: "Read chapter 4.",
      materialLink: "https://example.org/notes.pdf",
    });
    const ward: PortalRegistration = {
      id: "reg-1",
      reference: "ref1",
      wardName: "Ama",
      programme: "science",
      programmeLabel: "General Science",
      wardForm: "form-2",
      subjects: ["Physics"],
      classPagesOpenedAt: null,
      paymentStatus: null,
      vacation: VACATION,
      current: true,
      enrolAgain: null,
      withdrawn: false,
    };
    const enrolled = (await wardWeek(ward, { day: null, week: null })).todays[0];
    expect(enrolled).toMatchObject({
      subject: "Physics",
      notes: "Read chapter 4.",
      materialLink: "https://example.org/notes.pdf",
      joinLink: "https://meet.google.com/abc-defg-hij",
    });
    const withdrawn = (await wardWeek({ ...ward, withdrawn: true }, { day: null, week: null })).todays[0];
    expect(withdrawn).toMatchObject({ subject: "Physics", notes: "", materialLink: null, joinLink: null });
  });
});
