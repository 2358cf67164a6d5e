import { Link, useLocation } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

/** The same page with `page` set and every other query parameter (filters, search) kept. */
export function pageHref(pathname: string, search: string, page: number) {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `${pathname}?${params}`;
}

/** Previous / "Page n of m" / Next links under a list; nothing when there is one page. Plain links: no JavaScript needed. */
export function Pagination({
  page,
  pageCount,
  className = "",
}: {
  page: number;
  pageCount: number;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className={`flex items-center justify-between gap-3 text-sm ${className}`}>
      {page > 1 ? (
        <Link to={pageHref(pathname, search, page - 1)} className={buttonClass("secondary")} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-gray-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageHref(pathname, search, page + 1)} className={buttonClass("secondary")} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
