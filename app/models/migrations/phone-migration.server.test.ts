import { describe, expect, it } from "vitest";
import { storedUser, useTestDatabase } from "#tests/support/test-database.ts";
import { normalizeStoredPhones } from "#app/models/migrations/phone-migration.server.ts";
import { User } from "#app/models/user.server.ts";
import { Registration } from "#app/models/registration.server.ts";

useTestDatabase("phone_migration_test", { init: [User, Registration] });

const registration = (
  id: string,
  whatsappNumber: string,
  whatsappNumberNormalized: string,
  wardWhatsapp: string,
  wardWhatsappNormalized: string,
) => ({
  _id: id,
  reference: `ref-${id}`,
  parentName: "Ama Mensah",
  whatsappNumber,
  whatsappNumberNormalized,
  wardName: "Kojo Mensah",
  wardNameKey: `kojo mensah ${id}`,
  wardWhatsapp,
  wardWhatsappNormalized,
  currentSchool: "Accra Academy",
  wardForm: "form2",
  specificClass: "2A",
  programme: "general-science",
  subjects: ["Core Mathematics"],
  subjectCount: 1,
  updateMode: ["whatsapp"],
  referralName: "Mr Boateng",
  referralStatus: "teacher",
});

describe("normalizeStoredPhones", () => {
  it("rewrites numbers stored by the old rule and lists the ones it cannot parse", async () => {
    await User.collection.insertMany([
      storedUser("u1", "parent", "Old Rule", "+2330241234567"),
      storedUser("u2", "parent", "Abroad", "+233447911123456"),
      storedUser("u3", "parent", "Fine", "+233201234567"),
    ]);
    await Registration.collection.insertMany([
      registration("r1", "+233 024 123 4567", "+2330241234567", "0201112222", "+233201112222") as never,
      registration("r2", "12345", "+23312345", "0201113333", "+233201113333") as never,
    ]);

    const report = await normalizeStoredPhones();

    expect((await User.findById("u1").lean())?.phone).toBe("+233241234567");
    expect((await User.findById("u3").lean())?.phone).toBe("+233201234567");
    expect((await Registration.findById("r1").lean())?.whatsappNumberNormalized).toBe("+233241234567");
    // The admin search's phone key follows the number.
    expect((await Registration.findById("r1").lean())?.searchKeys).toContain("tel:1234567");
    expect(report.usersChanged).toBe(1);
    expect(report.registrationsChanged).toBe(1);
    expect(report.problems).toEqual([
      expect.objectContaining({ collection: "users", id: "u2", value: "+233447911123456" }),
      expect.objectContaining({ collection: "registrations", id: "r2", field: "whatsappNumber", value: "12345" }),
    ]);
    // Running it again changes nothing more.
    const again = await normalizeStoredPhones();
    expect(again.usersChanged + again.registrationsChanged).toBe(0);
  });
});
