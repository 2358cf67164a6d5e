export const ROLES = ["admin", "student", "parent", "facilitator"] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may give themselves. Admins come only from create-admin or the seed (docs/product.md#departures). */
export const SELF_SIGNUP_ROLES = ["student", "parent", "facilitator"] as const;

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  student: "Student",
  parent: "Parent",
  facilitator: "Facilitator",
};

/** A user with no (or an unknown) role is treated as a student (docs/product.md#roles-and-permissions). */
export function effectiveRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? "") ? (role as Role) : "student";
}

/** Where a user lands after signing in (docs/product.md#behaviour). */
export function homePathForRole(role: string | null | undefined): string {
  switch (role) {
    case "admin":
      return "/admin";
    case "student":
      return "/student-dashboard";
    case "parent":
      return "/parent-dashboard";
    case "facilitator":
      return "/facilitator-dashboard";
    default:
      return "/dashboard";
  }
}

/** Role badge colours (docs/product.md#screens): admin red, facilitator blue, parent green, other grey. */
export function roleBadgeClass(role: string | null | undefined): string {
  switch (role) {
    case "admin":
      return "bg-red-100 text-red-800";
    case "facilitator":
      return "bg-blue-100 text-blue-800";
    case "parent":
      return "bg-green-100 text-green-800";
    default:
      return "bg-gray-100 text-gray-800";
  }
}

export const ADMIN_PERMISSION_FLAGS = [
  "can_view_portal",
  "can_edit_users",
  "can_edit_settings",
  "can_access_communications",
  "can_access_registrations",
  "can_access_subjects",
  "can_access_whatsapp",
  /** Record, confirm, reject and void payments; adjust amounts due. */
  "can_manage_payments",
  /** Evaluation forms: build them, read their results and reminders, export and delete them. */
  "can_manage_evaluations",
  /** Admin → Messages: every SMS and e-mail the portal sent or will send (one-time codes included), Retry. */
  "can_view_messages",
] as const;
export type AdminPermissionFlag = (typeof ADMIN_PERMISSION_FLAGS)[number];
export type AdminPermissions = Record<AdminPermissionFlag, boolean>;

/**
 * docs/product.md#roles-and-permissions: every flag defaults to true for an admin without a permission row;
 * every check is false for a non-admin.
 */
export function defaultPermissions(role: string | null | undefined): AdminPermissions {
  const value = role === "admin";
  return Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, value])) as AdminPermissions;
}

/**
 * Whether the portal's sign-up asks for an e-mail: not of students, nor of parents, many of whom have none (a
 * departure from the spec, docs/product.md); facilitators give one.
 */
export const emailRequiredFor = (role: string | null | undefined) => role !== "student" && role !== "parent";
