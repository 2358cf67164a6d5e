import mongoose from "mongoose";
import { expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { CLAIM_CODE_ROTATION, rotateExposedClaimCodes } from "#app/models/migrations/claim-code-rotation.server.ts";
import { Registration, wardNameKey } from "#app/models/registration.server.ts";

useTestDatabase("claim_code_rotation_test", { init: [Registration] });

function registration(i: number, extra: Record<string, unknown> = {}) {
  const phone = `+23324555${String(i).padStart(4, "0")}`;
  return {
    parentName: "Parent",
    whatsappNumber: phone,
    whatsappNumberNormalized: phone,
    wardName: `Ward ${i}`,
    wardNameKey: wardNameKey(`Ward ${i}`),
    wardWhatsapp: phone,
    wardWhatsappNormalized: phone,
    currentSchool: "School",
    wardForm: "form-2" as const,
    specificClass: "2S1",
    programme: "science" as const,
    subjects: ["Mathematics"],
    subjectCount: 1,
    updateMode: ["whatsapp" as const],
    referralName: "Referee",
    referralStatus: "teacher" as const,
    ...extra,
  };
}

it("replaces every existing claim code once per database, keeping the links already made", async () => {
  const made = await Registration.create([
    registration(1),
    registration(2, { parentUserId: "parent-1" }),
    registration(3, { claimCode: null }),
  ]);
  const before = new Map(made.map((r) => [String(r._id), r.claimCode]));

  expect(await rotateExposedClaimCodes()).toBe(2);
  const after = await Registration.find().select("_id claimCode parentUserId").lean();
  for (const r of after) {
    if (before.get(String(r._id)) === null) expect(r.claimCode).toBeNull();
    else {
      expect(r.claimCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(r.claimCode).not.toBe(before.get(String(r._id)));
    }
  }
  expect(after.find((r) => r.parentUserId)?.parentUserId).toBe("parent-1");
  expect(
    await mongoose.connection.collection("migrations").findOne({ _id: CLAIM_CODE_ROTATION as never }),
  ).toMatchObject({ rotated: 2 });

  // A later start changes nothing, and registrations made since keep their codes.
  const later = await Registration.create(registration(4));
  expect(await rotateExposedClaimCodes()).toBeNull();
  expect((await Registration.findById(later._id).lean())!.claimCode).toBe(later.claimCode);
});
