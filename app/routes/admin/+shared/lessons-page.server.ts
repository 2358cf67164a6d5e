/**
 * The office's Lessons page for one vacation (app/routes/admin/lessons.tsx): the week asked for (else the one the
 * vacation is in), its lessons, the weekly timetable, the public holidays and the days already cleared, for one
 * programme or all.
 */
import { addDays, isSchoolDay, longDay, type Vacation } from "#app/domain/vacations.ts";
import { isProgramme } from "#app/domain/programmes.ts";
import {
  LESSON_WEEKDAYS,
  defaultWeek,
  lessonAudience,
  shortDay,
  timeLabel,
  weekStart,
  weekdayOf,
} from "#app/domain/lessons.ts";
import { holidaysBetween } from "#app/domain/holidays.ts";
import { daysOffOf } from "#app/models/lesson.server.ts";
import { lessonsOfWeek, weeklyClassesOf } from "#app/services/teaching/lessons.server.ts";

export async function lessonsPage(shown: Vacation, today: string, all: readonly Vacation[], url: URL) {
  const asked = url.searchParams.get("week");
  const askedProgramme = url.searchParams.get("programme");
  const programme = isProgramme(askedProgramme) ? askedProgramme : null;
  const monday = isSchoolDay(asked) ? weekStart(asked) : defaultWeek(shown, today);
  const sunday = addDays(monday, 6);
  const [classes, lessons, daysOff] = await Promise.all([
    weeklyClassesOf(shown.name, programme),
    lessonsOfWeek(shown.name, monday, sunday, programme),
    daysOffOf(shown.name),
  ]);
  const off = new Set(daysOff.map((d) => d.date));
  const query = (week: string) =>
    `?vacation=${encodeURIComponent(shown.name)}${programme ? `&programme=${programme}` : ""}&week=${week}`;
  return {
    vacation: {
      name: shown.name,
      lessons: `${longDay(shown.lessonsStart)} to ${longDay(shown.lessonsEnd)}`,
      lessonsStart: shown.lessonsStart,
    },
    vacations: all.map((v) => v.name),
    programme,
    week: {
      label: `${longDay(monday)} to ${longDay(sunday)}`,
      previous: monday > shown.lessonsStart ? query(addDays(monday, -7)) : null,
      next: sunday < shown.lessonsEnd ? query(addDays(monday, 7)) : null,
    },
    classes: classes.map((c) => ({
      id: c._id,
      subject: c.subject,
      audience: lessonAudience(c.programme, c.forms, c.classNo),
      when: `${LESSON_WEEKDAYS.find((d) => d.value === c.weekday)?.name}, ${timeLabel(c.start)} to ${timeLabel(c.end)}`,
    })),
    // The public holidays of the vacation's lessons (Sundays have none), those not yet taken off first offered.
    holidays: holidaysBetween(shown.lessonsStart, shown.lessonsEnd)
      .filter((h) => weekdayOf(h.date) !== 0)
      .map((h) => ({
        date: h.date,
        label: `${h.name}, ${longDay(h.date)}`,
        taken: off.has(h.date),
        past: h.date < today,
      })),
    daysOff: daysOff.map((d) => ({
      date: d.date,
      label: `${d.name ? `${d.name}, ` : ""}${longDay(d.date)}`,
      outcome: d.movedTo ? `lessons moved to ${longDay(d.movedTo)}` : "lessons cancelled",
    })),
    lessons: lessons.map((l) => ({
      id: l._id,
      subject: l.subject,
      audience: lessonAudience(l.programme, l.forms, l.classNo),
      day: shortDay(l.date),
      time: `${timeLabel(l.start)} to ${timeLabel(l.end)}`,
      cancelled: l.cancelled,
      started: Boolean(l.startedAt),
      movedFrom: l.movedFrom ? shortDay(l.movedFrom) : null,
    })),
  };
}
