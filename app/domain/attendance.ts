/**
 * Attendance (docs/decisions/0102-the-register.md): each student on a lesson's roster is marked present, late, absent
 * or excused. A lesson counts once its register is saved; excused lessons count for nobody, and a student who was not
 * on a lesson's roster (not yet enrolled) has no entry for it, so it is not held against them.
 */
import type { Tally } from "#app/domain/per-ward.ts";

export const ATTENDANCE_MARKS = ["present", "late", "absent", "excused"] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
export const ATTENDANCE_LABELS: Record<AttendanceMark, string> = {
  present: "Present",
  late: "Late",
  absent: "Absent",
  excused: "Excused",
};

export const isAttendanceMark = (value: unknown): value is AttendanceMark =>
  typeof value === "string" && (ATTENDANCE_MARKS as readonly string[]).includes(value);

export type AttendanceShare = { attended: number; held: number; percent: number | null };

/** What `lessons` lessons marked `mark` add to a student's attendance: held (excused ones are not) and attended. */
export function attendanceTally(mark: AttendanceMark, lessons = 1): Tally {
  if (mark === "excused") return { count: 0, sum: 0 };
  return { count: lessons, sum: mark === "present" || mark === "late" ? lessons : 0 };
}

/** Lessons attended of lessons held, from their tally, and the percentage. */
export function attendanceFigure({ count: held, sum: attended }: Tally): AttendanceShare {
  return { attended, held, percent: held ? Math.round((attended / held) * 100) : null };
}

/** Lessons attended (present or late) of lessons held for the student (excused ones left out), and the percentage. */
export function attendanceShare(marks: Iterable<AttendanceMark>): AttendanceShare {
  const total = { count: 0, sum: 0 };
  for (const mark of marks) {
    const { count, sum } = attendanceTally(mark);
    total.count += count;
    total.sum += sum;
  }
  return attendanceFigure(total);
}

/** "9 of 10 (90%)", or "No lessons held yet". */
export function attendanceText(share: AttendanceShare): string {
  return share.held ? `${share.attended} of ${share.held} (${share.percent}%)` : "No lessons held yet";
}

/** A register's marks counted, for the message after saving: "38 present, 2 absent". */
export function registerSummary(marks: Iterable<AttendanceMark>): string {
  const counts = new Map<AttendanceMark, number>();
  for (const mark of marks) counts.set(mark, (counts.get(mark) ?? 0) + 1);
  return (
    ATTENDANCE_MARKS.filter((m) => counts.get(m))
      .map((m) => `${counts.get(m)} ${m}`)
      .join(", ") || "nobody on the roster"
  );
}
