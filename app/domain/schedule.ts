/**
 * The mock weekly timetable (docs/product.md#constants, docs/product.md#data-rules): generated, not stored.
 * Pure and deterministic: the same registration and subjects always give the
 * same timetable, so it is identical on every visit, in the PDF, and between
 * the server render and hydration.
 */

export const SCHEDULE_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];
export const SCHEDULE_TIMES = ["8:00 AM", "10:00 AM", "12:00 PM", "2:00 PM", "4:00 PM"] as const;
export const SCHEDULE_ROOMS = ["Lab 1", "Room A", "Room B", "Lab 2", "Room C"] as const;
/** Placeholder names: no real facilitator is assigned by the mock timetable. */
export const SCHEDULE_FACILITATORS = ["Mr. Mensah", "Mrs. Asante", "Mr. Boateng", "Ms. Owusu", "Dr. Addo"] as const;
export const CLASS_TYPES = ["lecture", "practical", "tutorial"] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** The week has this many distinct class slots (5 days × 5 times). */
export const WEEKLY_SLOTS = SCHEDULE_DAYS.length * SCHEDULE_TIMES.length;

export type ScheduleEntry = {
  id: string;
  day: ScheduleDay;
  time: (typeof SCHEDULE_TIMES)[number];
  subject: string;
  facilitator: string;
  room: string;
  type: ClassType;
};

/** FNV-1a 32-bit: a stable hash of the seed text. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG giving floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/**
 * How many classes each subject gets: 3 or 4 at random, as the spec says.
 * A student has at most 25 slots a week, so when the wish list does not fit
 * (more than 6 subjects) 4s become 3s first, and with more than 8 subjects the
 * 25 slots are shared out as evenly as possible (earlier subjects get the extra).
 */
export function classesPerSubject(subjectCount: number, random: () => number): number[] {
  const wanted = Array.from({ length: subjectCount }, () => (random() < 0.5 ? 3 : 4));
  let total = wanted.reduce((a, b) => a + b, 0);
  for (let i = wanted.length - 1; i >= 0 && total > WEEKLY_SLOTS; i--) {
    if (wanted[i] === 4) {
      wanted[i] = 3;
      total -= 1;
    }
  }
  if (total <= WEEKLY_SLOTS) return wanted;
  const base = Math.floor(WEEKLY_SLOTS / subjectCount);
  const extra = WEEKLY_SLOTS % subjectCount;
  return wanted.map((_, i) => base + (i < extra ? 1 : 0));
}

const dayIndex = (day: string) => SCHEDULE_DAYS.indexOf(day as ScheduleDay);
const timeIndex = (time: string) => SCHEDULE_TIMES.indexOf(time as (typeof SCHEDULE_TIMES)[number]);

/**
 * The weekly timetable for a registration. `seed` identifies the registration
 * (its reference); subjects are de-duplicated. Each class takes its own
 * day-and-time slot, a subject's classes fall on different days where
 * possible, and entries are sorted by day then time.
 */
export function generateSchedule(seed: string, subjects: readonly string[]): ScheduleEntry[] {
  const unique = [...new Set(subjects.map((s) => s.trim()).filter(Boolean))];
  if (unique.length === 0) return [];
  const random = prng(hashString(`${seed}|${unique.join("|")}`));
  const counts = classesPerSubject(unique.length, random);

  // Every slot of the week in a seeded random order.
  const slots: Array<{ day: number; time: number }> = [];
  for (let d = 0; d < SCHEDULE_DAYS.length; d++)
    for (let t = 0; t < SCHEDULE_TIMES.length; t++) slots.push({ day: d, time: t });
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  const free = new Set(slots.map((_, i) => i));

  const entries: ScheduleEntry[] = [];
  unique.forEach((subject, s) => {
    const facilitator = pick(random, SCHEDULE_FACILITATORS);
    const days = new Set<number>();
    for (let k = 0; k < counts[s]; k++) {
      const order = [...free];
      const index = order.find((i) => !days.has(slots[i].day)) ?? order[0];
      if (index === undefined) return;
      free.delete(index);
      const slot = slots[index];
      days.add(slot.day);
      entries.push({
        id: `${slot.day}-${slot.time}`,
        day: SCHEDULE_DAYS[slot.day],
        time: SCHEDULE_TIMES[slot.time],
        subject,
        facilitator,
        room: pick(random, SCHEDULE_ROOMS),
        type: pick(random, CLASS_TYPES),
      });
    }
  });
  return entries.sort((a, b) => dayIndex(a.day) - dayIndex(b.day) || timeIndex(a.time) - timeIndex(b.time));
}

/** Today's weekday in Ghana (Africa/Accra is UTC+0 all year), or null at the weekend. */
export function scheduleDayOf(date: Date): ScheduleDay | null {
  const weekday = date.getUTCDay(); // 0 Sunday … 6 Saturday
  return weekday >= 1 && weekday <= 5 ? SCHEDULE_DAYS[weekday - 1] : null;
}

/** The weekday's full name in Ghana, including Saturday and Sunday. */
export function weekdayNameOf(date: Date): string {
  return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][date.getUTCDay()];
}

export function filterByDay(entries: readonly ScheduleEntry[], day: ScheduleDay | null): ScheduleEntry[] {
  return day ? entries.filter((e) => e.day === day) : [...entries];
}

export type ScheduleSummary = { subjects: number; totalClasses: number; todaysClasses: number; averagePerDay: number };

/** docs/product.md#screens Schedule Summary: average per day is the total divided by 5, rounded. */
export function summarizeSchedule(entries: readonly ScheduleEntry[], today: ScheduleDay | null): ScheduleSummary {
  return {
    subjects: new Set(entries.map((e) => e.subject)).size,
    totalClasses: entries.length,
    todaysClasses: today ? entries.filter((e) => e.day === today).length : 0,
    averagePerDay: Math.round(entries.length / SCHEDULE_DAYS.length),
  };
}

export const CLASS_TYPE_LABELS: Record<ClassType, string> = {
  lecture: "Lecture",
  practical: "Practical",
  tutorial: "Tutorial",
};

/**
 * The generated week invents its rooms and facilitators, so it is always
 * labelled a sample; the school's own uploaded timetables are listed above it
 * (docs/decisions/0030-published-content-reaches-students-and-parents.md).
 */
export const SAMPLE_SCHEDULE_NOTE =
  "Sample week: days and times follow your subjects; rooms and facilitators are examples. The school's own timetables are listed above it in the portal.";
