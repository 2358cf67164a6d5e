/**
 * The register (docs/decisions/0102-the-register.md): a lesson's roster marked present, late, absent or excused by the
 * subject's facilitator, kept per student, and the attendance figures read from it.
 */
import {
  attendanceFigure,
  attendanceTally,
  isAttendanceMark,
  type AttendanceMark,
  type AttendanceShare,
} from "#app/domain/attendance.ts";
import { clockTime } from "#app/domain/lessons.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { perWardAndSubject, type PerWard } from "#app/domain/per-ward.ts";
import { Attendance, type AttendanceDoc } from "#app/models/attendance.server.ts";
import { actingOf, audit, type Actor } from "#app/models/audit-log.server.ts";
import { Lesson, type LessonDoc } from "#app/models/lesson.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { getLesson } from "#app/services/teaching/lessons.server.ts";
import { mayTeachClass, rosterFilter } from "#app/services/teaching/classes.server.ts";

/** A roster longer than this is refused rather than cut (a WhatsApp group holds 1,024). */
export const ROSTER_MAX = 1024;

export type RegisterRow = { registrationId: string; wardName: string; mark: AttendanceMark; changed: boolean };
export type Register =
  | { ok: true; lesson: LessonDoc; rows: RegisterRow[]; saved: boolean }
  | { ok: false; status: 403 | 404 | 409; message: string };

/** Why a lesson's register cannot be taken now, or null. */
function registerRefusal(lesson: LessonDoc, now: Date): string | null {
  if (lesson.cancelled) return "This lesson is cancelled: it has no register.";
  const today = schoolDay(now);
  const minute = clockTime(now);
  if (lesson.date > today || (lesson.date === today && lesson.start > minute && !lesson.startedAt))
    return "A register is taken once the lesson has begun.";
  return null;
}

/** A lesson's register for its facilitator (or an admin): every student on the roster, marked present until saved. */
export async function loadRegister(lessonId: string, actor: Actor, now = new Date()): Promise<Register> {
  const lesson = await getLesson(lessonId);
  if (!lesson) return { ok: false, status: 404, message: "This lesson does not exist." };
  if (!(await mayTeachClass(actor, lesson)))
    return { ok: false, status: 403, message: "This lesson is not one of your subjects'." };
  const refusal = registerRefusal(lesson, now);
  if (refusal) return { ok: false, status: 409, message: refusal };
  const [roster, marks] = await Promise.all([
    Registration.find(await rosterFilter(lesson))
      .select("_id wardName")
      .sort({ wardNameKey: 1, _id: 1 })
      .limit(ROSTER_MAX + 1)
      .lean<Array<{ _id: string; wardName: string }>>(),
    Attendance.find({ lessonId: lesson._id }).select("registrationId mark changes").lean<AttendanceDoc[]>(),
  ]);
  if (roster.length > ROSTER_MAX)
    return { ok: false, status: 409, message: `More than ${ROSTER_MAX} students: split the class first.` };
  const byStudent = new Map(marks.map((m) => [m.registrationId, m]));
  // A student marked before they left the roster (withdrawn since) keeps their mark but is not listed.
  return {
    ok: true,
    lesson,
    saved: Boolean(lesson.registerSavedAt),
    rows: roster.map((r) => {
      const entry = byStudent.get(String(r._id));
      return {
        registrationId: String(r._id),
        wardName: r.wardName,
        mark: entry?.mark ?? "present",
        changed: (entry?.changes.length ?? 0) > 0,
      };
    }),
  };
}

/**
 * Saves a register: each student on the roster gets the mark sent for them (present when none is sent, as the form
 * starts everyone present). A mark that differs from the saved one is changed with the earlier one kept; the lesson
 * counts as held from the first save. Marks for students not on the roster are refused.
 */
