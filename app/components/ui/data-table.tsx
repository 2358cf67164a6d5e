/**
 * The shell every list table shares: a keyboard-scrollable region (tables
 * scroll sideways on phones), a caption for screen readers, column headers,
 * and the empty-state row; one <tr> per row, its cells from `children`. `relative` keeps
 * the screen-reader-only header text (absolutely positioned) inside the scroller:
 * without it, it widened the whole page on a phone.
 */
export type DataTableHeader = string | { label: string; srOnly?: boolean };

export function DataTable<Row extends { id: string }>({
  label,
  caption,
  headers,
  rows,
  rowClassName,
  emptyText,
  children,
  className = "rounded-xl border border-gray-200 bg-white",
}: {
  /** Accessible name of the scroll region. */
  label: string;
  caption?: string;
  headers: readonly DataTableHeader[];
  rows: readonly Row[];
  rowClassName?: string;
  emptyText: React.ReactNode;
  /** The cells of one row. */
  children: (row: Row) => React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`relative overflow-x-auto focus:outline-2 focus:outline-brand-700 ${className}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption ?? label}</caption>
        <thead className="bg-gray-50 text-gray-800">
          <tr>
            {headers.map((h) => {
              const { label: text, srOnly } = typeof h === "string" ? { label: h, srOnly: false } : h;
              return (
                <th key={text} scope="col" className="whitespace-nowrap px-3 py-3 font-semibold text-gray-900">
                  {srOnly ? <span className="sr-only">{text}</span> : text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-4 py-8 text-center text-gray-700">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={rowClassName}>
                {children(row)}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
