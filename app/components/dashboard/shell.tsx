import { Link, useLocation } from "react-router";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import {
  bottomBarLinks,
  isActivePath,
  sidebarLinks,
  type DashboardLink,
  type DashboardPageKey,
} from "#app/components/dashboard/nav.ts";
import { NotificationBell } from "#app/components/dashboard/notification-bell.tsx";
import { ProfileMenu } from "#app/components/dashboard/profile-menu.tsx";
import { RoleBadge, type ShellUser } from "#app/components/dashboard/parts.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";

/** Counts beside sidebar links (e.g. evaluation forms still to answer). */
export type NavBadges = Partial<Record<DashboardPageKey, number>>;

function NavItem({
  link,
  pathname,
  compact = false,
  badge = 0,
}: {
  link: DashboardLink;
  pathname: string;
  compact?: boolean;
  badge?: number;
}) {
  const active = isActivePath(link.to, pathname);
  return (
    <Link
      to={link.to}
      aria-current={active ? "page" : undefined}
      className={
        compact
          ? `flex min-h-14 flex-col items-center justify-center px-0.5 text-center text-[11px] font-semibold leading-tight ${active ? "bg-brand-50 text-brand-800" : "text-gray-800"}`
          : "nav-link"
      }
    >
      {link.label}
      {badge > 0 ? (
        <span
          className={`${compact ? "" : "ml-2 "}inline-block rounded-full bg-red-700 px-2 text-xs font-bold text-white`}
        >
          {badge}
          <span className="sr-only"> to answer</span>
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The /dashboard/* shell (docs/product.md#screens): top bar (title, notification bell, Sign
 * Out, profile menu), the role's sidebar, and on small screens a menu with
 * the same actions plus a bottom bar with the first four links.
 */
export function DashboardShell({
  user,
  links: visible,
  unseenCount,
  badges = {},
  children,
}: {
  user: ShellUser;
  /** The pages this user may open (the dashboard layout's loader: nav.ts visibleLinks). */
  links: number;
  unseenCount: number;
  badges?: NavBadges;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const links = sidebarLinks(visible);
  const bottom = bottomBarLinks(visible);
  return (
    <div className="pb-20 md:pb-0">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/dashboard" className="text-lg font-bold text-brand-800">
            {SCHOOL_NAME} Dashboard
          </Link>
          <div className="flex items-center gap-2">
            <NotificationBell unseenCount={unseenCount} />
            <SignOutButton redirectTo="/" className="hidden md:block" />
            <div className="hidden md:block">
              <ProfileMenu user={user} />
            </div>
          </div>
        </div>
        <details className="border-t border-gray-200 md:hidden">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-gray-900">Menu</summary>
          <div className="space-y-4 px-4 pb-4">
            <div>
              <p className="font-semibold text-gray-900">{user.fullName}</p>
              {user.email ? <p className="text-sm text-gray-700">{user.email}</p> : null}
              <RoleBadge role={user.role} />
            </div>
            <nav aria-label="Dashboard menu">
              <ul className="space-y-1">
                {links.map((l) => (
                  <li key={l.to}>
                    <NavItem link={l} pathname={pathname} badge={badges[l.key]} />
                  </li>
                ))}
                <li>
                  <Link to="/profile" className="nav-link">
                    Profile
                  </Link>
                </li>
                <li>
                  <Link to="/settings" className="nav-link">
                    Settings
                  </Link>
                </li>
              </ul>
            </nav>
            <SignOutButton redirectTo="/" />
          </div>
        </details>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 md:flex md:gap-8">
        <nav aria-label="Dashboard" className="hidden md:block md:w-56 md:shrink-0">
          <ul className="space-y-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavItem link={l} pathname={pathname} badge={badges[l.key]} />
              </li>
            ))}
          </ul>
        </nav>
        {children}
      </div>
      <nav
        aria-label="Quick links"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white md:hidden"
      >
        <ul className="grid" style={{ gridTemplateColumns: `repeat(${bottom.length}, minmax(0, 1fr))` }}>
          {bottom.map((l) => (
            <li key={l.to}>
              <NavItem link={l} pathname={pathname} compact badge={badges[l.key]} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
