import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { Registration, wardNameKey } from "#app/models/registration.server.ts";
import { loadOwnedRegistration } from "#app/routes/student/+shared/portal.server.ts";

useTestDatabase("student_portal_test", { init: [Registration] });

let n = 0;
async function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  const wardName = `Ward ${n}`;
  return Registration.create({
    parentName: "Parent",
    whatsappNumber: "0240000000",
    whatsappNumberNormalized: "+233240000000",
    wardName,
    wardNameKey: wardNameKey(wardName),
    wardWhatsapp: `05000000${String(n).padStart(2, "0")}`,
    wardWhatsappNormalized: `+2335000000${String(n).padStart(2, "0")}`,
    currentSchool: "School",
    wardForm: "form-1",
    specificClass: "1A",
    programme: "science",
    subjects: ["Physics"],
    subjectCount: 1,
    updateMode: ["whatsapp"],
    referralName: "Referee",
    referralStatus: "friend",
    ...overrides,
  });
}

describe("loadOwnedRegistration", () => {
  it("finds the student's registration by their phone as the ward's WhatsApp number", async () => {
    const r = await registration({ subjects: ["Physics", "Biology"] });
    const found = await loadOwnedRegistration({
      _id: "someuserid",
      phone: r.wardWhatsappNormalized,
      role: "student",
      phoneVerifiedAt: new Date(),
    } as never);
    expect(found).toMatchObject({
      id: r._id,
      wardName: r.wardName,
      programmeLabel: "General Science",
      subjects: ["Physics", "Biology"],
      classPagesOpenedAt: null,
    });
  });

  it("returns null when nothing matches", async () => {
    expect(await loadOwnedRegistration({ _id: "nobody", phone: "+233599999999", role: "student" } as never)).toBeNull();
  });
});
