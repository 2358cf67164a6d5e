import type { ReactNode } from "react";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

/**
 * The one-form page (add or edit a subject, a group, an evaluation form; the account pages): the office's frame as
 * one white card, a link back to the list it belongs to, and the page heading.
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
    <AdminPage title={title} back={{ to: backTo, label: backLabel }} width={wide ? "2xl" : "xl"} card="plain">
      {children}
    </AdminPage>
  );
}
