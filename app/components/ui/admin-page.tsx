import type { ReactNode } from "react";
import { BackLink } from "#app/components/ui/back-link.tsx";

const WIDTHS = {
  full: "",
  xl: "max-w-xl",
  "2xl": "max-w-2xl",
  "3xl": "max-w-3xl",
  "4xl": "max-w-4xl",
} as const;

const CARDS = {
  none: "",
  plain: "rounded-xl border border-gray-200 bg-white p-6",
  danger: "rounded-xl border border-red-200 bg-white p-6",
} as const;

/**
 * Every office page's frame: the page's main landmark (the skip link's target), an optional link back to the list
 * it belongs to (or `above`, a row of its own), the one heading with its `description`, the page's actions beside
 * them, then the page. `card` makes the whole page one white card (a confirmation, a one-form page); `width` caps it.
 * The dashboards' twin is `DashboardPage`.
 */
export function AdminPage({
  title,
  description,
  back,
  above,
  actions,
  width = "full",
  card = "none",
  className = "",
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  /** A row above the heading in place of `back`: a page outside the office's shell puts its sign-out button there. */
  above?: ReactNode;
  actions?: ReactNode;
  width?: keyof typeof WIDTHS;
  card?: keyof typeof CARDS;
  /** Added to the landmark's classes, for a page the office's shell does not frame. */
  className?: string;
  children?: ReactNode;
}) {
  const heading = description ? (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 max-w-3xl text-gray-700">{description}</p>
    </div>
  ) : (
    <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
  );
  return (
    <main id="main" className={`space-y-6 ${WIDTHS[width]} ${CARDS[card]} ${className}`.replace(/\s+/g, " ").trim()}>
      {above ??
        (back ? (
          <div>
            <BackLink to={back.to}>{back.label}</BackLink>
          </div>
        ) : null)}
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {children}
    </main>
  );
}
