import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacationOfNow } from "#tests/support/registration-doc.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { timeOf } from "#app/domain/lessons.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { Submission } from "#app/models/submission.server.ts";
import { raiseWorkRevision } from "#app/models/revisions.server.ts";
import { teachingOverview } from "#app/services/teaching/teaching-overview.server.ts";

useTestDatabase("teaching_overview_test", { init: [Lesson, Assignment, Submission] });

const V = "Overview test vacation";

describe("the facilitator overview", () => {
  it("counts every register of today still to take and shows the next lessons however many ended before them", async () => {
    await insertVacationOfNow(V);
    const today = schoolDay();
    const now = new Date(`${today}T20:00:00Z`);
    const lesson = (date: string, start: number, extra: Record<string, unknown> = {}) => ({
      vacation: V,
      programme: "science",
      subject: "Physics",
      forms: ["form-1"],
      date,
      start: timeOf(start),
      end: timeOf(start + 30),
      ...extra,
    });
    // Fifteen lessons of today over by 20:00, one with its register saved; then one running and one tomorrow.
    await Lesson.create([
      ...Array.from({ length: 15 }, (_, n) =>
        lesson(today, 6 * 60 + n * 40, n === 0 ? { registerSavedAt: new Date() } : {}),
      ),
      lesson(today, 19 * 60 + 45),
      lesson(addDays(today, 1), 9 * 60),
    ]);
    const overview = await teachingOverview(["Physics"], now);
    expect(overview.registersToTake).toBe(15); // 14 over and not taken, and the one running
    expect(overview.upcoming.map((u) => [u.running, u.when])).toEqual([
      [true, "Today, 7:45 PM to 8:15 PM"],
      [false, expect.stringMatching(/, 9:00 AM to 9:30 AM$/)],
    ]);
  });

  it("shows work set and handed in a moment ago, and nothing handed in before the fortnight", async () => {
    const now = new Date(Date.now() + 60_000);
    const fortnightAgo = now.getTime() - 14 * 86_400_000;
    const texts = async () => (await teachingOverview(["Chemistry"], now)).activity.map((e) => e.text);
    expect(await texts()).toEqual([]);
    const a = await Assignment.create({ facilitatorId: "fac-1", subject: "Chemistry", title: "Titration" });
    expect(await texts()).toEqual(["Assignment posted: Titration (Chemistry)"]);
    // Handed in on the fortnight's first day: an hour before it begins (left out) and an hour after.
    await Submission.create([
      {
        _id: "s-early",
        assignmentId: a._id,
        registrationId: "r-1",
        subject: "Chemistry",
        submittedAt: new Date(fortnightAgo - 3_600_000),
      },
      {
        _id: "s-in",
        assignmentId: a._id,
        registrationId: "r-2",
        subject: "Chemistry",
        submittedAt: new Date(fortnightAgo + 3_600_000),
      },
    ]);
    await raiseWorkRevision(); // as a hand-in does
    expect(await texts()).toEqual([
      "Assignment posted: Titration (Chemistry)",
      "Work handed in: Titration (Chemistry)",
    ]);
  });

  it("lists the newest six lesson events and posted work together, none from the future or before the fortnight", async () => {
    await insertVacationOfNow(V);
    const today = schoolDay();
    const now = new Date(`${today}T20:00:00Z`);
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    const lesson = (date: string, extra: Record<string, unknown>) => ({
      vacation: V,
      programme: "science",
      subject: "Biology",
      forms: ["form-1"],
      date,
      start: timeOf(9 * 60),
      end: timeOf(10 * 60),
      ...extra,
    });
    await Lesson.create([
      lesson(addDays(today, -1), { startedAt: at(35), registerSavedAt: at(34) }),
      lesson(addDays(today, -2), { startedAt: at(59), registerSavedAt: at(58) }),
      lesson(addDays(today, -3), { cancelled: true, cancelledAt: at(80) }),
      lesson(addDays(today, -13), { startedAt: at(15 * 24) }), // before the fortnight
      lesson(today, { startedAt: at(-1) }), // after `now`
    ]);
    await Assignment.create({ facilitatorId: "fac-1", subject: "Biology", title: "Cells", createdAt: at(40) });
    await raiseWorkRevision();
    const activity = (await teachingOverview(["Biology"], now)).activity.map((e) => e.text.split(",")[0]);
    expect(activity).toEqual([
      "Register taken: Biology",
      "Class started: Biology",
      "Assignment posted: Cells (Biology)",
      "Register taken: Biology",
      "Class started: Biology",
      "Lesson cancelled: Biology",
    ]);
  });
});
