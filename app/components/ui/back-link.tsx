import type { ReactNode } from "react";
import { Link } from "react-router";

/** The "← Back to …" link at the top of a sub-page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 underline">
      ← {children}
    </Link>
  );
}
