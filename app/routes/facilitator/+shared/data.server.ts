import { data } from "react-router";
import { attendanceShare, attendanceText } from "#app/domain/attendance.ts";
import { attendanceOf } from "#app/services/teaching/register.server.ts";
import { performanceOfRegistrations } from "#app/services/teaching/handins.server.ts";
import { NO_MARKS, performanceText } from "#app/domain/performance.ts";
import { formatPhone, formatStoredPhone } from "#app/domain/phone.ts";
import { z } from "zod";
import {
  STUDENT_SEARCH_MAX,
  countStudentsPerSubject,
  listFacilitatorStudents,
  listFacilitatorSubjects,
} from "#app/models/facilitator.server.ts";

/** Query parameters of the student table and its CSV export (GET forms). */
export const StudentQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(STUDENT_SEARCH_MAX, `Search is limited to ${STUDENT_SEARCH_MAX} characters`)
    .optional()
    .default(""),
  subject: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export function parseStudentQuery(url: URL) {
  const parsed = StudentQuerySchema.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    subject: url.searchParams.get("subject") ?? undefined,
    page: url.searchParams.get("page") || undefined,
  });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Invalid search.", { status: 400 });
  return parsed.data;
}

/** Everything the Students tab (and /dashboard/students) shows for a facilitator. */
export async function loadStudentsView(url: URL, facilitatorId: string) {
  const query = parseStudentQuery(url);
  const subjects = await listFacilitatorSubjects(facilitatorId);
  const names = subjects.map((s) => s.name);
  // An unknown subject filter is ignored rather than leaking whether others exist.
  const subject = names.includes(query.subject) ? query.subject : "";
  const [counts, result] = await Promise.all([
    countStudentsPerSubject(names),
    listFacilitatorStudents({ subjectNames: names, subject, q: query.q, page: query.page }),
  ]);
  // Attendance and performance over the subject shown, else over every subject this facilitator teaches.
  const ids = result.rows.map((r) => r._id);
  const over = subject ? [subject] : names;
  const [attendance, performance] = await Promise.all([attendanceOf(ids, over), performanceOfRegistrations(ids, over)]);
  return {
    subjects: names.map((name) => ({ name, count: counts.get(name) ?? 0 })),
    q: query.q,
    subject,
    ...result,
    rows: result.rows.map((r) => ({
      id: r._id,
      name: r.wardName,
      email: r.email,
      phone: r.wardWhatsappNormalized ? formatStoredPhone(r.wardWhatsappNormalized) : formatPhone(r.wardWhatsapp),
      programme: r.programme,
      subjects: r.subjects.filter((s) => names.includes(s)),
      enrolledAt: r.createdAt,
      attendance: attendanceText(attendance.get(String(r._id))?.overall ?? attendanceShare([])),
      performance: performanceText(performance.get(String(r._id))?.overall ?? NO_MARKS),
    })),
  };
}
