import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import {
  Registration,
  countRegistrationsByProgramme,
  countActiveStudents,
  deleteAllRegistrations,
  deleteRegistrationById,
  setWithdrawn,
} from "#app/models/registration.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { countFacilitatorStudents, listFacilitatorStudents } from "#app/models/facilitator.server.ts";

useTestDatabase("withdraw_test", { init: [Registration, Payment] });

let n = 0;
async function registration(paid: boolean) {
  n += 1;
  const reg = await Registration.create(
    registrationDoc(n, {
      vacation: "2026 Christmas vacation",
      amountDue: 45000,
      amountPaid: paid ? 45000 : 0,
      subjects: ["Mathematics", "Physics"],
    }),
  );
  if (paid)
    await Payment.create({
      registrationId: String(reg._id),
      season: "2026",
      amount: 45000,
      method: "cash",
      referenceKey: `free:${reg._id}`,
      paidOn: new Date(),
      state: "confirmed",
      source: "admin",
      receiptNumber: n,
    });
  return String(reg._id);
}

describe("a registration with confirmed payments", () => {
  it("cannot be deleted, alone or by Delete All; one without is deleted", async () => {
    const paid = await registration(true);
    const unpaid = await registration(false);
    expect(await deleteRegistrationById(paid)).toBe("paid");
    expect(await deleteRegistrationById(unpaid)).toBe("deleted");
    expect(await deleteRegistrationById(unpaid)).toBe("missing");
    await registration(false);
    expect(await deleteAllRegistrations()).toEqual({ deleted: 1, kept: 1 });
    expect(await Registration.exists({ _id: paid })).toBeTruthy();
  });

  it("is withdrawn instead: out of rosters and counts, payments kept; enrolled again, back in", async () => {
    await Registration.deleteMany({});
    const paid = await registration(true);
    await registration(false);
    const before = await countRegistrationsByProgramme();
    expect(before.total).toBe(2);
    // Kept per process until a registration changes: each change below is seen at once.
    expect(await countActiveStudents("2026 Christmas vacation")).toBe(2);
    expect(await countFacilitatorStudents(["Mathematics"])).toBe(2);
    await setWithdrawn(paid, "Moved to another school");
    expect((await countRegistrationsByProgramme()).total).toBe(1);
    expect(await countActiveStudents("2026 Christmas vacation")).toBe(1);
    expect(await countActiveStudents("2026 Easter vacation")).toBe(0);
    expect(await countFacilitatorStudents(["Mathematics"])).toBe(1);
    const roster = await listFacilitatorStudents({ subjectNames: ["Mathematics"] });
    expect(roster.rows.map((r) => String(r._id))).not.toContain(paid);
    expect(await Payment.countDocuments({ registrationId: paid, state: "confirmed" })).toBe(1);
    await setWithdrawn(paid, null);
    expect((await countRegistrationsByProgramme()).total).toBe(2);
    expect(await countFacilitatorStudents(["Mathematics"])).toBe(2);
    expect(await countActiveStudents("2026 Christmas vacation")).toBe(2);
  });
});
