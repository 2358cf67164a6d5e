import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { insertVacationOfNow } from "#tests/support/registration-doc.ts";
import { Timetable, createTimetable, deleteTimetable, listTimetablesFor } from "#app/models/timetable.server.ts";
import { giveBundledTimetablesTheirForm } from "#app/models/migrations/timetable-forms-migration.server.ts";

useTestDatabase("timetable_audience_test");

const V = "2026 Christmas vacation";

const row = (i: number, over: Record<string, unknown>) => ({
  _id: `timetable${String(i).padStart(4, "0")}`,
  userId: "admin",
  title: `Timetable ${i}`,
  description: null,
  programme: "science",
  fileName: `t${i}.pdf`,
  filePath: `admin/${i}.pdf`,
  fileType: "application/pdf",
  fileSize: 10,
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
  updatedAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
  vacations: [V],
  ...over,
});

beforeAll(() => insertVacationOfNow("2026 Christmas vacation"));

describe("a timetable reaches its programme's wards of the forms it names", () => {
  it("lists a ward's own timetables however many newer ones are for other forms", async () => {
    await Timetable.collection.insertMany([
      row(1, { forms: ["form-2"], title: "For Form 2" }),
      ...Array.from({ length: 60 }, (_, i) => row(100 + i, { forms: ["form-1"] })),
      row(2, { forms: [], title: "For every form" }),
    ] as never[]);
    const ward = { programme: "science", wardForm: "form-2", vacation: V };
    const titles = (await listTimetablesFor([ward])).map((t) => t.title);
    expect(titles).toEqual(["For every form", "For Form 2"]);
    expect(await listTimetablesFor([{ ...ward, programme: "arts" }])).toEqual([]);
    // Another vacation's ward sees none of them until they are kept for it.
    expect(await listTimetablesFor([{ ...ward, vacation: "2027 Easter vacation" }])).toEqual([]);
  });

  it("gives the bundled Form 2 timetables stored before audiences their form, once", async () => {
    await Timetable.collection.insertMany([
      row(500, { title: "Form 2 Business Timetable", fileName: "form-2-business.png", programme: "business" }),
      row(501, { title: "Business week plan", fileName: "plan.pdf", programme: "business" }),
    ] as never[]);
    expect(await giveBundledTimetablesTheirForm()).toBe(1);
    expect(await giveBundledTimetablesTheirForm(), "once per database").toBeNull();
    const formOne = (await listTimetablesFor([{ programme: "business", wardForm: "form-1", vacation: V }])).map(
      (t) => t.title,
    );
    expect(formOne).toEqual(["Business week plan"]);
    const formTwo = (await listTimetablesFor([{ programme: "business", wardForm: "form-2", vacation: V }])).map(
      (t) => t.title,
    );
    expect(formTwo).toEqual(["Business week plan", "Form 2 Business Timetable"]);
  });

  it("shows a timetable uploaded or removed a moment ago, though the lists are kept for a second", async () => {
    const ward = { programme: "visual-arts", wardForm: "form-3", vacation: V };
    expect(await listTimetablesFor([ward])).toEqual([]);
    const id = await createTimetable({
      ...row(900, {}),
      programme: "visual-arts",
      title: "Visual Arts week",
      forms: [],
      vacations: [V],
    });
    expect((await listTimetablesFor([ward])).map((t) => t.title)).toEqual(["Visual Arts week"]);
    await deleteTimetable(id);
    expect(await listTimetablesFor([ward])).toEqual([]);
  });
});
