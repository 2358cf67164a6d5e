import type { ReactNode } from "react";
import { BackLink } from "#app/components/ui/back-link.tsx";

/**
 * The admin's one-form page (add or edit a subject, a group, an evaluation form): a white card as the page's main
 * landmark, a link back to the list it belongs to, and the page heading.
 */
export function FormPage({
  title,
  backTo,
  backLabel,
  wide = false,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  /** max-w-2xl instead of max-w-xl, for forms with long rows. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="main" className={`${wide ? "max-w-2xl" : "max-w-xl"} rounded-xl border border-gray-200 bg-white p-6`}>
      <BackLink to={backTo}>{backLabel}</BackLink>
      <h1 className="mb-4 mt-3 text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </main>
  );
}
