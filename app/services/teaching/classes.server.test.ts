import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { registrationDoc } from "#tests/support/registration-doc.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { ClassPlace, SchoolClass, placeInClasses } from "#app/models/class.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Registration, setWithdrawn } from "#app/models/registration.server.ts";
import { saveSettings } from "#app/models/settings.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { User } from "#app/models/user.server.ts";
import {
  changeClass,
  claimClassPagesOpening,
  mayTeachClass,
  placeGroup,
  wardClasses,
  withOwnClassPages,
} from "#app/services/teaching/classes.server.ts";
import { lessonsForWard } from "#app/services/teaching/lessons.server.ts";
import { loadRegister } from "#app/services/teaching/register.server.ts";
import { assignmentWork, workOf } from "#app/services/teaching/handins.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";

useTestDatabase("classes_test", { init: [Assignment, ClassPlace, SchoolClass, Lesson, Registration, Subject, User] });

const V = "Classes vacation";
const today = schoolDay();
const physics = { vacation: V, programme: "science", subject: "Physics" };

/** `count` science wards of Physics, enrolled one after the other (createdAt one second apart), in order. */
async function enrol(count: number, from = 0, subjects = ["Mathematics", "Physics"]) {
  const start = Date.now() - 86_400_000;
  return Registration.create(
    Array.from({ length: count }, (_, i) =>
      registrationDoc(from + i + 1, {
        vacation: V,
        wardName: `Ward ${String(from + i + 1).padStart(3, "0")}`,
        subjects,
        createdAt: new Date(start + (from + i) * 1000),
      }),
    ),
  );
}

const lessonOf = (classNo: number) =>
  Lesson.create({ ...physics, forms: ["form-2"], classNo, date: addDays(today, -1), start: "10:00", end: "11:00" });

