import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { Section } from "#app/components/ui/section.tsx";
import { SETTINGS_TABS } from "#app/forms/admin-settings.schema.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

/** The Settings tabs: the four settings forms, then Fees (its own route, settings-fees.tsx). */
export const SETTINGS_NAV = [
  ...SETTINGS_TABS,
  { tab: "fees", label: "Fees", path: "/admin/settings/fees" },
  { tab: "ussd", label: "USSD & SMS", path: "/admin/settings/ussd" },
  { tab: "wording", label: "Message wording", path: "/admin/settings/wording" },
] as const;

export function SettingsNav() {
  return (
    <nav aria-label="Settings sections">
      <ul className="flex flex-wrap gap-2 rounded-lg bg-gray-200 p-1">
        {SETTINGS_NAV.map((t) => (
          <li key={t.tab}>
            <NavLink
              to={t.path}
              end
              className={({ isActive }) =>
                `block rounded-md px-4 py-2 text-sm font-semibold ${isActive ? "bg-white text-gray-900 shadow" : "text-gray-800 hover:bg-gray-100"}`
              }
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every settings page: the heading, the tabs, then the tab's card (`title`) and what follows it. */
export function SettingsPage({ title, children, after }: { title: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <AdminPage title="Settings">
      <SettingsNav />
      <Section
        id="settings-tab-heading"
        title={title}
        className="max-w-2xl space-y-4 rounded-xl border border-gray-200 bg-white p-6"
        headingClassName="text-lg font-semibold text-gray-900"
      >
        {children}
      </Section>
      {after}
    </AdminPage>
  );
}
