import { Link } from "react-router";
import { programmeLabel } from "#app/domain/programmes.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { CardList } from "#app/components/dashboard/card-list.tsx";
import { FilterForm, FilterSearch, FilterSelect } from "#app/components/ui/filter-form.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { formatDate } from "#app/domain/dates.ts";

export const NO_STUDENTS_FOUND = "No students found matching your criteria";

type Row = {
  id: string;
  name: string;
  email: string | null;
  /** As people read it (024 123 4567). */
  phone: string;
  programme: string;
  subjects: string[];
  enrolledAt: string | Date;
  /** "9 of 10 (90%)": lessons attended of held (ADR 0102). */
  attendance: string;
  /** "78% (Good)": the average of marked work (ADR 0108), or "No marks yet". */
  performance: string;
};

export type StudentsPanelData = {
  subjects: Array<{ name: string; count: number }>;
  q: string;
  subject: string;
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
};

function query(params: Record<string, string | number>) {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== 1) sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : "";
}

/**
 * The facilitator's students (docs/product.md#screens Students tab): subject summary cards, a
 * GET search/filter form, the table and the CSV export. Shared by
 * /facilitator-dashboard/students and /dashboard/students.
 */
export function StudentsPanel({
  view,
  basePath,
  exportPath,
}: {
  view: StudentsPanelData;
  basePath: string;
  exportPath: string;
}) {
  const { subjects, q, subject, rows, total, page, pageCount } = view;
  return (
    <div className="space-y-6">
      <Section id="subject-summary" title="Your subjects" headingClassName="mb-3 text-lg font-semibold text-gray-900">
        <CardList
          items={subjects}
          itemKey={(s) => s.name}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          empty="No subjects are assigned to you yet. An administrator assigns subjects in the admin portal."
        >
          {(s) => (
            <>
              <p className="font-semibold text-gray-900">{s.name}</p>
              <p className="mt-1 text-sm text-gray-700">
                {s.count} {s.count === 1 ? "student" : "students"}
              </p>
            </>
          )}
        </CardList>
      </Section>

      <Section id="student-list" title="Students" headingClassName="mb-3 text-lg font-semibold text-gray-900">
        <FilterForm
          action={basePath}
          label="Search students"
          clear={q || subject ? { to: basePath } : null}
          after={
            <a href={`${exportPath}${query({ q, subject })}`} className={buttonClass("secondary")} download>
              Export CSV
            </a>
          }
        >
          <FilterSearch id="student-search" label="Search by name, email or id" value={q} />
          <FilterSelect
            id="student-subject"
            name="subject"
            label="Subject"
            value={subject}
            all="All subjects"
            options={subjects.map((s) => ({ value: s.name, label: s.name }))}
          />
        </FilterForm>

        <p className="mt-3 text-sm text-gray-700" aria-live="polite">
          {total} {total === 1 ? "student" : "students"} found
        </p>
        <DataTable
          label="Students table"
          caption="Students enrolled in your subjects"
          // Attendance and performance beside the name: what a facilitator reads first fits a 360 px screen.
          headers={[
            "Name",
            "Attendance",
            "Performance",
            "ID",
            "Email",
            "Phone",
            "Programme",
            "Subjects",
            "Enrolled",
            "Status",
          ]}
          rows={rows}
          emptyText={NO_STUDENTS_FOUND}
          className="mt-2 rounded-xl border border-gray-200 bg-white"
        >
          {(r) => (
            <>
              <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                {r.name}
              </th>
              <td className="px-3 py-2 text-gray-800">{r.attendance}</td>
              <td className="px-3 py-2 text-gray-800">{r.performance}</td>
              <td className="px-3 py-2 font-mono text-xs text-gray-800">{r.id}</td>
              <td className="px-3 py-2 text-gray-800">{r.email ?? "—"}</td>
              <td className="px-3 py-2 text-gray-800">{r.phone}</td>
              <td className="px-3 py-2 text-gray-800">{programmeLabel(r.programme)}</td>
              <td className="px-3 py-2 text-gray-800">{r.subjects.join(", ")}</td>
              <td className="px-3 py-2 text-gray-800">{formatDate(r.enrolledAt)}</td>
              <td className="px-3 py-2">
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                  Active
                </span>
              </td>
            </>
          )}
        </DataTable>
        {pageCount > 1 ? (
          <nav aria-label="Student pages" className="mt-3 flex items-center gap-3 text-sm">
            {page > 1 ? (
              <Link
                to={`${basePath}${query({ q, subject, page: page - 1 })}`}
                className="font-semibold text-brand-700 underline"
              >
                Previous page
              </Link>
            ) : null}
            <span className="text-gray-700">
              Page {page} of {pageCount}
            </span>
            {page < pageCount ? (
              <Link
                to={`${basePath}${query({ q, subject, page: page + 1 })}`}
                className="font-semibold text-brand-700 underline"
              >
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>
    </div>
  );
}
