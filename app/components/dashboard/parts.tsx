import { ROLE_LABELS, effectiveRole, roleBadgeClass } from "#app/domain/roles.ts";

export type ShellUser = { fullName: string; displayName: string | null; email: string | null; role: string };

export function RoleBadge({ role }: { role: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${roleBadgeClass(role)}`}>
      {ROLE_LABELS[effectiveRole(role)]}
    </span>
  );
}
