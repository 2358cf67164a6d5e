/**
 * The shell every list table shares: a keyboard-scrollable region (tables
 * scroll sideways on phones), a caption for screen readers, column headers,
 * and the empty-state row; one <tr> per row, its cells from `children`. `relative` keeps
 * the screen-reader-only header text (absolutely positioned) inside the scroller:
 * without it, it widened the whole page on a phone. A table wider than its box shows it (`table-scroll` in
 * app/app.css: a shadow on the side with more columns, no JavaScript needed) and keeps its first column in place
 * while the others scroll, so each row stays named.
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
  after,
  dense = false,
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
  /** What follows a row across the whole table (e.g. its actions), or null. */
  after?: (row: Row) => React.ReactNode;
  /** Narrower cell padding in the header (the cells set their own), for a table that must fit a laptop screen. */
  dense?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`table-scroll relative overflow-x-auto focus:outline-2 focus:outline-brand-700 ${className}`}
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
                <th
                  key={text}
                  scope="col"
                  className={`whitespace-nowrap py-3 font-semibold text-gray-900 ${dense ? "px-2" : "px-3"}`}
                >
                  {srOnly ? <span className="sr-only">{text}</span> : text}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* A row with a line under it (`after`) is a group of its own, so the two read as one payment, one entry. */}
        {rows.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={headers.length} className="px-4 py-8 text-center text-gray-700">
                {emptyText}
              </td>
            </tr>
          </tbody>
        ) : after ? (
          rows.map((row) => {
            const extra = after(row);
            return (
              <tbody key={row.id} className="border-t border-gray-200">
                <tr className={rowClassName}>{children(row)}</tr>
                {extra ? (
                  <tr>
                    <td colSpan={headers.length} className="px-3 pb-3">
                      {extra}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            );
          })
        ) : (
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.id} className={rowClassName}>
                {children(row)}
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
