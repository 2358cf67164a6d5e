import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { Registration } from "#app/models/registration.server.ts";
import { User } from "#app/models/user.server.ts";
import { PHONE_TAKEN, createAccount } from "#app/services/people/accounts.server.ts";

useTestDatabase("accounts_test", { init: [Registration, User] });

const account = (phone: string, role: "parent" | "student" | "facilitator" = "parent") => ({
  role,
  phone,
  fullName: "Ama Mensah",
  displayName: null,
  email: null,
  password: "a long enough secret 42",
});

describe("createAccount", () => {
  it("makes one account per phone, however the number is written, also when two sign-ups race", async () => {
    const results = await Promise.all([createAccount(account("0241110001")), createAccount(account("+233241110001"))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, status: 400, field: "phone", message: PHONE_TAKEN });
    expect(await User.countDocuments({ phone: "+233241110001" })).toBe(1);
  });

  it("keeps a facilitator waiting for the office, and tells a parent of a registration on their number", async () => {
    const facilitator = await createAccount(account("0241110002", "facilitator"));
    expect(facilitator).toMatchObject({ ok: true, unlinked: false });
    expect(await User.findOne({ phone: "+233241110002" }).lean()).toMatchObject({ pendingApproval: true });

    const reg = registrationDoc(1);
    await Registration.create(reg);
    expect(await createAccount(account(String(reg.whatsappNumberNormalized)))).toMatchObject({
      ok: true,
      unlinked: true,
    });
    expect(await createAccount(account("0241110003"))).toMatchObject({ ok: true, unlinked: false });
  });
});
