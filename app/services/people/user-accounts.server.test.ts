import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { User } from "#app/models/user.server.ts";
import type { Role } from "#app/domain/roles.ts";
import { Session } from "#app/models/session.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { AdminPermission } from "#app/models/admin-permission.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { changeRole, createAccount, deleteAccount, setDisabled } from "#app/services/people/user-accounts.server.ts";

useTestDatabase("user_accounts_test", { init: [User, Session, AuditLog, AdminPermission, Registration, Subject] });

let n = 0;
async function account(role: Role, extra: Record<string, unknown> = {}) {
  n += 1;
  const user = await User.create({
    role,
    phone: `+23324${String(1000000 + n).padStart(7, "0")}`,
    fullName: `Person ${n}`,
    passwordHash: "x",
    ...extra,
  });
  return String(user._id);
}
const activeAdmins = () => User.countDocuments({ role: "admin", disabledAt: null });

describe("user accounts", () => {
  it("never leaves the school without an admin who can sign in, even when two admins turn each other off at once", async () => {
    await User.deleteMany({ role: "admin" });
    const [a, b] = [await account("admin"), await account("admin")];
    const outcomes = await Promise.all([
      setDisabled({ id: a, mayManageAdmins: true }, b, true),
      setDisabled({ id: b, mayManageAdmins: true }, a, true),
    ]);
    expect(await activeAdmins()).toBeGreaterThanOrEqual(1);
    expect(outcomes.some((o) => !o.ok && /last admin/.test(o.message))).toBe(true);

    // The last admin is neither demoted nor turned off (here by whoever else: an actor that is not one of them).
    // (Both may have been refused: each saw the other's change. Then one admin alone, for what follows.)
    await User.deleteMany({ role: "admin" });
    const last = { _id: await account("admin") };
    const outsider = { id: await account("parent"), mayManageAdmins: true };
    expect(await changeRole(outsider, String(last._id), "parent")).toMatchObject({
      message: expect.stringMatching(/last admin/),
    });
    expect(await setDisabled(outsider, String(last._id), true)).toMatchObject({
      message: expect.stringMatching(/last admin/),
    });
    expect(await User.findById(last._id).lean()).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("an admin acts neither on their own account nor, without every permission, on another admin's", async () => {
    const [a, b] = [await account("admin"), await account("admin")];
    expect(await setDisabled({ id: a, mayManageAdmins: true }, a, true)).toMatchObject({ status: 403 });
    expect(await changeRole({ id: a, mayManageAdmins: false }, b, "parent")).toMatchObject({ status: 403 });
    expect(await User.findById(b).lean()).toMatchObject({ role: "admin" });
  });

  it("turning an account off ends its sessions; a demoted admin loses the permissions row; each change is audited", async () => {
    const actor = { id: await account("admin"), mayManageAdmins: true };
    const parent = await account("parent");
    await Session.create({ userId: parent, expiresAt: new Date(Date.now() + 60_000) });
    expect(await setDisabled(actor, parent, true)).toEqual({ ok: true });
    expect(await Session.countDocuments({ userId: parent })).toBe(0);
    expect(await setDisabled(actor, parent, false)).toEqual({ ok: true });
    expect((await User.findById(parent).lean())!.disabledAt).toBeNull();

    const other = await account("admin");
    await AdminPermission.create({ userId: other, can_edit_users: false });
    expect(await changeRole(actor, other, "facilitator")).toEqual({ ok: true, changed: true });
    expect(await AdminPermission.countDocuments({ userId: other })).toBe(0);
    const actions = (await AuditLog.find({ actorId: actor.id }).sort({ createdAt: 1 }).lean()).map((e) => e.action);
    expect(actions).toEqual(["user.disable", "user.enable", "user.role"]);
  });

  it("keeps accounts the records name: no delete, and no role change while named in that role", async () => {
    const actor = { id: await account("admin"), mayManageAdmins: true };
    const parent = await account("parent");
    await Registration.create(registrationDoc(900 + n, { parentUserId: parent }));
    expect(await changeRole(actor, parent, "student")).toMatchObject({
      status: 409,
      message: expect.stringMatching(/1 registration as parent/),
    });
    expect(await deleteAccount(actor, parent)).toMatchObject({ status: 409 });
    const teacher = await account("facilitator");
    await Subject.create({ name: `Subject ${n}`, facilitatorId: teacher });
    expect(await changeRole(actor, teacher, "parent")).toMatchObject({
      status: 409,
      message: expect.stringMatching(/1 subject taught/),
    });

    // A parent whose number is proven owns the registrations that give it, linked or not.
    const byPhone = await account("parent", { phoneVerifiedAt: new Date() });
    const phone = (await User.findById(byPhone).lean())!.phone;
    await Registration.create(registrationDoc(950 + n, { whatsappNumber: phone, whatsappNumberNormalized: phone }));
    expect(await changeRole(actor, byPhone, "student")).toMatchObject({ status: 409 });

    // A demo account turned off because its password is published stays off.
    const demo = await account("parent", { disabledAt: new Date(), disabledBy: "demo" });
    expect(await setDisabled(actor, demo, false)).toMatchObject({ status: 409 });

    const mistaken = await account("student");
    await Session.create({ userId: mistaken, expiresAt: new Date(Date.now() + 60_000) });
    expect(await deleteAccount(actor, mistaken)).toMatchObject({ ok: true });
    expect(await User.countDocuments({ _id: mistaken })).toBe(0);
    expect(await Session.countDocuments({ userId: mistaken })).toBe(0);
    expect(await deleteAccount(actor, actor.id)).toMatchObject({ status: 403 });
  });

  it("adds an account nobody can sign in to until a password is set, and refuses a phone already in use", async () => {
    const actor = { id: await account("admin"), mayManageAdmins: true };
    const made = await createAccount(actor, { role: "parent", fullName: "Akua Boateng", phone: "055 987 6543" });
    expect(made).toMatchObject({ id: expect.any(String) });
    const stored = (await User.findOne({ phone: "+233559876543" }).select("+passwordHash role").lean())!;
    expect(stored.role).toBe("parent");
    expect(stored.passwordHash).toMatch(/\S{20,}/);
    expect(await createAccount(actor, { role: "student", fullName: "Other", phone: "+233559876543" })).toEqual({
      phoneTaken: true,
    });
  });
});
