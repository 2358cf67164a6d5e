import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { countOtherPermissionManagers, hasEveryPermission, setAdminPermissions } from "./admin-permission.server.ts";
import { User } from "./user.server.ts";
import { defaultPermissions } from "#app/domain/roles.ts";

useTestDatabase("permission_test");

describe("permission managers", () => {
  it("counts the other admins holding every flag (no row means every flag)", async () => {
    await User.collection.insertMany([
      { _id: "a1", role: "admin", fullName: "Admin One", phone: "+233240000101", passwordHash: "x" } as never,
      { _id: "a2", role: "admin", fullName: "Admin Two", phone: "+233240000102", passwordHash: "x" } as never,
      { _id: "p1", role: "parent", fullName: "Parent", phone: "+233240000103", passwordHash: "x" } as never,
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
