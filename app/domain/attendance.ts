/**
 * Attendance (docs/decisions/0102-the-register.md): each student on a lesson's roster is marked present, late, absent
 * or excused. A lesson counts once its register is saved; excused lessons count for nobody, and a student who was not
 * on a lesson's roster (not yet enrolled) has no entry for it, so it is not held against them.
 */
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

/** Lessons attended (present or late) of lessons held for the student (excused ones left out), and the percentage. */
export function attendanceShare(marks: Iterable<AttendanceMark>): AttendanceShare {
  let attended = 0;
  let held = 0;
  for (const mark of marks) {
    if (mark === "excused") continue;
    held += 1;
    if (mark === "present" || mark === "late") attended += 1;
  }
  return { attended, held, percent: held ? Math.round((attended / held) * 100) : null };
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
