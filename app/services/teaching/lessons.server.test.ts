import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacationOfNow, registrationDoc } from "#tests/support/registration-doc.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { weekdayOf } from "#app/domain/lessons.ts";
import { DayOff, Lesson, WeeklyClass, finishWeeklyClasses } from "#app/models/lesson.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { User } from "#app/models/user.server.ts";
import { createUser, giveSubjects } from "#tests/support/fixtures.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import {
  addLesson,
  addWeeklyClass,
  cancelLesson,
  lessonsForWard,
  moveLesson,
  facilitatorNames,
  removeWeeklyClass,
  startLesson,
  takeDayOff,
  mayReadMaterial,
  setLessonMaterials,
} from "#app/services/teaching/lessons.server.ts";
import { readUpload, UPLOAD_TYPES } from "#app/utils/uploads.server.ts";

useTestDatabase("lessons_test", { init: [DayOff, Lesson, WeeklyClass, Outbox, Registration, Subject, User] });

const VACATION = "Lessons test vacation";
const today = schoolDay();
const weekday = ((weekdayOf(today) + 1) % 7 || 1) as number; // tomorrow's weekday, Sunday taken as Monday
const base = { vacation: VACATION, programme: "science", subject: "Physics", forms: [] as string[] };

describe("lessons", () => {
  it("makes a weekly class's lessons once for every week, and finishes a class cut short by a crash", async () => {
    await insertVacationOfNow(VACATION);
    const vacation = (await getVacation(VACATION))!;
    const outcome = await addWeeklyClass({ ...base, weekday, start: "10:00", end: "11:30" }, "admin-1");
    expect(outcome.ok).toBe(true);
    const cls = await WeeklyClass.findOne({ vacation: VACATION, weekday }).lean();
    const lessons = await Lesson.find({ weeklyClassId: cls!._id }).sort({ date: 1 }).lean();
    expect(lessons.length).toBe("lessons" in outcome ? outcome.lessons : -1);
    expect(lessons.length).toBeGreaterThanOrEqual(5);
    expect(lessons.every((l) => weekdayOf(l.date) === weekday)).toBe(true);
    // Added once lessons had begun: from today on, none in the weeks already past.
    expect(lessons[0].date >= today && lessons.at(-1)!.date <= vacation.lessonsEnd).toBe(true);
    expect(lessons[0].forms).toEqual(["form-1", "form-2", "form-3"]);

    // As if the server died half way: the class is unfinished and two of its lessons are missing.
    await WeeklyClass.updateOne({ _id: cls!._id }, { $set: { lessonsMade: false } });
    await Lesson.deleteMany({ _id: { $in: lessons.slice(0, 2).map((l) => l._id) } });
    await finishWeeklyClasses(VACATION);
    expect(await Lesson.countDocuments({ weeklyClassId: cls!._id })).toBe(lessons.length);
    expect((await WeeklyClass.findById(cls!._id).lean())!.lessonsMade).toBe(true);
  });

  it("refuses a subject outside the programme, impossible times and a day outside the vacation, storing nothing", async () => {
    const before = await Lesson.countDocuments();
    const wrongSubject = await addWeeklyClass(
      { ...base, subject: "Cost Accounting", weekday, start: "10:00", end: "11:00" },
      "a",
    );
    expect(wrongSubject).toEqual({
      ok: false,
      status: 400,
      field: "subject",
      message: "Choose a subject of this programme",
    });
    const backwards = await addWeeklyClass({ ...base, weekday, start: "11:00", end: "10:00" }, "a");
    expect(backwards.ok).toBe(false);
    const outside = await addLesson({ ...base, date: addDays(today, 400), start: "10:00", end: "11:00" }, "a");
    expect(!outside.ok && outside.field === "date" && outside.message).toMatch(/Choose a day of the/);
    expect(await Lesson.countDocuments()).toBe(before);
  });

  it("shows a ward the lessons of its programme, subjects and form only", async () => {
    await addLesson(
      { ...base, subject: "Mathematics", forms: ["form-1"], date: today, start: "08:00", end: "09:00" },
      "a",
    );
    await addLesson(
      { ...base, subject: "Mathematics", forms: ["form-2"], date: today, start: "12:00", end: "13:00" },
      "a",
    );
    await addLesson(
      { ...base, programme: "business", subject: "Mathematics", date: today, start: "14:00", end: "15:00" },
      "a",
    );
    await addLesson({ ...base, subject: "Biology", date: today, start: "16:00", end: "17:00" }, "a");
    const ward = {
      id: "r-none",
      vacation: VACATION,
      programme: "science",
      subjects: ["Mathematics", "Physics"],
      wardForm: "form-2",
    };
    const mine = await lessonsForWard(ward, today, today);
    expect(mine.map((l) => `${l.subject} ${l.start}`)).toEqual(["Mathematics 12:00"]);
  });

  it("cancels a lesson, telling its roster once by SMS, never a withdrawn ward or another form", async () => {
    await Registration.create([
      registrationDoc(1, { vacation: VACATION, subjects: ["Chemistry"], wardForm: "form-1" }),
      registrationDoc(2, { vacation: VACATION, subjects: ["Chemistry"], wardForm: "form-3" }),
      registrationDoc(3, { vacation: VACATION, subjects: ["Chemistry"], wardForm: "form-1", withdrawnAt: new Date() }),
    ]);
    await addLesson(
      { ...base, subject: "Chemistry", forms: ["form-1"], date: today, start: "09:00", end: "10:00" },
      "a",
    );
    const lesson = (await Lesson.findOne({ subject: "Chemistry" }).lean())!;
    expect(await cancelLesson(lesson._id, "admin-1", true)).toEqual({ sms: 1 });
    // A second press queues nothing new.
    expect(await cancelLesson(lesson._id, "admin-1", true)).toEqual({ sms: 0 });
    const sms = await Outbox.find({ template: "lesson-cancelled" }).lean();
    expect(sms.map((m) => m.to)).toEqual(["+233550000001"]);
    expect(sms[0].text).toMatch(/the Chemistry lesson of .* is cancelled/);
    expect((await Lesson.findById(lesson._id).lean())!.cancelled).toBe(true);
  });

  it("moves a lesson, telling its roster once by SMS of the day it left and the new time", async () => {
    await Registration.create(registrationDoc(11, { vacation: VACATION, subjects: ["Geography"], wardForm: "form-1" }));
    await addLesson(
      { ...base, subject: "Geography", forms: ["form-1"], date: today, start: "09:00", end: "10:00" },
      "a",
    );
    const lesson = (await Lesson.findOne({ subject: "Geography" }).lean())!;
    const to = { date: lesson.date, start: "14:00", end: "15:00" };
    expect(await moveLesson(lesson._id, to, "admin-1", true)).toEqual({ ok: true, sms: 1 });
    // The same move pressed again queues nothing new.
    expect(await moveLesson(lesson._id, to, "admin-1", true)).toEqual({ ok: true, sms: 0 });
    const sms = await Outbox.find({ template: "lesson-moved" }).lean();
    expect(sms.map((m) => m.to)).toEqual(["+233550000011"]);
    expect(sms[0].text).toMatch(/the Geography lesson of .*9:00 AM moves to .*2:00 PM\./);
    expect((await Lesson.findById(lesson._id).lean())!.start).toBe("14:00");
  });

  it("lets only the subject's facilitator start today's lesson, with a known call link or the class page", async () => {
    await Subject.create({ name: "Further Mathematics", facilitatorId: "fac-1" });
    await addLesson({ ...base, subject: "Biology", date: today, start: "00:00", end: "00:15" }, "a");
    const over = (await Lesson.findOne({ subject: "Biology", start: "00:00" }).lean())!;
    await Lesson.create({
      ...base,
      subject: "Further Mathematics",
      forms: ["form-1"],
      date: today,
      start: "00:00",
      end: "23:59",
    });
    const lesson = (await Lesson.findOne({ subject: "Further Mathematics" }).lean())!;
    const at = new Date(`${today}T12:00:00Z`);
    const other = await startLesson(lesson._id, { _id: "fac-2", role: "facilitator" }, "https://meet.google.com/a", at);
    expect(!other.ok && other.field === "joinLink" && other.message).toMatch(/not one of your subjects/);
    const noPage = await startLesson(lesson._id, { _id: "fac-1", role: "facilitator" }, null, at);
    expect(!noPage.ok && noPage.field === "joinLink" && noPage.message).toMatch(/no class page/);
    const bad = await startLesson(lesson._id, { _id: "fac-1", role: "facilitator" }, "https://example.com/x", at);
    expect(bad.ok).toBe(false);
    expect(
      await startLesson(lesson._id, { _id: "fac-1", role: "facilitator" }, "https://meet.google.com/abc", at),
    ).toEqual({ ok: true });
    const started = (await Lesson.findById(lesson._id).lean())!;
    expect(started.joinLink).toBe("https://meet.google.com/abc");
    expect(started.startedAt).toBeTruthy();
    const late = await startLesson(over._id, { _id: "admin", role: "admin" }, "https://meet.google.com/x", at);
    expect(!late.ok && late.field === "joinLink" && late.message).toMatch(/before it ends/);
  });

  it("moves a lesson within its vacation, remembering the day it left, and removes a class's lessons still to come", async () => {
    const cls = (await WeeklyClass.findOne({ vacation: VACATION }).lean())!;
    const next = (await Lesson.findOne({ weeklyClassId: cls._id, date: { $gt: today } })
      .sort({ date: 1 })
      .lean())!;
    const target = addDays(next.date, 1);
    expect(await moveLesson(next._id, { date: target, start: "15:00", end: "16:00" }, "a")).toEqual({
      ok: true,
      sms: 0,
    });
    const moved = (await Lesson.findById(next._id).lean())!;
    expect([moved.date, moved.start, moved.movedFrom]).toEqual([target, "15:00", next.date]);
    const refused = await moveLesson(next._id, { date: addDays(today, -400), start: "15:00", end: "16:00" }, "a");
    expect(refused.ok).toBe(false);

    const past = await Lesson.create({
      ...base,
      date: addDays(today, -1),
      start: "10:00",
      end: "11:00",
      weeklyClassId: cls._id,
      _id: `${cls._id}.old`,
    });
    const removed = await removeWeeklyClass(cls._id, "a");
    expect(removed).toBeGreaterThan(0);
    expect(await Lesson.exists({ _id: past._id })).toBeTruthy();
    expect(await Lesson.countDocuments({ weeklyClassId: cls._id, date: { $gte: today } })).toBe(0);
    expect(await WeeklyClass.exists({ _id: cls._id })).toBeNull();
  });

  it("clears a day: its lessons cancelled (students told) or moved at the same times, a held one kept, a weekly class added later skipping it; a day outside the vacation refused by its field", async () => {
    const V = "Days off vacation";
    await insertVacationOfNow(V);
    const day = addDays(today, 2);
    // A day a weekly class can fall on (Monday to Saturday).
    const other = weekdayOf(addDays(today, 3)) === 0 ? addDays(today, 4) : addDays(today, 3);
    const one = { vacation: V, programme: "science", forms: ["form-2"], date: day };
    await Registration.create(registrationDoc(90, { vacation: V, subjects: ["Physics", "Chemistry"] }));
    const [physics, chemistry, held] = await Lesson.create([
      { ...one, subject: "Physics", start: "08:00", end: "09:00" },
      { ...one, subject: "Chemistry", start: "10:00", end: "11:00" },
      { ...one, subject: "Biology", start: "12:00", end: "13:00", registerSavedAt: new Date() },
    ]);
    const cancelled = await takeDayOff({ vacation: V, date: day, what: "cancel", tell: true }, "admin-1");
    expect(cancelled).toEqual({ ok: true, changed: 2, held: 1, sms: 2 });
    const after = await Lesson.find({ _id: { $in: [physics._id, chemistry._id, held._id] } }).lean();
    expect(after.map((l) => [l.subject, l.cancelled])).toEqual([
      ["Physics", true],
      ["Chemistry", true],
      ["Biology", false],
    ]);
    // A second run changes nothing more and sends nothing more.
    expect(await takeDayOff({ vacation: V, date: day, what: "cancel", tell: true }, "admin-1")).toEqual({
      ok: true,
      changed: 0,
      held: 1,
      sms: 0,
    });

    const later = await Lesson.create({ ...one, date: other, subject: "Physics", start: "14:00", end: "15:00" });
    // Not onto a day without lessons, nor a Sunday; then a day of lessons.
    const sunday = addDays(today, 7 - weekdayOf(today));
    const move = (moveTo: string) =>
      takeDayOff({ vacation: V, date: other, what: "move", moveTo, tell: false }, "admin-1");
    expect(await move(day)).toEqual({
      ok: false,
      status: 400,
      field: "moveTo",
      message: "That day has no lessons either: choose another",
    });
    expect(await move(sunday)).toEqual({
      ok: false,
      status: 400,
      field: "moveTo",
      message: "Choose a day from Monday to Saturday",
    });
    const target = weekdayOf(addDays(other, 1)) === 0 ? addDays(other, 2) : addDays(other, 1);
    expect(await move(target)).toMatchObject({ ok: true, changed: 1 });
    expect(await Lesson.findById(later._id).lean()).toMatchObject({ date: target, start: "14:00", movedFrom: other });
    // A cleared day is cleared one way: the other choice is refused, the same one repeats it.
    const otherWay = await takeDayOff({ vacation: V, date: other, what: "cancel", tell: false }, "admin-1");
    expect(otherWay.ok === false && otherWay.field === "date" && otherWay.message).toMatch(
      /^This day is already cleared \(its lessons moved to /,
    );
    expect(await move(target)).toMatchObject({ ok: true, changed: 0 });

    const cls = await addWeeklyClass(
      {
        vacation: V,
        programme: "science",
        subject: "Physics",
        forms: [],
        weekday: weekdayOf(other),
        start: "16:00",
        end: "17:00",
      },
      "admin-1",
    );
    expect(cls.ok).toBe(true);
    const made = await Lesson.find({ vacation: V, start: "16:00" }).lean();
    expect(made.length).toBeGreaterThan(0);
    expect(made.some((l) => l.date === other)).toBe(false);

    const outside = await takeDayOff({ vacation: V, date: addDays(today, 400), what: "cancel", tell: false }, "a");
    expect(outside.ok === false && outside.field === "date" && outside.message).toMatch(/Choose a day of the/);
    const past = await takeDayOff({ vacation: V, date: addDays(today, -1), what: "cancel", tell: false }, "a");
    expect(past.ok === false && past.field === "date" && past.message).toMatch(/^Choose today or a later day/);
    const same = await takeDayOff({ vacation: V, date: day, what: "move", moveTo: day, tell: false }, "a");
    expect(same).toEqual({
      ok: false,
      status: 400,
      field: "moveTo",
      message: "Choose another day than the day without lessons",
    });
    expect(await DayOff.countDocuments({ vacation: V })).toBe(2);
  });

  it("keeps a lesson's notes, link and file for its facilitator only; a new file replaces the old one, which is removed; students on the roster read it", async () => {
    const V = "Materials vacation";
    await Subject.create({ name: "Geography", facilitatorId: "fac-geo" });
    const lesson = await Lesson.create({
      vacation: V,
      programme: "arts",
      subject: "Geography",
      forms: ["form-2"],
      date: today,
      start: "09:00",
      end: "10:00",
    });
    const pdf = (text: string) => {
      const bytes = new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF`);
      return { bytes, type: UPLOAD_TYPES.pdf, size: bytes.length, clientName: "Rivers.pdf" };
    };
    const teacher = { _id: "fac-geo", role: "facilitator" };
    const input = { notes: "Read pages 4 to 9.", materialLink: "https://example.org/rivers", removeFile: false };
    expect(
      await setLessonMaterials(lesson._id, { _id: "fac-other", role: "facilitator" }, { ...input, file: pdf("x") }),
    ).toEqual({
      ok: false,
      status: 403,
    });
    expect((await Lesson.findById(lesson._id).lean())!.notes).toBe("");

    expect(await setLessonMaterials(lesson._id, teacher, { ...input, file: pdf("first") })).toEqual({ ok: true });
    const first = (await Lesson.findById(lesson._id).lean())!;
    expect(first).toMatchObject({ notes: input.notes, materialLink: input.materialLink });
    expect(first.materialFile).toMatchObject({ name: "Rivers.pdf", type: "application/pdf" });
    expect((await readUpload(first.materialFile!.key))?.toString()).toContain("first");

    // Saving the notes again keeps the file; a new file replaces it and the old one goes.
    await setLessonMaterials(lesson._id, teacher, { ...input, notes: "Changed", file: null });
    expect((await Lesson.findById(lesson._id).lean())!.materialFile?.key).toBe(first.materialFile!.key);
    await setLessonMaterials(lesson._id, teacher, { ...input, file: pdf("second") });
    const second = (await Lesson.findById(lesson._id).lean())!;
    expect((await readUpload(second.materialFile!.key))?.toString()).toContain("second");
    expect(await readUpload(first.materialFile!.key)).toBeNull();
    await setLessonMaterials(lesson._id, teacher, { ...input, file: null, removeFile: true });
    expect((await Lesson.findById(lesson._id).lean())!.materialFile).toBeNull();
    expect(await readUpload(second.materialFile!.key)).toBeNull();

    const onRoster = await Registration.create(
      registrationDoc(70, { vacation: V, programme: "arts", subjects: ["Geography"], studentUserId: "stu-on" }),
    );
    await Registration.create(
      registrationDoc(71, { vacation: V, programme: "arts", subjects: ["History"], studentUserId: "stu-off" }),
    );
    const student = (id: string) => ({ _id: id, role: "student", phone: "+233200000000", phoneVerifiedAt: null });
    const doc = (await Lesson.findById(lesson._id).lean())!;
    expect(onRoster.wardForm).toBe("form-2");
    expect(await mayReadMaterial(student("stu-on"), doc)).toBe(true);
    expect(await mayReadMaterial(student("stu-off"), doc)).toBe(false);
    expect(await mayReadMaterial({ ...student("fac-geo"), role: "facilitator" }, doc)).toBe(true);
    expect(await mayReadMaterial({ ...student("p"), role: "parent" }, doc)).toBe(false);
  });

  it("names a subject's facilitator on the schedule as soon as the office gives or renames them", async () => {
    const ama = await createUser({ role: "facilitator", fullName: "Ama Teacher" });
    await giveSubjects(ama.id, "Names Chemistry");
    expect(Object.fromEntries(await facilitatorNames(["Names Chemistry", "Names Art"]))).toEqual({
      "Names Chemistry": "Ama Teacher",
    });
    // Kept for a second, but not past a write of an account or a subject.
    await User.updateOne({ _id: ama.id }, { $set: { fullName: "Ama Mensah" } });
    expect((await facilitatorNames(["Names Art", "Names Chemistry"])).get("Names Chemistry")).toBe("Ama Mensah");
    const kofi = await createUser({ role: "facilitator", fullName: "Kofi Teacher" });
    await Subject.updateOne({ name: "Names Chemistry" }, { $set: { facilitatorId: kofi.id } });
    expect((await facilitatorNames(["Names Chemistry"])).get("Names Chemistry")).toBe("Kofi Teacher");
  });
});
