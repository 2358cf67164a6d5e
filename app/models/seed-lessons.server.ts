import { PROGRAMMES, PROGRAMME_SUBJECTS, WARD_FORMS } from "#app/domain/programmes.ts";
import { minutesOf, timeOf } from "#app/domain/lessons.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import { Lesson, WeeklyClass, makeLessons, type WeeklyClassDoc } from "#app/models/lesson.server.ts";

const SLOTS = [
  ["08:00", "09:30"],
  ["10:00", "11:30"],
  ["12:30", "14:00"],
  ["14:30", "16:00"],
] as const;

/**
 * The demo's weekly timetable (two classes a week of every subject of every programme, every form) and, for the demo facilitator, a Mathematics lesson today that has not ended yet.
 */
export async function seedDemoLessons(vacation: string, adminId: string, now = new Date()) {
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
      },
    },
    { upsert: true },
  );
}
