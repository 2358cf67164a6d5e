import { Schema } from "mongoose";
import { ADMIN_PERMISSION_FLAGS, defaultPermissions, type AdminPermissions } from "#app/domain/roles.ts";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const flags = Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((f) => [f, { type: Boolean, default: true }]));

/** One row per admin user (docs/product.md#data admin_permissions). */
const adminPermissionSchema = new Schema(
  { _id: idField, userId: { type: String, required: true }, ...flags },
  { timestamps: true, collection: "admin_permissions" },
);
adminPermissionSchema.index({ userId: 1 }, { unique: true });

type AdminPermissionDoc = AdminPermissions & { _id: string; userId: string };
export const AdminPermission = defineModel<AdminPermissionDoc>("AdminPermission", adminPermissionSchema);

/**
 * docs/product.md#roles-and-permissions: an admin without a row gets every flag; a non-admin gets none.
 * If the lookup fails, the defaults stay (for admins only).
 */
export async function getAdminPermissions(userId: string, role: string): Promise<AdminPermissions> {
  const defaults = defaultPermissions(role);
  if (role !== "admin") return defaults;
  try {
    const row = await AdminPermission.findOne({ userId: String(userId) }).lean();
    if (!row) return defaults;
    return Object.fromEntries(
      ADMIN_PERMISSION_FLAGS.map((f) => [f, typeof row[f] === "boolean" ? row[f] : defaults[f]]),
    ) as AdminPermissions;
  } catch {
    // Fail closed: a database error never grants a permission.
    return defaultPermissions(null);
  }
}

export async function setAdminPermissions(userId: string, permissions: Partial<AdminPermissions>) {
  const $set = Object.fromEntries(
    ADMIN_PERMISSION_FLAGS.filter((f) => typeof permissions[f] === "boolean").map((f) => [f, permissions[f]]),
  );
  await AdminPermission.updateOne({ userId: String(userId) }, { $set }, { upsert: true });
}

/** Every flag on: such an admin manages permissions (app/routes/admin/user-permissions.tsx). */
export function hasEveryPermission(permissions: AdminPermissions): boolean {
  return ADMIN_PERMISSION_FLAGS.every((f) => permissions[f] === true);
}

/** How many admins other than `exceptUserId` have every permission (an admin without a row has every flag). */
export async function countOtherPermissionManagers(exceptUserId: string): Promise<number> {
  const { User } = await import("#app/models/user.server.ts");
  const admins = await User.find({ role: "admin", _id: { $ne: String(exceptUserId) } })
    .select("_id")
    .limit(10_000)
    .lean<{ _id: string }[]>();
  if (admins.length === 0) return 0;
  const rows = await AdminPermission.find({ userId: { $in: admins.map((a) => a._id) } }).lean<AdminPermissionDoc[]>();
  const limited = new Set(rows.filter((r) => ADMIN_PERMISSION_FLAGS.some((f) => r[f] === false)).map((r) => r.userId));
  return admins.filter((a) => !limited.has(a._id)).length;
}
