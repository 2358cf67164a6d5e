import { useEffect, useRef } from "react";
import { Button, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";

export const NOTIFICATIONS_PATH = "/dashboard/notifications";

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="notification-badge"
      className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

const bellClass = "relative flex h-11 w-11 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100";

/**
 * The badge counts announcements the user has not seen (docs/product.md#sample-figures; hidden
 * at 0). Without JavaScript the bell is a link to the notifications page; with
 * it, a popover loads the list (a skeleton meanwhile) and marks it seen with a POST.
 */
export function NotificationBell({ unseenCount }: { unseenCount: number }) {
  const hydrated = useHydrated();
  const list = useFetcher<NotificationList>();
  const mark = useFetcher();
  const marked = useRef(false);

  if (!hydrated) {
    return (
      <Link to={NOTIFICATIONS_PATH} className={bellClass}>
        <BellIcon />
        <span className="sr-only">Notifications</span>
        <Badge count={unseenCount} />
      </Link>
    );
  }
  return (
    <DialogTrigger
      onOpenChange={(open) => {
        if (!open) return;
        list.load(NOTIFICATIONS_PATH);
        if (unseenCount > 0 && !marked.current) {
          marked.current = true;
          mark.submit({ intent: "mark-seen", source: "popover" }, { method: "post", action: NOTIFICATIONS_PATH });
        }
      }}
    >
      <Button className={`${bellClass} outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600`}>
        <BellIcon />
        <span className="sr-only">Notifications</span>
        <Badge count={unseenCount} />
      </Button>
      <Popover
        placement="bottom end"
        className="w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white shadow-lg"
      >
        <Dialog aria-labelledby="notifications-heading" className="max-h-96 overflow-auto p-4 outline-none">
          <Heading id="notifications-heading" slot="title" className="text-base font-semibold text-gray-900">
            Notifications
          </Heading>
          <NotificationList data={list.data} loading={list.state === "loading" || !list.data} />
          <Link to={NOTIFICATIONS_PATH} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
            View all notifications
          </Link>
        </Dialog>
      </Popover>
      <ResetOnCountChange count={unseenCount} onReset={() => (marked.current = false)} />
    </DialogTrigger>
  );
}

function ResetOnCountChange({ count, onReset }: { count: number; onReset: () => void }) {
  // A new announcement after marking: allow marking again on the next open.
  useEffect(() => {
    if (count > 0) onReset();
  }, [count, onReset]);
  return null;
}

/** What /dashboard/notifications answers (its loader returns this shape). */
export type NotificationList = {
  announcements: Array<{ _id: string; title: string; message: string; createdAt: Date | string; isNew: boolean }>;
  unseen: number;
};
type ListData = NotificationList | undefined;

function NotificationList({ data, loading }: { data: ListData; loading: boolean }) {
  if (loading && !data) {
    // Skeleton: the only part of the shell that loads on the client.
    return (
      <ul aria-busy="true" aria-label="Loading notifications" className="mt-3 space-y-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className="space-y-2">
            <div className="h-4 w-3/4 animate-pulse rounded bg-gray-200" />
            <div className="h-3 w-full animate-pulse rounded bg-gray-200" />
          </li>
        ))}
      </ul>
    );
  }
  const items = data?.announcements ?? [];
  if (!items.length) return <p className="mt-3 text-sm text-gray-700">No announcements yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-gray-200">
      {items.slice(0, 5).map((a) => (
        <li key={a._id} className="py-2">
          <p className="text-sm font-semibold text-gray-900">
            {a.title}
            {a.isNew ? <NewBadge /> : null}
          </p>
          <p className="line-clamp-2 text-sm text-gray-700">{a.message}</p>
        </li>
      ))}
    </ul>
  );
}

/** Marks an announcement the user has not opened yet. */
export function NewBadge() {
  return <span className="ml-2 rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">New</span>;
}
