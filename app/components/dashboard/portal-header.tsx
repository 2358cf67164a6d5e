import { Link } from "react-router";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { RoleBadge } from "#app/components/dashboard/parts.tsx";
import { NotificationBell } from "#app/components/dashboard/notification-bell.tsx";

/**
 * The header of the facilitator and parent portals: who is shown, the
 * announcements bell with its unread count, a way to the dashboard and to the account's Settings (password, SMS
 * language and switches), and Logout (a POST).
 */
export function PortalHeader({
  portal,
  name,
  role,
  unseenCount,
}: {
  portal: string;
  name: string;
  role: string;
  unseenCount: number;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-4">
      <div>
        <p className="text-sm font-semibold text-brand-700">{portal}</p>
        <p className="text-lg font-bold text-gray-900">
          {name} <RoleBadge role={role} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <NotificationBell unseenCount={unseenCount} />
        <Link to="/dashboard" className="min-h-11 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 underline">
          Dashboard
        </Link>
        <Link to="/settings" className="min-h-11 rounded-md px-3 py-2 text-sm font-semibold text-brand-700 underline">
          Settings
        </Link>
        <SignOutButton label="Logout" />
      </div>
    </header>
  );
}
