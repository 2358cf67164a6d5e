import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/students-export";
import { requireRole } from "#app/utils/auth.server.ts";
import { csvResponse, type CsvColumn } from "#app/utils/csv.server.ts";
import {
  iterateFacilitatorStudents,
  listFacilitatorSubjects,
  type StudentRow,
} from "#app/models/facilitator.server.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { parseStudentQuery } from "#app/routes/facilitator/+shared/data.server.ts";
import { attendanceShare, attendanceText } from "#app/domain/attendance.ts";
import { attendanceOf } from "#app/services/teaching/register.server.ts";
import { performanceOfRegistrations } from "#app/services/teaching/handins.server.ts";
import { NO_MARKS, performanceText } from "#app/domain/performance.ts";

type ExportRow = StudentRow & { attendance: string; performance: string };

/** The rows with their attendance ("9 of 10 (90%)") and performance ("78% (Good)"), read 200 students at a time. */
async function* withFigures(rows: AsyncGenerator<StudentRow>, subjects: string[]): AsyncGenerator<ExportRow> {
  let batch: StudentRow[] = [];
  const flush = async function* () {
    const ids = batch.map((r) => r._id);
    const [attendance, performance] = await Promise.all([
      attendanceOf(ids, subjects),
      performanceOfRegistrations(ids, subjects),
    ]);
    for (const r of batch)
      yield {
        ...r,
        attendance: attendanceText(attendance.get(String(r._id))?.overall ?? attendanceShare([])),
        performance: performanceText(performance.get(String(r._id))?.overall ?? NO_MARKS),
      };
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === 200) yield* flush();
  }
  if (batch.length) yield* flush();
}

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/** docs/product.md#screens: students_{subject}_{date}.csv of the students shown (same search and subject filter), streamed. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const query = parseStudentQuery(url);
  const names = (await listFacilitatorSubjects(effectiveUser._id)).map((s) => s.name);
  const subject = names.includes(query.subject) ? query.subject : "";
  const columns: CsvColumn<ExportRow>[] = [
    { header: "ID", value: (r) => r._id },
    { header: "Name", value: (r) => r.wardName },
    { header: "Email", value: (r) => r.email ?? "" },
    { header: "Phone", value: (r) => formatPhone(r.wardWhatsapp) },
    { header: "Programme", value: (r) => programmeLabel(r.programme) },
    { header: "Registered Subjects", value: (r) => r.subjects.filter((s) => names.includes(s)) },
    { header: "Enrollment Date", value: (r) => new Date(r.createdAt).toISOString().slice(0, 10) },
    { header: "Attendance", value: (r) => r.attendance },
    { header: "Performance", value: (r) => r.performance },
    { header: "Status", value: () => "active" },
  ];
  const date = new Date().toISOString().slice(0, 10);
  const label = (subject || "all").replace(/[^A-Za-z0-9]+/g, "-");
  return csvResponse(
    `students_${label}_${date}.csv`,
    withFigures(iterateFacilitatorStudents({ subjectNames: names, subject, q: query.q }), subject ? [subject] : names),
    columns,
  );
}
