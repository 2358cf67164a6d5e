import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { Attendance } from "#app/models/attendance.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { saveRegister } from "#app/services/teaching/register.server.ts";
import { wardAttendance } from "#app/services/teaching/progress.server.ts";

useTestDatabase("progress_test", { init: [Attendance, AuditLog, Lesson, Registration, Subject] });

const V = "Progress vacation";
const teacher = { _id: "fac-1", role: "facilitator" };

describe("a ward's attendance", () => {
  it("is per registered subject in the registration's order, with subjects no register was saved for shown as none held, and overall over every saved register", async () => {
    await Subject.create([
      { name: "Physics", facilitatorId: "fac-1" },
      { name: "Chemistry", facilitatorId: "fac-1" },
      { name: "Biology", facilitatorId: "fac-1" },
    ]);
    const ward = await Registration.create(
      registrationDoc(1, { vacation: V, wardName: "Abena", subjects: ["Physics", "Chemistry", "Biology"] }),
    );
    const day = (n: number) => addDays(schoolDay(), -n);
    const lesson = (subject: string, n: number) =>
      Lesson.create({
        vacation: V,
        programme: "science",
        subject,
        forms: ["form-2"],
        date: day(n),
        start: "10:00",
        end: "11:00",
      });
    const id = String(ward._id);
    for (const [subject, n, mark] of [
      ["Physics", 1, "present"],
      ["Physics", 2, "late"],
      ["Physics", 3, "absent"],
      ["Physics", 4, "excused"],
      ["Chemistry", 1, "absent"],
    ] as const) {
      const l = await lesson(subject, n);
      expect(await saveRegister(l._id, teacher, { [id]: mark })).toMatchObject({ ok: true });
    }
    // A Biology lesson whose register was never saved counts for nobody.
    await lesson("Biology", 1);

    const figures = await wardAttendance(ward.toObject());
    expect(figures.subjects.map((s) => [s.subject, s.text])).toEqual([
      ["Physics", "2 of 3 (67%)"],
      ["Chemistry", "0 of 1 (0%)"],
      ["Biology", "No lessons held yet"],
    ]);
    expect(figures.overall).toMatchObject({ attended: 2, held: 4, percent: 50, text: "2 of 4 (50%)" });

    // After a change of subjects, the marks already taken stay on the ward's record, after its subjects.
    const changed = await wardAttendance({ _id: id, subjects: ["Biology"] });
    expect(changed.subjects.map((s) => s.subject)).toEqual(["Biology", "Chemistry", "Physics"]);
    expect(changed.overall.text).toBe("2 of 4 (50%)");
  });
});