export async function saveRegister(
  lessonId: string,
  actor: Actor,
  sent: Record<string, string>,
  now = new Date(),
): Promise<{ ok: true; marks: AttendanceMark[] } | { ok: false; status: 400 | 403 | 404 | 409; message: string }> {
  const register = await loadRegister(lessonId, actor, now);
  if (!register.ok) return register;
  const onRoster = new Set(register.rows.map((r) => r.registrationId));
  for (const [id, mark] of Object.entries(sent)) {
    if (!onRoster.has(id))
      return { ok: false, status: 400, message: "The register names a student not on the roster." };
    if (!isAttendanceMark(mark))
      return { ok: false, status: 400, message: "Mark each student present, late, absent or excused." };
  }
  const { lesson } = register;
  const existing = new Map(
    (
      await Attendance.find({ lessonId: lesson._id })
        .select("registrationId mark markedBy markedAs markedAt")
        .lean<AttendanceDoc[]>()
    ).map((a) => [a.registrationId, a]),
  );
  const marks: AttendanceMark[] = [];
  const writes = [];
  const written: string[] = [];
  const { by, as } = actingOf(actor);
  // Only the students the form showed are marked: one who joined the roster since has no mark for this lesson, and a
  // mark for one who has left it is dropped.
  for (const row of register.rows) {
    if (!Object.hasOwn(sent, row.registrationId)) continue;
    const mark = sent[row.registrationId] as AttendanceMark;
    marks.push(mark);
    const before = existing.get(row.registrationId);
    if (before?.mark === mark) continue;
    written.push(row.registrationId);
    const entry = { mark, markedBy: by, markedAs: as, markedAt: now };
    writes.push(
      before
        ? {
            updateOne: {
              filter: { _id: before._id, mark: before.mark },
              update: {
                $set: entry,
                $push: {
                  changes: {
                    mark: before.mark,
                    markedBy: before.markedBy,
                    markedAs: before.markedAs ?? null,
                    markedAt: before.markedAt,
                  },
                },
              },
            },
          }
        : {
            updateOne: {
              filter: { _id: `${lesson._id}.${row.registrationId}` },
              update: {
                $setOnInsert: {
                  lessonId: lesson._id,
                  registrationId: row.registrationId,
                  vacation: lesson.vacation,
                  subject: lesson.subject,
                  date: lesson.date,
                  changes: [],
                },
                $set: entry,
              },
              upsert: true,
            },
          },
    );
  }
  if (writes.length) await Attendance.bulkWrite(writes, { ordered: false });
  if (!lesson.registerSavedAt)
    await Lesson.updateOne({ _id: lesson._id, registerSavedAt: null }, { $set: { registerSavedAt: now } });
  await audit(
    "lesson.register",
    actor,
    lesson._id,
    { changed: writes.length, students: marks.length, subject: lesson.subject, date: lesson.date },
    written,
  );
  return { ok: true, marks };
}

/**
 * Attendance of these registrations, per registration: overall and per subject (only `subjects` when given), over the
 * lessons whose register was saved with them on it.
 */
export async function attendanceOf(
  registrationIds: readonly string[],
  subjects?: readonly string[],
): Promise<Map<string, PerWard<AttendanceShare>>> {
  if (!registrationIds.length) return new Map();
  const filter: Record<string, unknown> = { registrationId: { $in: registrationIds.map(String) } };
  if (subjects) filter.subject = { $in: subjects.map(String) };
  // Counted where the entries are: a vacation is about a hundred entries a student.
  const rows = await Attendance.aggregate<{ _id: { r: string; s: string; m: AttendanceMark }; n: number }>([
    { $match: filter },
    { $group: { _id: { r: "$registrationId", s: "$subject", m: "$mark" }, n: { $sum: 1 } } },
  ]);
  return perWardAndSubject(
    rows.map(({ _id, n }) => ({ registrationId: _id.r, subject: _id.s, tally: attendanceTally(_id.m, n) })),
    attendanceFigure,
  );
}
