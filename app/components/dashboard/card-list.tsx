import type { ReactNode } from "react";
import { formatTimestamp } from "#app/domain/dates.ts";
import { EmptyState } from "#app/components/dashboard/page.tsx";

const LAYOUTS = {
  stack: { list: "space-y-3", card: "p-4 shadow-sm", heading: "font-semibold text-gray-900" },
  grid: {
    list: "grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
    card: "p-5 shadow-sm",
    heading: "text-lg font-semibold text-gray-900",
  },
} as const;

/**
 * The dashboards' lists of cards (announcements, subjects, class pages, evaluation forms): one white card per item,
 * stacked or in a grid, each with an optional heading, or the empty state saying why there is nothing yet.
 */
export function CardList<T>({
  items,
  itemKey,
  empty,
  layout = "stack",
  heading,
  className,
  cardClassName,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Shown instead of the list when there are no items. */
  empty: ReactNode;
  layout?: keyof typeof LAYOUTS;
  /** The card's own heading (an h2 below the page's h1). */
  heading?: (item: T) => ReactNode;
  /** In place of the layout's list classes. */
  className?: string;
  /** In place of the layout's padding and shadow (the border and background stay). */
  cardClassName?: string;
  children: (item: T) => ReactNode;
}) {
  if (!items.length) return <EmptyState>{empty}</EmptyState>;
  const style = LAYOUTS[layout];
  return (
    <ul className={className ?? style.list}>
      {items.map((item) => (
        <li key={itemKey(item)} className={`rounded-xl border border-gray-200 bg-white ${cardClassName ?? style.card}`}>
          {heading ? <h2 className={style.heading}>{heading(item)}</h2> : null}
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** An announcement's card body (Communications and Notifications): its message and when it was sent. */
export function AnnouncementBody({ message, createdAt }: { message: string; createdAt: Date | string }) {
  return (
    <>
      <p className="mt-1 whitespace-pre-line text-gray-800">{message}</p>
      <p className="mt-2 text-xs text-gray-700">
        <time dateTime={new Date(createdAt).toISOString()}>{formatTimestamp(createdAt)}</time>
      </p>
    </>
  );
}
