import { z } from "zod";
import {
  LESSON_DAY_NAMES,
  defaultWeek,
  lessonPhase,
  shortDay,
  timeLabel,
  weekStart,
  weekdayName,
  type LessonPhase,
} from "#app/domain/lessons.ts";
import { addDays, isSchoolDay, longDay, schoolDay } from "#app/domain/vacations.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import { facilitatorNames, lessonsForWard, wardHasLessons } from "#app/services/teaching/lessons.server.ts";
import type { PortalRegistration } from "#app/routes/student/+shared/portal.server.ts";

export const ScheduleQuery = z.object({
  day: z.enum(LESSON_DAY_NAMES).optional(),
  week: z.string().refine(isSchoolDay).optional(),
});

export type LessonCardData = {
  id: string;
  subject: string;
  day: string;
  dayName: string;
  time: string;
  facilitator: string;
  phase: LessonPhase;
  isToday: boolean;
  /** Only while the lesson runs. */
  joinLink: string | null;
  movedFrom: string | null;
  /** The facilitator's notes and materials (ADR 0106). */
  notes: string;
  materialLink: string | null;
  materialFile: { href: string; name: string } | null;
};

/**
 * A ward's week of lessons (the student's Class Schedule and its PDF): the week asked for, else the one the vacation
 * is in (its first before it starts, its last after it ends), optionally one weekday of it.
 */
export async function wardWeek(
  registration: PortalRegistration | null,
  query: { week?: string | null; day?: string | null },
  now = new Date(),
) {
  const today = schoolDay(now);
  const vacation = registration ? await getVacation(registration.vacation) : null;
  const monday = query.week ? weekStart(query.week) : defaultWeek(vacation, today);
  const sunday = addDays(monday, 6);
  const [lessons, names] = registration
    ? await Promise.all([lessonsForWard(registration, monday, sunday), facilitatorNames(registration.subjects)])
    : [[], new Map<string, string>()];
  const timetableSet = lessons.length > 0 || (registration ? await wardHasLessons(registration) : false);
  // Today's lessons, whichever week is shown.
  const todaysLessons =
    registration && (today < monday || today > sunday) ? await lessonsForWard(registration, today, today) : [];
  // A withdrawn ward still sees when lessons are (its history) but nothing its class is given (the roster's alone).
  const offRoster = Boolean(registration?.withdrawn);
  const toCard = (l: (typeof lessons)[number]): LessonCardData => {
    const phase = lessonPhase(l, now);
    return {
      id: l._id,
      subject: l.subject,
      day: shortDay(l.date),
      dayName: weekdayName(l.date),
      time: `${timeLabel(l.start)} to ${timeLabel(l.end)}`,
      facilitator: names.get(l.subject) ?? "To be announced",
      phase,
      isToday: l.date === today,
      joinLink: phase === "running" && !offRoster ? l.joinLink : null,
      movedFrom: l.movedFrom ? shortDay(l.movedFrom) : null,
      notes: offRoster ? "" : (l.notes ?? ""),
      materialLink: offRoster ? null : (l.materialLink ?? null),
      materialFile:
        l.materialFile && !offRoster ? { href: `/lessons/${l._id}/material`, name: l.materialFile.name } : null,
    };
  };
  const cards = lessons.map(toCard);
  const held = cards.filter((c) => c.phase !== "cancelled");
  const todays = [...cards, ...todaysLessons.map(toCard)].filter((c) => c.isToday && c.phase !== "cancelled");
  const inVacation = (day: string) =>
    !vacation || (day >= weekStart(vacation.lessonsStart) && day <= vacation.lessonsEnd);
  return {
    timetableSet,
    week: {
      monday,
      label: `${longDay(monday)} to ${longDay(sunday)}`,
      previous: inVacation(addDays(monday, -7)) ? addDays(monday, -7) : null,
      next: inVacation(addDays(monday, 7)) ? addDays(monday, 7) : null,
    },
    todayName: weekdayName(today),
    shown: query.day ? cards.filter((c) => c.dayName === query.day) : cards,
    todays,
    summary: {
      subjects: new Set(held.map((c) => c.subject)).size,
      totalClasses: held.length,
      todaysClasses: todays.length,
      averagePerDay: Math.round(held.length / 5),
    },
  };
}
