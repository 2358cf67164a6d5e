/**
 * Work handed in (docs/decisions/0108-work-handed-in-and-marked.md): when an assignment takes work, and what a
 * student's hand-in stands at. The school's clock is Accra's, which is UTC all year.
 */
import { shortDay, timeLabel } from "#app/domain/lessons.ts";

export const HANDIN_TEXT_MAX = 5000;
/** At most five files at once (pages photographed), each at most 10 MB as the phone took it. */
export const HANDIN_FILES_MAX = 5;
export const HANDIN_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MARK_COMMENT_MAX = 1000;
/** What one student may keep in hand-ins over a vacation, after photos are downscaled. */
export const HANDIN_QUOTA_BYTES = 50 * 1024 * 1024;
/** The longest side of a photo as it is kept. */
export const PHOTO_LONGEST_SIDE = 1600;

export type WorkWindow = { dueAt?: Date | string | null; refuseLate?: boolean | null };

/** Whether work handed in now is late, and whether it is taken at all. */
/** Whether the due time has passed (work without one is never past due). */
const pastDue = (assignment: Pick<WorkWindow, "dueAt">, now: Date) =>
  assignment.dueAt != null && now.getTime() > new Date(assignment.dueAt).getTime();

export function handinTiming(assignment: WorkWindow, now: Date): { late: boolean; open: boolean } {
  const late = pastDue(assignment, now);
  return { late, open: !late || !assignment.refuseLate };
}

/**
 * Whether a ward is asked for an assignment: not for work due before the ward enrolled (a ward enrolled today is not
 * told of work due yesterday, in the portal, the weekly SMS or the report), unless the ward handed it in anyway.
 */
export function askedOfWard(
  assignment: { dueAt?: Date | string | null },
  enrolledAt: Date | string | null | undefined,
  handedIn: boolean,
): boolean {
  if (handedIn || !assignment.dueAt || !enrolledAt) return true;
  return new Date(assignment.dueAt).getTime() >= new Date(enrolledAt).getTime();
}

export type WorkStatus = "missing" | "handed-in" | "late" | "marked" | "open";
export const WORK_STATUS_LABELS: Record<WorkStatus, string> = {
  open: "To do",
  missing: "Missing",
  "handed-in": "Handed in",
  late: "Handed in late",
  marked: "Marked",
};

/**
 * Where a student's work stands: marked, handed in (late or not), missing once the due time has passed with nothing
 * handed in, else still to do. Missing work is listed, never averaged in as 0.
 */
export function workStatus(
  assignment: Pick<WorkWindow, "dueAt">,
  submission: { late: boolean; markedAt?: Date | string | null } | null,
  now: Date,
): WorkStatus {
  if (submission?.markedAt) return "marked";
  if (submission) return submission.late ? "late" : "handed-in";
  if (pastDue(assignment, now)) return "missing";
  return "open";
}

/** "Tuesday 1 Dec, 5:00 PM" as lessons say it, or "No due date". */
export function dueText(dueAt: Date | string | null | undefined): string {
  if (dueAt == null) return "No due date";
  const iso = new Date(dueAt).toISOString();
  return `${shortDay(iso.slice(0, 10))}, ${timeLabel(iso.slice(11, 16))}`;
}

/** The `datetime-local` value of a due time (its school time), or "". */
export const dueInputOf = (dueAt: Date | string | null | undefined) =>
  dueAt ? new Date(dueAt).toISOString().slice(0, 16) : "";

/** A `datetime-local` value ("2026-12-01T17:00") in the school's time (UTC) as a date, or null. */
export function parseDueInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(`${value}:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 16) !== value ? null : d;
}
