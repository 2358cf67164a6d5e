import { NavLink } from "react-router";
import { SETTINGS_TABS } from "#app/forms/admin-settings.schema.ts";

/** The Settings tabs: the four settings forms, then Fees (its own route, settings-fees.tsx). */
export const SETTINGS_NAV = [
  ...SETTINGS_TABS,
  { tab: "fees", label: "Fees", path: "/admin/settings/fees" },
  { tab: "ussd", label: "USSD & SMS", path: "/admin/settings/ussd" },
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
