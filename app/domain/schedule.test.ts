import { describe, expect, it } from "vitest";
import {
  CLASS_TYPES,
  SCHEDULE_DAYS,
  SCHEDULE_FACILITATORS,
  SCHEDULE_ROOMS,
  SCHEDULE_TIMES,
  WEEKLY_SLOTS,
  classesPerSubject,
  filterByDay,
  generateSchedule,
  scheduleDayOf,
  summarizeSchedule,
  weekdayNameOf,
} from "#app/domain/schedule.ts";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";

const SUBJECTS = ["Mathematics", "English Language", "Physics", "Chemistry", "Biology", "French"];

function perSubject(entries: ReturnType<typeof generateSchedule>) {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.subject, (counts.get(e.subject) ?? 0) + 1);
  return counts;
}

describe("generateSchedule", () => {
  it("is the same for the same registration and subjects on every call", () => {
    expect(generateSchedule("ref-abc", SUBJECTS)).toEqual(generateSchedule("ref-abc", SUBJECTS));
  });

  it("differs between registrations", () => {
    const a = generateSchedule("ref-abc", SUBJECTS);
    const b = generateSchedule("ref-xyz", SUBJECTS);
    expect(a).not.toEqual(b);
  });

  it("gives every subject 3 or 4 classes when they fit in the week", () => {
    for (const seed of ["a", "b", "c", "d", "e", "f", "g", "h"]) {
      const counts = perSubject(generateSchedule(seed, SUBJECTS));
      expect([...counts.keys()].sort()).toEqual([...SUBJECTS].sort());
      for (const n of counts.values()) expect([3, 4]).toContain(n);
    }
  });

  it("never puts two of a student's classes in the same day and time", () => {
    for (const seed of Array.from({ length: 50 }, (_, i) => `seed-${i}`)) {
      for (const subjects of [SUBJECTS, PROGRAMME_SUBJECTS.arts, PROGRAMME_SUBJECTS.science, ["Mathematics"]]) {
        const entries = generateSchedule(seed, subjects);
        const slots = entries.map((e) => `${e.day} ${e.time}`);
        expect(new Set(slots).size).toBe(slots.length);
      }
    }
  });

  it("sorts by day then time", () => {
    const entries = generateSchedule("sorted", SUBJECTS);
    const keys = entries.map((e) => SCHEDULE_DAYS.indexOf(e.day) * 10 + SCHEDULE_TIMES.indexOf(e.time));
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  it("uses only the spec's days, times, rooms, facilitators and types", () => {
    for (const e of generateSchedule("values", PROGRAMME_SUBJECTS.business)) {
      expect(SCHEDULE_DAYS).toContain(e.day);
      expect(SCHEDULE_TIMES).toContain(e.time);
      expect(SCHEDULE_ROOMS).toContain(e.room);
      expect(SCHEDULE_FACILITATORS).toContain(e.facilitator);
      expect(CLASS_TYPES).toContain(e.type);
    }
  });

  it("spreads a subject's classes over different days", () => {
    for (const e of ["x", "y", "z"]) {
      const entries = generateSchedule(e, ["Mathematics", "Physics"]);
      for (const subject of ["Mathematics", "Physics"]) {
        const days = entries.filter((x) => x.subject === subject).map((x) => x.day);
        expect(new Set(days).size).toBe(days.length);
      }
    }
  });

  it("caps at the 25 weekly slots when there are many subjects, sharing them out evenly", () => {
    const entries = generateSchedule("many", PROGRAMME_SUBJECTS.arts); // 14 subjects
    expect(entries).toHaveLength(WEEKLY_SLOTS);
    const counts = [...perSubject(entries).values()];
    expect(counts).toHaveLength(14);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it("returns nothing without subjects and ignores duplicates and blanks", () => {
    expect(generateSchedule("none", [])).toEqual([]);
    expect(generateSchedule("dup", ["Physics", "Physics", " "]).every((e) => e.subject === "Physics")).toBe(true);
  });
});

describe("classesPerSubject", () => {
  const fixed = (value: number) => () => value;
  it("turns 4s into 3s before going below 3", () => {
    expect(classesPerSubject(8, fixed(0.9)).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(WEEKLY_SLOTS);
    expect(classesPerSubject(8, fixed(0.9)).every((n) => n === 3 || n === 4)).toBe(true);
    expect(classesPerSubject(6, fixed(0.9))).toEqual([4, 4, 4, 4, 4, 4]);
  });
  it("shares 25 slots among 12 subjects", () => {
    const counts = classesPerSubject(12, fixed(0.1));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(WEEKLY_SLOTS);
    expect(counts[0]).toBe(3);
    expect(counts[11]).toBe(2);
  });
});

describe("today and the summary", () => {
  it("reads the weekday in Africa/Accra time (UTC)", () => {
    expect(scheduleDayOf(new Date("2026-11-23T00:30:00Z"))).toBe("Monday");
    expect(scheduleDayOf(new Date("2026-11-27T23:59:00Z"))).toBe("Friday");
    expect(scheduleDayOf(new Date("2026-11-22T12:00:00Z"))).toBeNull();
    expect(weekdayNameOf(new Date("2026-11-22T12:00:00Z"))).toBe("Sunday");
  });

  it("filters by day and summarises with the average rounded over five days", () => {
    const entries = generateSchedule("summary", SUBJECTS);
    const monday = filterByDay(entries, "Monday");
    expect(monday.every((e) => e.day === "Monday")).toBe(true);
    expect(filterByDay(entries, null)).toEqual(entries);
    const summary = summarizeSchedule(entries, "Monday");
    expect(summary).toEqual({
      subjects: 6,
      totalClasses: entries.length,
      todaysClasses: monday.length,
      averagePerDay: Math.round(entries.length / 5),
    });
    expect(summarizeSchedule(entries, null).todaysClasses).toBe(0);
  });
});
