import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { Attendance, removeAttendanceOf } from "#app/models/attendance.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { attendanceOf, loadRegister, saveRegister } from "#app/services/teaching/register.server.ts";
import { cancelLesson, moveLesson } from "#app/services/teaching/lessons.server.ts";

useTestDatabase("attendance_test", { init: [Attendance, AuditLog, Lesson, Registration, Subject] });

const V = "Attendance vacation";
const today = schoolDay();
const teacher = { _id: "fac-1", role: "facilitator" };
const lessonOf = (date: string, extra: Record<string, unknown> = {}) =>
  Lesson.create({
    vacation: V,
    programme: "science",
    subject: "Physics",
    forms: ["form-2"],
    date,
    start: "10:00",
    end: "11:00",
    ...extra,
  });

describe("the register", () => {
  it("lists the lesson's roster, everyone present until saved; saving counts the lesson as held and keeps each change", async () => {
    await Subject.create({ name: "Physics", facilitatorId: "fac-1" });
    const [a, b] = await Registration.create([
      registrationDoc(1, { vacation: V, wardName: "Abena", subjects: ["Physics"] }),
      registrationDoc(2, { vacation: V, wardName: "Kwesi", subjects: ["Physics"] }),
      registrationDoc(3, { vacation: V, wardName: "Form three", subjects: ["Physics"], wardForm: "form-3" }),
      registrationDoc(4, { vacation: V, wardName: "Withdrawn", subjects: ["Physics"], withdrawnAt: new Date() }),
      registrationDoc(5, { vacation: V, wardName: "Chemist", subjects: ["Chemistry"] }),
    ]);
    const lesson = await lessonOf(addDays(today, -1));
    const register = await loadRegister(lesson._id, teacher);
    expect(register.ok && register.rows.map((r) => [r.wardName, r.mark])).toEqual([
      ["Abena", "present"],
      ["Kwesi", "present"],
    ]);

    expect(await saveRegister(lesson._id, teacher, { [String(a._id)]: "present", [String(b._id)]: "absent" })).toEqual({
      ok: true,
      marks: ["present", "absent"],
    });
    expect((await Lesson.findById(lesson._id).lean())!.registerSavedAt).toBeTruthy();
    // Changed by an admin viewing as the facilitator: the admin marked it, as the facilitator; the audit entry says so
    // and names the ward whose mark changed.
    await saveRegister(
      lesson._id,
      { _id: "fac-1", role: "facilitator", viewingAdminId: "admin-7" },
      { [String(b._id)]: "excused" },
    );
    const kwesi = (await Attendance.findById(`${lesson._id}.${b._id}`).lean())!;
    expect([kwesi.mark, kwesi.markedBy, kwesi.markedAs]).toEqual(["excused", "admin-7", "fac-1"]);
    expect(kwesi.changes.map((c) => [c.mark, c.markedAs])).toEqual([["absent", null]]);
    expect(
      await AuditLog.findOne({ action: "lesson.register", targetId: lesson._id, actorId: "admin-7" }).lean(),
    ).toMatchObject({ asUserId: "fac-1", registrationIds: [String(b._id)], details: { changed: 1, students: 1 } });
    const again = await loadRegister(lesson._id, teacher);
    expect(again.ok && again.rows.map((r) => [r.mark, r.changed])).toEqual([
      ["present", false],
      ["excused", true],
    ]);

    const figures = await attendanceOf([String(a._id), String(b._id)]);
    expect(figures.get(String(a._id))!.overall).toEqual({ attended: 1, held: 1, percent: 100 });
    expect(figures.get(String(b._id))!.overall).toEqual({ attended: 0, held: 0, percent: null });

    // Held is held: the lesson is neither cancelled nor moved any more.
    expect(await cancelLesson(lesson._id, "admin-1", false)).toEqual({ held: true });
    const move = await moveLesson(lesson._id, { date: today, start: "10:00", end: "11:00" }, "admin-1");
    expect(!move.ok && move.field === "date" && move.message).toMatch(/register is saved/);
    expect((await Lesson.findById(lesson._id).lean())!.cancelled).toBe(false);
  });

  it("refuses another subject's facilitator, a lesson not begun, a cancelled one and an unknown mark, saving nothing; a mark for a student not on the roster is dropped", async () => {
    const lesson = await lessonOf(today, { start: "00:00", end: "00:30" });
    const student = (await Registration.findOne({ wardName: "Abena" }).lean())!;
    const chemist = (await Registration.findOne({ wardName: "Chemist" }).lean())!;
    expect(await loadRegister(lesson._id, { _id: "fac-2", role: "facilitator" })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(
      await loadRegister(
        (await lessonOf(today, { start: "23:59", end: "23:59" }))._id,
        teacher,
        new Date(`${today}T12:00:00Z`),
      ),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await loadRegister((await lessonOf(addDays(today, 1)))._id, teacher)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await loadRegister((await lessonOf(today, { cancelled: true }))._id, teacher)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await loadRegister("no-such-lesson", teacher)).toMatchObject({ ok: false, status: 404 });
    expect(await saveRegister(lesson._id, teacher, { [String(chemist._id)]: "absent" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await saveRegister(lesson._id, teacher, { [String(student._id)]: "asleep" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await Attendance.countDocuments({ lessonId: lesson._id })).toBe(0);
    expect((await Lesson.findById(lesson._id).lean())!.registerSavedAt).toBeNull();
  });

  it("removes a deleted registration's attendance, and after 'delete all' that of every registration gone", async () => {
    const [kept, deleted, alsoDeleted] = await Registration.create([
      registrationDoc(11, { vacation: V, wardName: "Kept", subjects: ["Physics"] }),
      registrationDoc(12, { vacation: V, wardName: "Deleted", subjects: ["Physics"] }),
      registrationDoc(13, { vacation: V, wardName: "Also deleted", subjects: ["Physics"] }),
    ]);
    const entry = (r: { _id: string }) => ({
      _id: `l1.${r._id}`,
      lessonId: "l1",
      registrationId: String(r._id),
      vacation: V,
      subject: "Physics",
      date: today,
      mark: "present" as const,
      markedBy: "fac-1",
      markedAt: new Date(),
    });
    await Attendance.create([kept, deleted, alsoDeleted].map(entry));
    await Registration.deleteOne({ _id: deleted._id });
    await removeAttendanceOf([String(deleted._id)]);
    expect((await Attendance.find({ lessonId: "l1" }).lean()).map((a) => a.registrationId).sort()).toEqual(
      [String(kept._id), String(alsoDeleted._id)].sort(),
    );
    await Registration.deleteOne({ _id: alsoDeleted._id });
    await removeAttendanceOf("orphaned");
    expect((await Attendance.find({ lessonId: "l1" }).lean()).map((a) => a.registrationId)).toEqual([String(kept._id)]);
  });
});
