import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  RouterProvider,
  Separator,
} from "react-aria-components";
import { Link, useHref, useNavigate, useSubmit } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { RoleBadge, type ShellUser } from "#app/components/dashboard/parts.tsx";
import { SignOutButton } from "#app/components/sign-out-button.tsx";

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");
}

const itemClass =
  "block cursor-pointer rounded px-3 py-2 text-sm text-gray-900 outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-800";

/**
 * docs/product.md#screens profile menu: name, email, role badge, Profile, Settings, Log out.
 * With JavaScript a react-aria menu (keyboard and screen-reader menu
 * semantics); without it a native disclosure holding plain links and the
 * sign-out form.
 */
export function ProfileMenu({ user }: { user: ShellUser }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const avatar = (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
    >
      {initials(user.fullName)}
    </span>
  );
  if (!hydrated) {
    return (
      <details className="relative">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-2 hover:bg-gray-100">
          {avatar}
          <span className="text-sm font-semibold text-gray-900">Profile menu</span>
        </summary>
        <div className="absolute right-0 z-50 mt-2 w-64 space-y-2 rounded-lg border border-gray-200 bg-white p-3 shadow-lg">
          <p className="font-semibold text-gray-900">{user.fullName}</p>
          {user.email ? <p className="break-all text-sm text-gray-700">{user.email}</p> : null}
          <RoleBadge role={user.role} />
          <ul className="border-t border-gray-200 pt-2">
            <li>
              <Link to="/profile" className={itemClass}>
                Profile
              </Link>
            </li>
            <li>
              <Link to="/settings" className={itemClass}>
                Settings
              </Link>
            </li>
          </ul>
          <SignOutButton redirectTo="/" label="Log out" />
        </div>
      </details>
    );
  }
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      <MenuTrigger>
        <Button className="flex min-h-11 items-center gap-2 rounded-md px-2 outline-none hover:bg-gray-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600">
          {avatar}
          <span className="text-sm font-semibold text-gray-900">{user.displayName || user.fullName}</span>
          <span className="sr-only">, profile menu</span>
        </Button>
        <Popover placement="bottom end" className="w-64 rounded-lg border border-gray-200 bg-white p-2 shadow-lg">
          <Menu
            aria-label="Profile menu"
            className="outline-none"
            onAction={(key) => {
              if (key === "logout") submit({ redirectTo: "/" }, { method: "post", action: "/sign-out" });
            }}
          >
            <MenuSection>
              <Header className="px-3 py-2">
                <span className="block font-semibold text-gray-900">{user.fullName}</span>
                {user.email ? <span className="block break-all text-sm text-gray-700">{user.email}</span> : null}
                <RoleBadge role={user.role} />
              </Header>
              <MenuItem id="profile" href="/profile" className={itemClass}>
                Profile
              </MenuItem>
              <MenuItem id="settings" href="/settings" className={itemClass}>
                Settings
              </MenuItem>
            </MenuSection>
            <Separator className="my-1 border-t border-gray-200" />
            <MenuItem id="logout" className={itemClass}>
              Log out
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  );
}
