import { classLabel } from "#app/domain/classes.ts";
import { WARD_FORMS, WARD_FORM_LABELS, programmeLabel, type WardForm } from "#app/domain/programmes.ts";
import { addDays, type Vacation } from "#app/domain/vacations.ts";

/**
 * Lessons (docs/decisions/0101-lessons-from-the-school-timetable.md): the school's weekly timetable made into dated
 * lessons for a vacation's weeks. Times are "HH:MM" on the 24-hour clock in Accra (UTC all year); days "YYYY-MM-DD".
 */

/** The days a weekly class may fall on: Monday (1) to Saturday (6), as `Date#getUTCDay` numbers them. */
export const LESSON_WEEKDAYS = [
  { value: 1, name: "Monday" },
  { value: 2, name: "Tuesday" },
  { value: 3, name: "Wednesday" },
  { value: 4, name: "Thursday" },
  { value: 5, name: "Friday" },
  { value: 6, name: "Saturday" },
] as const;
export const LESSON_DAY_NAMES = LESSON_WEEKDAYS.map((d) => d.name);

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A lesson lasts between these (minutes). */
export const LESSON_MINUTES_MIN = 15;
export const LESSON_MINUTES_MAX = 240;
/** At most this many lessons come from one weekly class (a vacation of a year at most). */
export const LESSONS_PER_CLASS_MAX = 60;

export function isLessonTime(value: unknown): value is string {
  return typeof value === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes after midnight as "HH:MM". */
export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The clock time of `now` in Accra (UTC), as "HH:MM": comparable with a lesson's start and end. */
export const clockTime = (now: Date) => timeOf(now.getUTCHours() * 60 + now.getUTCMinutes());

/** "14:30" → "2:30 PM". */
export function timeLabel(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** What is wrong with a lesson's times, or null. */
export function lessonTimeError(start: string, end: string): string | null {
  if (!isLessonTime(start) || !isLessonTime(end)) return "Enter the times as hours and minutes, e.g. 14:30";
  const length = minutesOf(end) - minutesOf(start);
  if (length < LESSON_MINUTES_MIN) return `A lesson ends at least ${LESSON_MINUTES_MIN} minutes after it starts`;
  if (length > LESSON_MINUTES_MAX) return `A lesson lasts at most ${LESSON_MINUTES_MAX / 60} hours`;
  return null;
}

/** The weekday of a school day, 0 (Sunday) to 6 (Saturday). */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
export const weekdayName = (day: string) => WEEKDAY_NAMES[weekdayOf(day)];

/** "Monday 30 Nov". */
export function shortDay(day: string): string {
  const [, m, d] = day.split("-").map(Number);
  return `${weekdayName(day)} ${d} ${MONTHS[m - 1]}`;
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** The days of a vacation's lessons that fall on `weekday`, first to last. */
export function lessonDays(vacation: Pick<Vacation, "lessonsStart" | "lessonsEnd">, weekday: number): string[] {
  const days: string[] = [];
  const first = addDays(vacation.lessonsStart, (weekday - weekdayOf(vacation.lessonsStart) + 7) % 7);
  for (let day = first; day <= vacation.lessonsEnd && days.length < LESSONS_PER_CLASS_MAX; day = addDays(day, 7))
    days.push(day);
  return days;
}

/** The week a schedule shows by default: today's while lessons run, else the first (before) or the last (after). */
export function defaultWeek(vacation: Pick<Vacation, "lessonsStart" | "lessonsEnd"> | null, today: string): string {
  if (!vacation) return weekStart(today);
  if (today < vacation.lessonsStart) return weekStart(vacation.lessonsStart);
  if (today > vacation.lessonsEnd) return weekStart(vacation.lessonsEnd);
  return weekStart(today);
}

/** Forms a lesson is for: the ones chosen, in order; none chosen means every form. */
export function lessonForms(chosen: readonly string[] | null | undefined): WardForm[] {
  const forms = WARD_FORMS.filter((f) => chosen?.includes(f));
  return forms.length ? forms : [...WARD_FORMS];
}

/** "Business · Forms 1 and 2", "Science · every form". */
export function lessonAudience(programme: string, forms: readonly string[], classNo?: number | null): string {
  const shown = WARD_FORMS.filter((f) => forms.includes(f));
  // A class after the first is named (docs/decisions/0112-classes-of-a-workable-size.md); the first is the subject's.
  const cls = classNo && classNo > 1 ? ` · ${classLabel(classNo)}` : "";
  if (!shown.length || shown.length === WARD_FORMS.length) return `${programmeLabel(programme)} · every form${cls}`;
  if (shown.length === 1) return `${programmeLabel(programme)} · ${WARD_FORM_LABELS[shown[0]]}${cls}`;
  return `${programmeLabel(programme)} · Forms ${shown.map((f) => f.slice(-1)).join(" and ")}${cls}`;
}

export type LessonTimes = { date: string; start: string; end: string; cancelled?: boolean; startedAt?: Date | null };
export type LessonPhase = "cancelled" | "upcoming" | "running" | "over";

/**
 * Where a lesson stands at `now`: it runs from its start to its end on its day, and from the moment the facilitator
 * starts it (a few minutes early is common) until its end.
 */
export function lessonPhase(lesson: LessonTimes, now: Date): LessonPhase {
  if (lesson.cancelled) return "cancelled";
  const today = now.toISOString().slice(0, 10);
  if (lesson.date < today) return "over";
  if (lesson.date > today) return "upcoming";
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  if (minute >= minutesOf(lesson.end)) return "over";
  if (minute >= minutesOf(lesson.start) || lesson.startedAt) return "running";
  return "upcoming";
}

/**
 * The call services a facilitator may paste a join link of (https only). A class page (a WhatsApp group link of the
 * school's) is allowed besides, checked against the school's own pages.
 */
export const MEETING_HOSTS = [
  "meet.google.com",
  "zoom.us",
  "teams.microsoft.com",
  "teams.live.com",
  "meet.jit.si",
  "call.whatsapp.com",
] as const;
export const JOIN_LINK_MAX = 300;

/** Whether a pasted join link is acceptable: https, and a known meeting service or one of the school's class pages. */
export function joinLinkError(link: string, classPages: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "Paste the whole link, starting https://";
  }
  if (url.protocol !== "https:") return "The link must start https://";
  if (link.length > JOIN_LINK_MAX) return `The link is at most ${JOIN_LINK_MAX} characters`;
  if (url.username || url.password) return "The link must not carry a user name or password";
  const host = url.hostname.toLowerCase();
  if (MEETING_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) return null;
  if (classPages.some((page) => page === link)) return null;
  return "Use a Google Meet, Zoom, Teams, Jitsi or WhatsApp call link, or the subject's class page";
}

/** A lesson's notes (docs/decisions/0106-lesson-notes-and-materials.md): plain text shown to its students. */
export const LESSON_NOTES_MAX = 2000;
export const MATERIAL_LINK_MAX = 500;
/** A material file: a PDF or a photo of the board, at most this size. */
export const MATERIAL_MAX_BYTES = 10 * 1024 * 1024;

/** Whether a material link is acceptable: an https address without a user name or password. */
export function materialLinkError(link: string): string | null {
  if (link.length > MATERIAL_LINK_MAX) return `The link is at most ${MATERIAL_LINK_MAX} characters`;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "Enter a whole web address, starting with https://";
  }
  if (url.protocol !== "https:") return "Enter a web address starting with https://";
  if (url.username || url.password) return "The link must not carry a user name or password";
  return null;
}
