import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import {
  Registration,
  countRegistrationsByProgramme,
  listAdminRegistrations,
} from "#app/models/registration.server.ts";
import { backfillSearchKeys, rewriteSearchKeys } from "#app/models/migrations/search-keys-migration.server.ts";

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
  await Registration.init(); // the schema's indexes
  // Stored as an earlier version did, without search keys: the start-up backfill writes them.
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
      whatsappNumber: "020 555 0722",
      whatsappNumberNormalized: "+233205550722",
    }),
  ] as never[]);
  expect(await backfillSearchKeys()).toBe(3);
  expect(await backfillSearchKeys(), "once per database").toBeNull();
  // Every registration's keys rewritten once as this version makes them (the school's starts, the last 4 digits).
  expect(await rewriteSearchKeys()).toBe(3);
  expect(await rewriteSearchKeys(), "once per database").toBeNull();
});

const search = async (q: string) => (await listAdminRegistrations({ q, page: 1, perPage: 25 })).items.map((r) => r._id);

describe("admin registrations search (app/domain/registration-search.ts)", () => {
  it("finds a phone number however it is written, and by the digits people quote", async () => {
    for (const q of ["0241234567", "+233241234567", "233241234567", "024 123 4567", "024-123-4567", "241234567"]) {
      expect({ q, ids: await search(q) }).toEqual({ q, ids: ["searchreg0001"] });
    }
    expect(await search("555 0722")).toEqual(["searchreg0003"]);
    // The last 4 digits, as a parent reads the end of the number out.
    expect(await search("0722")).toEqual(["searchreg0003"]);
    expect(await search("5550722")).toEqual(["searchreg0003"]);
    expect(await search("0559999999")).toEqual([]);
  });

  it("finds the start of a name, every word required, any case and accent", async () => {
    expect(await search("mensah")).toEqual(["searchreg0003", "searchreg0001"]); // newest first
    expect(await search("Mens")).toEqual(["searchreg0003", "searchreg0001"]);
    expect(await search("MENSAH accra")).toEqual(["searchreg0001"]);
    expect(await search("ko mens")).toEqual(["searchreg0001"]);
    expect(await search("ɛsi")).toEqual(["searchreg0002"]);
    expect(await search("Ɔfori")).toEqual(["searchreg0002"]);
    expect(await search("wesley girls")).toEqual(["searchreg0002"]);
    // A school's start, every word of it.
    expect(await search("Achimota Sch")).toEqual(["searchreg0003"]);
    expect(await search("achi")).toEqual(["searchreg0003"]);
    expect((await listAdminRegistrations({ q: "mens", programme: "business", page: 1, perPage: 25 })).total).toBe(1);
  });

  it("finds programme and subject labels by a word's start, and a reference exactly", async () => {
    expect(await search("PHYS")).toEqual(["searchreg0003", "searchreg0001"]);
    expect(await search("literat")).toEqual(["searchreg0002"]);
    expect(await search("General Science")).toEqual(["searchreg0001"]);
    expect(await search("science")).toEqual(["searchreg0001"]);
    expect(await search("busin")).toEqual(["searchreg0003"]);
    expect(await search("SEARCHREF2")).toEqual(["searchreg0002"]);
    expect(await search("searchref")).toEqual([]);
  });

  it("treats quotes, minus signs and punctuation as text, never as operators", async () => {
    expect(await search('"mensah" -kofi')).toEqual(["searchreg0001"]);
    expect(await search("mensah.*(")).toEqual(["searchreg0003", "searchreg0001"]);
    expect(await search("?!")).toEqual([]);
    expect(await search("k")).toEqual([]);
  });

  it("counts registrations per programme in one aggregate", async () => {
    const { byProgramme, total } = await countRegistrationsByProgramme();
    expect(total).toBe(3);
    expect(byProgramme).toMatchObject({ science: 1, arts: 1, business: 1 });
  });
});