describe("classes of a workable size", () => {
  it("splits a subject's students into classes of at most the class size, in the order they enrolled", async () => {
    await saveSettings({ classSize: 10 });
    await Subject.create({ name: "Physics", facilitatorId: "fac-1" });
    const wards = await enrol(25);
    expect(await placeGroup(physics)).toBe(3);
    const seats = await SchoolClass.find(physics).sort({ n: 1 }).lean();
    expect(seats.map((c) => [c.n, c.seats])).toEqual([
      [1, 10],
      [2, 10],
      [3, 5],
    ]);
    const classOf = async (i: number) =>
      (await wardClasses({ id: String(wards[i]._id), ...physics, subjects: ["Physics"] })).get("Physics");
    expect([await classOf(0), await classOf(9), await classOf(10), await classOf(24)]).toEqual([1, 1, 2, 3]);

    // A lesson of class 2 has class 2's roster: the 11th to the 20th to enrol.
    const register = await loadRegister((await lessonOf(2))._id, { _id: "fac-1", role: "facilitator" });
    expect(register.ok && register.rows.map((r) => r.wardName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Ward ${String(i + 11).padStart(3, "0")}`),
    );

    // Class 3 has no lessons of its own yet: its students follow class 1's, so nobody drops off a register.
    const first = await loadRegister((await lessonOf(1))._id, { _id: "fac-1", role: "facilitator" });
    expect(first.ok && first.rows.map((r) => r.wardName)).toEqual(
      [...Array.from({ length: 10 }, (_, i) => i + 1), 21, 22, 23, 24, 25].map(
        (k) => `Ward ${String(k).padStart(3, "0")}`,
      ),
    );

    // A student keeps their class: a withdrawal frees no seat and moves nobody; the next to enrol fills class 3.
    await setWithdrawn(String(wards[3]._id), "moved school");
    const [late] = await enrol(1, 25);
    await placeGroup(physics);
    expect(await classOf(10)).toBe(2);
    expect((await wardClasses({ id: String(late._id), ...physics, subjects: ["Physics"] })).get("Physics")).toBe(3);
    await saveSettings({ classSize: 200 });
  });

  it("gives work set for one class to that class's students only, and lists only them as missing it", async () => {
    await saveSettings({ classSize: 10 });
    await Subject.create({ name: "Chemistry", facilitatorId: "fac-1" });
    const chemistry = { ...physics, subject: "Chemistry" };
    // Twelve students of a subject no one else takes: the first ten are class 1, the last two class 2.
    const wards = await enrol(12, 200, ["Chemistry"]);
    expect(await placeGroup(chemistry)).toBe(2);
    // Class 2 is taught apart once it has lessons of its own (until then its students follow class 1's).
    await Lesson.create({ ...chemistry, forms: ["form-2"], classNo: 2, date: today, start: "12:00", end: "13:00" });
    const assignment = await Assignment.create({
      facilitatorId: "fac-1",
      subject: "Chemistry",
      title: "Class 2 work",
      vacation: V,
      programme: "science",
      classNo: 2,
    });
    const titles = async (i: number) =>
      (await workOf(wards[i].toObject() as never)).map((item) => item.assignment.title);
    expect(await titles(11)).toEqual(["Class 2 work"]);
    expect(await titles(0)).toEqual([]);
    const work = await assignmentWork(String(assignment._id), { _id: "fac-1", role: "facilitator" });
    expect(work.ok && work.missing).toEqual(["Ward 211", "Ward 212"]);
    await saveSettings({ classSize: 200 });
  });

  it("never overfills a class when students are placed at the same time", async () => {
    const group = { vacation: V, programme: "arts", subject: "Literature" };
    const ids = Array.from({ length: 30 }, (_, i) => `race-${i}`);
    // Two processes placing overlapping students at once: each student one place, no class over 7.
    await Promise.all([placeInClasses(group, ids, 7), placeInClasses(group, [...ids].reverse(), 7)]);
    expect(await ClassPlace.countDocuments(group)).toBe(30);
    const classes = await SchoolClass.find(group).lean();
    for (const c of classes) expect(await ClassPlace.countDocuments({ ...group, n: c.n })).toBeLessThanOrEqual(7);
    expect(classes.every((c) => c.seats <= 7)).toBe(true);
  });

  it("shows a ward only its own class's lessons, and lets a class's own facilitator teach it alone", async () => {
    await saveSettings({ classSize: 10 });
    const wards = await enrol(12, 100);
    await placeGroup(physics);
    const mine = await wardClasses({ id: String(wards[11]._id), ...physics, subjects: ["Physics"] });
    const [one, two] = [await lessonOf(1), await lessonOf(mine.get("Physics")!)];
    const seen = await lessonsForWard(
      { id: String(wards[11]._id), ...physics, subjects: ["Physics"], wardForm: "form-2" },
      addDays(today, -1),
      addDays(today, -1),
    );
    expect(seen.map((l) => l._id)).toContain(two._id);
    expect(seen.map((l) => l._id)).not.toContain(one._id);

    const given = await User.create({
      fullName: "Class Teacher",
      phone: "+233209990001",
      role: "facilitator",
      passwordHash: "x",
    });
    const cls = await SchoolClass.findOne({ ...physics, n: mine.get("Physics") }).lean();
    expect(await changeClass(cls!._id, { facilitatorId: String(given._id), classPage: null }, "admin-1")).toEqual({
      ok: true,
    });
    const teacher = { _id: String(given._id), role: "facilitator" };
    expect(await mayTeachClass(teacher, two)).toBe(true);
    expect(await mayTeachClass(teacher, one)).toBe(false);
    // Only a facilitator's account, and a class page students can open.
    const refused = await changeClass(cls!._id, { facilitatorId: "nobody", classPage: "https://example.com/x" }, "a");
    expect(!refused.ok && refused.field).toBe("facilitatorId");
    const badPage = await changeClass(cls!._id, { facilitatorId: null, classPage: "https://example.com/x" }, "a");
    expect(!badPage.ok && badPage.field).toBe("classPage");

    // The class's own page replaces the subject's for its students only.
    const own = "https://chat.whatsapp.com/OwnClassPage";
    expect(await changeClass(cls!._id, { facilitatorId: null, classPage: own }, "admin-1")).toEqual({ ok: true });
    const subjectPage = {
      _id: "g1",
      subjectName: "Physics",
      programme: "science",
      groupType: "student",
      whatsappLink: "https://chat.whatsapp.com/SubjectPage",
    };
    const linkOf = async (w: (typeof wards)[number]) =>
      (await withOwnClassPages({ id: String(w._id), ...physics, subjects: ["Physics"] }, [subjectPage])).map(
        (g) => g.whatsappLink,
      );
    expect(await linkOf(wards[11])).toEqual([own]);
    // The first of these twelve went to the class before (it had room left): the subject's page is theirs.
    const before = await wardClasses({ id: String(wards[0]._id), ...physics, subjects: ["Physics"] });
    expect(before.get("Physics")).toBe(mine.get("Physics")! - 1);
    expect(await linkOf(wards[0])).toEqual([subjectPage.whatsappLink]);
    await saveSettings({ classSize: 200 });
  });
});

describe("claimClassPagesOpening", () => {
  it("lets exactly one of many simultaneous first loads open the class pages", async () => {
    const [r] = await enrol(1, 900);
    const results = await Promise.all(Array.from({ length: 8 }, () => claimClassPagesOpening(r._id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await Registration.findById(r._id).lean())?.classPagesOpenedAt).toBeInstanceOf(Date);
    expect(await claimClassPagesOpening(r._id)).toBe(false);
  });
});
