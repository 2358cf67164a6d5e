import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacationOfNow } from "#tests/support/registration-doc.ts";
import {
  WhatsappGroup,
  findParentGroupForProgramme,
  forgetClassPages,
  getGroupsForSubjects,
} from "#app/models/whatsapp-group.server.ts";

useTestDatabase("whatsapp_group_test");

beforeEach(async () => {
  await WhatsappGroup.deleteMany({});
});

let minute = 0;
/** Inserts groups in order, each one minute newer than the previous. */
async function insert(
  groups: Array<{ subjectName: string; programme: string; groupType: string; whatsappLink?: string }>,
) {
  const docs = groups.map((g) => {
    minute += 1;
    const at = new Date(Date.UTC(2026, 0, 1, 0, minute));
    return {
      _id: `g${minute}x${g.subjectName.replace(/\W/g, "")}`.toLowerCase(),
      whatsappLink: "https://chat.whatsapp.com/x",
      vacations: ["2026 Christmas vacation"],
      ...g,
      createdAt: at,
      updatedAt: at,
    };
  });
  await WhatsappGroup.collection.insertMany(docs as never[]);
  // Written past the model, as another instance would: the copies this process keeps for a second are dropped.
  forgetClassPages();
}

describe("findParentGroupForProgramme (docs/product.md#integrations)", () => {
  it("for a science programme takes the newest parent group of a science programme", async () => {
    await insert([
      { subjectName: "Old Science Parents", programme: "science", groupType: "parent" },
      { subjectName: "Science Parents", programme: "science", groupType: "parent" },
      { subjectName: "All Parents", programme: "general", groupType: "parent" },
      { subjectName: "Arts Parents", programme: "arts", groupType: "parent" },
      { subjectName: "Physics", programme: "science", groupType: "student" },
    ]);
    expect((await findParentGroupForProgramme("science"))?.subjectName).toBe("Science Parents");
  });

  it("counts a group whose subject name contains 'parent' (any case) as a parent group", async () => {
    await insert([
      { subjectName: "Science Parents", programme: "science", groupType: "parent" },
      { subjectName: "PARENTS of science wards", programme: "Science Extra", groupType: "student" },
    ]);
    expect((await findParentGroupForProgramme("General Science"))?.subjectName).toBe("PARENTS of science wards");
  });

  it("for any other programme excludes science groups, however new, and takes the newest of the rest", async () => {
    await insert([
      { subjectName: "Arts Parents", programme: "arts", groupType: "parent" },
      { subjectName: "Business Parents", programme: "business", groupType: "parent" },
      { subjectName: "Science Parents", programme: "science", groupType: "parent" },
    ]);
    expect((await findParentGroupForProgramme("home-economics"))?.subjectName).toBe("Business Parents");
  });

  it("prefers the programme's own parents group over a newer one of another programme", async () => {
    await insert([
      { subjectName: "Arts Parents", programme: "arts", groupType: "parent" },
      { subjectName: "Business Parents", programme: "business", groupType: "parent" },
    ]);
    expect((await findParentGroupForProgramme("arts"))?.subjectName).toBe("Arts Parents");
    expect((await findParentGroupForProgramme("business"))?.subjectName).toBe("Business Parents");
  });

  it("falls back to a programme containing 'general' or 'all' when no science parent group exists", async () => {
    await insert([
      { subjectName: "General Parents", programme: "General", groupType: "parent" },
      { subjectName: "Everyone Parents", programme: "all-programmes", groupType: "parent" },
      { subjectName: "Arts Parents", programme: "arts", groupType: "parent" },
    ]);
    expect((await findParentGroupForProgramme("science"))?.subjectName).toBe("Everyone Parents");
  });

  it("then falls back to any parent group, newest first", async () => {
    await insert([
      { subjectName: "Arts Parents", programme: "arts", groupType: "parent" },
      { subjectName: "Business Parents", programme: "business", groupType: "parent" },
    ]);
    expect((await findParentGroupForProgramme("science"))?.subjectName).toBe("Business Parents");
    await WhatsappGroup.deleteMany({});
    await insert([{ subjectName: "Science Parents", programme: "science", groupType: "parent" }]);
    expect((await findParentGroupForProgramme("arts"))?.subjectName).toBe("Science Parents");
  });

  it("returns null when there is no parent group, ignoring class pages", async () => {
    await insert([{ subjectName: "Mathematics", programme: "science", groupType: "student" }]);
    expect(await findParentGroupForProgramme("science")).toBeNull();
    expect(await findParentGroupForProgramme("")).toBeNull();
  });

  it("treats the programme as text, never as a query operator", async () => {
    await insert([{ subjectName: "Arts Parents", programme: "arts", groupType: "parent" }]);
    const hostile = { $ne: null } as unknown as string;
    expect((await findParentGroupForProgramme(hostile))?.subjectName).toBe("Arts Parents");
  });
});

beforeAll(() => insertVacationOfNow("2026 Christmas vacation"));

describe("getGroupsForSubjects (docs/product.md#integrations)", () => {
  it("reads the programme's groups among the subjects, ordered by subject, optionally of one type", async () => {
    await insert([
      { subjectName: "Physics", programme: "science", groupType: "student" },
      { subjectName: "Biology", programme: "science", groupType: "student" },
      { subjectName: "Physics", programme: "science", groupType: "subject" },
      { subjectName: "Chemistry", programme: "science", groupType: "student" },
      { subjectName: "Physics", programme: "arts", groupType: "student" },
    ]);
    const ward = { programme: "science", subjects: ["Physics", "Biology"], vacation: "2026 Christmas vacation" };
    const all = await getGroupsForSubjects(ward);
    expect(all.map((g) => `${g.subjectName}:${g.groupType}`).sort()).toEqual([
      "Biology:student",
      "Physics:student",
      "Physics:subject",
    ]);
    expect(all.map((g) => g.subjectName)).toEqual(["Biology", "Physics", "Physics"]);
    const classPages = await getGroupsForSubjects(ward, "student");
    expect(classPages.map((g) => g.subjectName)).toEqual(["Biology", "Physics"]);
    // Last vacation's pages are not offered for another vacation's registration.
    expect(await getGroupsForSubjects({ ...ward, vacation: "2027 Easter vacation" })).toEqual([]);
  });
});
