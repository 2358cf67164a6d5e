import { DataTable } from "#app/components/ui/data-table.tsx";

type Row = { subject: string; attended: number; held: number; percent: number | null; text: string };

/**
 * A ward's attendance per subject (lessons attended, present or late, of lessons held for them) and overall, as the
 * student, the parent and the admin read it. `label` names the table for screen readers (a page may show two wards').
 */
export function AttendanceTable({
  label,
  subjects,
  overall,
}: {
  label: string;
  subjects: readonly Row[];
  overall: { held: number; text: string };
}) {
  return (
    <div className="mt-3">
      <p className="text-sm text-gray-800">
        <span className="font-semibold text-gray-900">Overall:</span> {overall.text}
      </p>
      <DataTable
        label={label}
        headers={["Subject", "Attended of held", "Attendance"]}
        rows={subjects.map((s) => ({ ...s, id: s.subject }))}
        emptyText="No subjects registered"
        className="mt-2 rounded-xl border border-gray-200 bg-white"
      >
        {(s) => (
          <>
            <th scope="row" className="px-3 py-2 font-medium text-gray-900">
              {s.subject}
            </th>
            <td className="px-3 py-2 text-gray-800">{s.held ? `${s.attended} of ${s.held}` : "No lessons held yet"}</td>
            <td className="px-3 py-2 text-gray-800">{s.percent === null ? "—" : `${s.percent}%`}</td>
          </>
        )}
      </DataTable>
    </div>
  );
}
