import { PROGRAMMES, PROGRAMME_SUBJECTS, WARD_FORMS } from "#app/domain/programmes.ts";
import { minutesOf, timeOf, weekdayOf } from "#app/domain/lessons.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import type { AttendanceMark } from "#app/domain/attendance.ts";
import { Attendance } from "#app/models/attendance.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import { Lesson, WeeklyClass, makeLessons, type WeeklyClassDoc } from "#app/models/lesson.server.ts";

const SLOTS = [
  ["08:00", "09:30"],
  ["10:00", "11:30"],
  ["12:30", "14:00"],
  ["14:30", "16:00"],
] as const;

/**
 * The demo's weekly timetable (two classes a week of every subject of every programme, every form); for the demo
 * facilitator, a Mathematics lesson today that has not ended yet; and three lessons of the last school days whose
 * register is saved, so the Students tab, the student's subjects and the parent's ward page show attendance.
 */
export async function seedDemoLessons(vacation: string, adminId: string, facilitatorId: string, now = new Date()) {
  const dates = await getVacation(vacation);
  if (dates && !(await WeeklyClass.exists({ vacation }))) {
    for (const programme of PROGRAMMES) {
      for (const [i, subject] of PROGRAMME_SUBJECTS[programme].entries()) {
        const [start, end] = SLOTS[Math.floor(i / 3) % SLOTS.length];
        for (const weekday of [1 + (i % 3), 4 + (i % 3)]) {
          const cls = await WeeklyClass.create({
            vacation,
            programme,
            subject,
            forms: [...WARD_FORMS],
            weekday,
            start,
            end,
            createdBy: adminId,
          });
          await makeLessons(cls.toObject() as WeeklyClassDoc, dates);
        }
      }
    }
  }
  const today = schoolDay(now);
  const from = Math.min(now.getUTCHours() * 60, 22 * 60);
  await Lesson.updateOne(
    { _id: `demo-today.${today}` },
    {
      $setOnInsert: {
        vacation,
        programme: "science",
        subject: "Mathematics",
        forms: [...WARD_FORMS],
        date: today,
        start: timeOf(from),
        end: timeOf(Math.min(from + 120, minutesOf("23:59"))),
        weeklyClassId: null,
        notes: "Quadratic equations. Bring a calculator and read pages 4 to 9 of your textbook before the lesson.",
        materialLink: "https://www.khanacademy.org/math/algebra/x2f8bb11595b61c86:quadratic-functions-equations",
      },
    },
    { upsert: true },
  );
  await seedHeldLessons(vacation, facilitatorId, today);
}

/** The school days (Monday to Saturday) before `today`, latest first. */
function schoolDaysBefore(today: string, count: number): string[] {
  const days: string[] = [];
  for (let day = addDays(today, -1); days.length < count; day = addDays(day, -1))
    if (weekdayOf(day) !== 0) days.push(day);
  return days;
}

/**
 * Held lessons for the demo: Mathematics on the last two school days and Physics on the last, registers saved with
 * every science student present except the demo ward, who missed one Mathematics lesson and was late to Physics.
 */
async function seedHeldLessons(vacation: string, facilitatorId: string, today: string) {
  const [last, before] = schoolDaysBefore(today, 2);
  const held: Array<{ subject: string; date: string; ward: AttendanceMark }> = [
    { subject: "Mathematics", date: last, ward: "present" },
    { subject: "Mathematics", date: before, ward: "absent" },
    { subject: "Physics", date: last, ward: "late" },
  ];
  const markedAt = new Date(`${last}T12:00:00Z`);
  for (const { subject, date, ward } of held) {
    const _id = `demo-held.${subject}.${date}`;
    if (await Lesson.exists({ _id, registerSavedAt: { $ne: null } })) continue;
    const roster = await Registration.find({
      vacation,
      programme: "science",
      subjects: subject,
      withdrawnAt: { $exists: false },
    })
      .select("_id reference")
      .lean<Array<{ _id: string; reference: string }>>();
    // Upserts, the lesson last: a seed cut short is finished by the next one.
    await Attendance.bulkWrite(
      roster.map((r) => ({
        updateOne: {
          filter: { _id: `${_id}.${r._id}` },
          update: {
            $setOnInsert: {
              lessonId: _id,
              registrationId: String(r._id),
              vacation,
              subject,
              date,
              mark: r.reference === "demoyawowusu" ? ward : "present",
              markedBy: facilitatorId,
              markedAt,
              changes: [],
            },
          },
          upsert: true,
        },
      })),
    );
    await Lesson.deleteOne({ _id });
    await Lesson.create({
      _id,
      vacation,
      programme: "science",
      subject,
      forms: [...WARD_FORMS],
      date,
      start: "10:00",
      end: "11:30",
      weeklyClassId: null,
      startedAt: new Date(`${date}T10:00:00Z`),
      startedBy: facilitatorId,
      registerSavedAt: markedAt,
    });
  }
}
