import { NavLink } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { NotificationBell } from "#app/components/dashboard/notification-bell.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { Badge } from "#app/routes/student/+shared/components.tsx";

/** What the student portal's header shows: from `studentFrameData` (frame.server.ts). */
export type StudentFrameData = {
  accountName: string;
  wardName: string | null;
  enrolled: boolean;
  programmeLabel: string | null;
  fees: string | null;
  showAdminTab: boolean;
  unseenCount: number;
};

const TABS = [
  { to: "/student-dashboard", label: "Overview", end: true },
  { to: "/student-dashboard/subjects", label: "Subjects", end: false },
  { to: "/student-dashboard/whatsapp", label: "WhatsApp", end: false },
  { to: "/student-dashboard/schedule", label: "Schedule", end: false },
  // The assignments of the student's subjects live at /assignments (docs/decisions/0030-…), in this same frame.
  { to: "/assignments", label: "Assignments", end: false },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold sm:px-4 ${isActive ? "bg-brand-700 text-white" : "text-gray-800 hover:bg-gray-100"}`;

/**
 * The student portal's header and tabs: on its own pages (the ward's name is the page's h1) and on the assignments a
 * student opens (the page has its own h1, and the name is a line).
 */
export function StudentPortalHeader({
  nameIsHeading = true,
  accountName,
  wardName,
  enrolled,
  programmeLabel,
  fees,
  showAdminTab,
  unseenCount,
}: StudentFrameData & { nameIsHeading?: boolean }) {
  const Name = nameIsHeading ? "h1" : "p";
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-4 px-4 py-5">
        <div>
          <p className="text-sm font-medium text-brand-700">{SCHOOL_NAME} · Student Portal</p>
          <Name className="mt-1 text-2xl font-bold text-gray-900">{wardName ?? accountName}</Name>
          <p className="mt-1 text-sm text-gray-700">Signed in as {accountName}</p>
          <p className="mt-2 flex flex-wrap gap-2">
            <Badge tone={enrolled ? "green" : "yellow"}>{enrolled ? "Enrolled" : "Pending"}</Badge>
            {programmeLabel ? <Badge tone="blue">{programmeLabel}</Badge> : null}
            {fees ? (
              <Badge tone={fees === "Paid" || fees === "Overpaid" ? "green" : "yellow"}>{`Fees: ${fees}`}</Badge>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <NotificationBell unseenCount={unseenCount} />
          <SignOutButton label="Logout" buttonClassName={buttonClass("secondary")} />
        </div>
      </div>
      <nav aria-label="Student portal" className="mx-auto max-w-6xl px-4 pb-3">
        <ul className="flex flex-wrap gap-1 sm:gap-2">
          {TABS.map((tab) => (
            <li key={tab.to} className="shrink-0">
              <NavLink to={tab.to} end={tab.end} className={tabClass} prefetch="intent">
                {tab.label}
              </NavLink>
            </li>
          ))}
          {showAdminTab ? (
            <li className="shrink-0">
              <NavLink to="/admin" className={tabClass}>
                Admin
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
