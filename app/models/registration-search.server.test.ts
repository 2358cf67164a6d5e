import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import {
  Registration,
  countRegistrationsByProgramme,
  listAdminRegistrations,
  registrationSearchText,
} from "./registration.server.ts";

function reg(i: number, over: Record<string, unknown>) {
  const at = new Date(Date.UTC(2026, 0, 1, 0, i));
  return {
    _id: `searchreg${String(i).padStart(4, "0")}`,
    reference: `searchref${i}`,
    parentName: `Parent ${i}`,
    whatsappNumber: `024000000${i}`,
    whatsappNumberNormalized: `+23324000000${i}`,
    wardName: `Ward ${i}`,
    wardNameKey: `ward ${i}`,
    wardWhatsapp: `055000000${i}`,
    wardWhatsappNormalized: `+23355000000${i}`,
    currentSchool: "Some School",
    wardForm: "form-1",
    specificClass: "1A",
    programme: "science",
    subjects: ["Physics"],
    subjectCount: 1,
    updateMode: ["sms"],
    referralName: "Someone",
    referralStatus: "friend",
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

useTestDatabase("registration_search_test");

beforeAll(async () => {
  await Registration.init(); // the schema's indexes, the text index included
  await Registration.collection.insertMany([
    reg(1, {
      parentName: "Ama Mensah",
      wardName: "Kofi Mensah",
      currentSchool: "Accra Academy",
      whatsappNumber: "024 123 4567",
      whatsappNumberNormalized: "+233241234567",
    }),
    reg(2, {
      parentName: "Yaa Asantewaa",
      wardName: "Ɛsi Ɔforiwaa",
      currentSchool: "Wesley Girls' High School",
      programme: "arts",
      subjects: ["Literature"],
    }),
    reg(3, {
      parentName: "Kwame Mensah",
      wardName: "Abena Mensah",
      currentSchool: "Achimota School",
      programme: "business",
    }),
  ] as never[]);
});

const search = async (q: string) => (await listAdminRegistrations({ q, page: 1, perPage: 25 })).items.map((r) => r._id);

describe("admin registrations search (registration_search text index)", () => {
  it("finds a phone number with or without the leading 0 or +233, with spaces or dashes", async () => {
    for (const q of ["0241234567", "+233241234567", "233241234567", "024 123 4567", "024-123-4567", "241234567"]) {
      expect({ q, ids: await search(q) }).toEqual({ q, ids: ["searchreg0001"] });
    }
    expect(await search("0559999999")).toEqual([]);
  });

  it("finds whole words of names, schools and subjects, every word required, any case and accent", async () => {
    expect(await search("mensah")).toEqual(["searchreg0003", "searchreg0001"]); // newest first
    expect(await search("MENSAH accra")).toEqual(["searchreg0001"]);
    expect(await search("ɛsi")).toEqual(["searchreg0002"]);
    expect(await search("ƆFORIWAA")).toEqual(["searchreg0002"]);
    expect(await search("wesley girls")).toEqual(["searchreg0002"]);
    expect(await search("literature")).toEqual(["searchreg0002"]);
    expect((await listAdminRegistrations({ q: "mensah", programme: "business", page: 1, perPage: 25 })).total).toBe(1);
  });

  it("treats quotes, minus signs and punctuation as text, never as operators", async () => {
    expect(registrationSearchText('"mensah" -kofi')).toBe('"mensah" "kofi"');
    expect(await search("-kofi")).toEqual(["searchreg0001"]);
    expect(await search("mensah.*(")).toEqual([]);
    expect(await search("?!")).toEqual([]);
  });

  it("counts registrations per programme in one aggregate", async () => {
    const { byProgramme, total } = await countRegistrationsByProgramme();
    expect(total).toBe(3);
    expect(byProgramme).toMatchObject({ science: 1, arts: 1, business: 1 });
  });
});
