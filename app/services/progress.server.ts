/**
 * A ward's progress as its student, parent and the school see it (docs/decisions/0103-attendance-where-it-is-read.md):
 * attendance per subject and overall, from the saved registers (app/services/register.server.ts).
 */
import { attendanceShare, attendanceText, type AttendanceShare } from "#app/domain/attendance.ts";
import { attendanceOf } from "#app/services/register.server.ts";

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
