/**
 * A ward's progress as its student, parent and the school see it (docs/decisions/0103-attendance-where-it-is-read.md):
 * attendance per subject and overall, from the saved registers (app/services/teaching/register.server.ts), and their work and
 * marks (app/services/teaching/handins.server.ts).
 */
import { attendanceShare, attendanceText, type AttendanceShare } from "#app/domain/attendance.ts";
import { attendanceOf } from "#app/services/teaching/register.server.ts";
import { markText, performanceOf, performanceText } from "#app/domain/performance.ts";
import { workOf } from "#app/services/teaching/handins.server.ts";

export type SubjectAttendance = {
  subject: string;
  attended: number;
  held: number;
  percent: number | null;
  text: string;
};
export type WardAttendance = { overall: AttendanceShare & { text: string }; subjects: SubjectAttendance[] };

const withText = (share: AttendanceShare) => ({ ...share, text: attendanceText(share) });

/**
 * A registration's attendance: one row per subject it is registered for (in its order, "No lessons held yet" where no
 * register was saved), then any subject it was marked in before a change of subjects, and the overall share.
 */
export async function wardAttendance(registration: {
  _id: string;
  subjects?: readonly string[] | null;
}): Promise<WardAttendance> {
  const id = String(registration._id);
  const figures = (await attendanceOf([id])).get(id);
  const registered = [...(registration.subjects ?? [])];
  const earlier = [...(figures?.bySubject.keys() ?? [])].filter((s) => !registered.includes(s)).sort();
  const none = attendanceShare([]);
  return {
    overall: withText(figures?.overall ?? none),
    subjects: [...registered, ...earlier].map((subject) => ({
      subject,
      ...withText(figures?.bySubject.get(subject) ?? none),
    })),
  };
}

export type SubjectWork = {
  subject: string;
  performance: string;
  missing: string[];
  marks: Array<{ id: string; title: string; mark: string; comment: string | null }>;
};
export type WardWork = { overall: string; toDo: number; subjects: SubjectWork[] };

const LATEST_MARKS = 3;

/**
 * A ward's work as the parent reads it (docs/decisions/0108-work-handed-in-and-marked.md): per registered subject, the
 * average of marked work with its label, the work missing (due time passed, nothing handed in) and the latest marks
 * (every mark, for the report) with their comments; overall, the average of all marked work and the work still to do.
 */
export async function wardWork(
  registration: Parameters<typeof workOf>[0],
  now = new Date(),
  options: { marks?: "latest" | "all" } = {},
): Promise<WardWork> {
  const items = await workOf(registration, now);
  const percents = (list: typeof items) =>
    list.flatMap((w) => (w.submission?.markedAt && w.submission.percent !== null ? [w.submission.percent] : []));
  const registered = [...(registration.subjects ?? [])];
  const others = [...new Set(items.map((w) => w.assignment.subject))].filter((s) => !registered.includes(s)).sort();
  return {
    overall: performanceText(performanceOf(percents(items))),
    toDo: items.filter((w) => w.status === "open").length,
    subjects: [...registered, ...others].map((subject) => {
      const of = items.filter((w) => w.assignment.subject === subject);
      const marked = of
        .filter((w) => w.submission?.markedAt && w.submission.score !== null)
        .sort((a, b) => new Date(b.submission!.markedAt!).getTime() - new Date(a.submission!.markedAt!).getTime());
      return {
        subject,
        performance: performanceText(performanceOf(percents(of))),
        missing: of.filter((w) => w.status === "missing").map((w) => w.assignment.title),
        marks: (options.marks === "all" ? marked : marked.slice(0, LATEST_MARKS)).map((w) => ({
          id: w.assignment._id,
          title: w.assignment.title,
          mark: markText(w.submission!.score!, w.assignment.maxScore ?? 100),
          comment: w.submission!.comment ?? null,
        })),
      };
    }),
  };
}
