import type { ReactNode } from "react";

const FORM_CARD = "max-w-2xl rounded-xl border border-gray-200 bg-white p-6";

/**
 * A titled section of a page. Its heading labels it (`aria-labelledby` → the heading's id), so screen readers list it
 * by name in their landmarks, and the two ids can never drift apart.
 */
export function Section({
  id,
  title,
  form = false,
  className = form ? FORM_CARD : undefined,
  headingClassName = form ? "mb-4 text-lg font-semibold text-gray-900" : "text-lg font-semibold text-gray-900",
  children,
}: {
  /** The heading's id (unique on the page). */
  id: string;
  title: ReactNode;
  /** A card that holds one form: bordered, white, at most 2xl wide, its heading spaced from the fields. */
  form?: boolean;
  className?: string;
  headingClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
