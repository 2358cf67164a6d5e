import { Form } from "react-router";
import { ROLE_LABELS, effectiveRole, roleBadgeClass } from "#app/domain/roles.ts";

export type ShellUser = { fullName: string; displayName: string | null; email: string | null; role: string };

export function RoleBadge({ role }: { role: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadgeClass(role)}`}>
      {ROLE_LABELS[effectiveRole(role)]}
    </span>
  );
}

/** docs/product.md#screens: from the dashboard shell, sign-out goes to /. */
export function SignOutForm({ className = "", label = "Sign Out" }: { className?: string; label?: string }) {
  return (
    <Form method="post" action="/sign-out" className={className}>
      <input type="hidden" name="redirectTo" value="/" />
      <button type="submit" className="min-h-11 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50">
        {label}
      </button>
    </Form>
  );
}

