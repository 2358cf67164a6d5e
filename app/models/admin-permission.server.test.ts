import { describe, expect, it } from "vitest";
import { storedUser, useTestDatabase } from "#tests/support/test-database.ts";
import {
  countOtherPermissionManagers,
  hasEveryPermission,
  setAdminPermissions,
} from "#app/models/admin-permission.server.ts";
import { User } from "#app/models/user.server.ts";
import { defaultPermissions } from "#app/domain/roles.ts";

useTestDatabase("permission_test");

describe("permission managers", () => {
  it("counts the other admins holding every flag (no row means every flag)", async () => {
    await User.collection.insertMany([
      storedUser("a1", "admin", "Admin One", "+233240000101"),
      storedUser("a2", "admin", "Admin Two", "+233240000102"),
      storedUser("p1", "parent", "Parent", "+233240000103"),
    ]);
    expect(await countOtherPermissionManagers("a1")).toBe(1);
    await setAdminPermissions("a2", { can_access_subjects: false });
    // a1 is now the last admin able to manage permissions.
    expect(await countOtherPermissionManagers("a1")).toBe(0);
    expect(await countOtherPermissionManagers("a2")).toBe(1);
    expect(hasEveryPermission(defaultPermissions("admin"))).toBe(true);
    expect(hasEveryPermission({ ...defaultPermissions("admin"), can_view_portal: false })).toBe(false);
  });
});
