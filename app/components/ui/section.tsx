import type { ReactNode } from "react";

/**
 * A titled section of a page. Its heading labels it (`aria-labelledby` → the heading's id), so screen readers list it
 * by name in their landmarks, and the two ids can never drift apart.
 */
export function Section({
  id,
  title,
  className,
  headingClassName = "text-lg font-semibold text-gray-900",
  children,
}: {
  /** The heading's id (unique on the page). */
  id: string;
  title: ReactNode;
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
