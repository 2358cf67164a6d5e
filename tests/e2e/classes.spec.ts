import {
  test,
  expect,
  connectTestDb,
  createRegistration,
  createUser,
  fieldError,
  signInAs,
  DEMO_VACATION,
  toast,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { ClassPlace, placeInClasses, SchoolClass } from "#app/models/class.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";

/**
 * Classes of a workable size (docs/decisions/0112-classes-of-a-workable-size.md): the office sees a subject's classes,
 * gives one its own facilitator and class page, and that facilitator takes the register of that class's lesson with
 * that class's students only. JavaScript off and on.
 */

test("the admin gives class 2 of a subject its own facilitator and page; that facilitator registers class 2 alone", async ({
  page,
  context,
  loginAs,
}, testInfo) => {
  // Each browser project its own subject, which no other test enrols in, split into classes of 10 here (the school's
  // setting stays at its default, so no other test's class changes).
  const subject = testInfo.project.name === "no-js" ? "Clothing and Textiles" : "Management in Living";
  const group = { vacation: DEMO_VACATION, programme: "home-economics", subject };
  const wards = [];
  for (let i = 1; i <= 12; i++)
    wards.push(
      await createRegistration({
        programme: "home-economics",
        subjects: [subject],
        wardName: `${subject.split(" ")[0]} Pupil ${String(i).padStart(2, "0")}`,
      }),
    );
  await connectTestDb();
  await placeInClasses(
    group,
    wards.map((w) => String(w._id)),
    10,
  );
  const teacher = await createUser({ role: "facilitator", fullName: `Class Two ${subject}` });
  // Given nothing yet: the facilitator is told why the portal is empty, and who changes that.
  await signInAs(context, teacher);
  await page.goto("/facilitator-dashboard");
  await expect(page.getByText("The office has not given you a subject or a class yet")).toBeVisible();
  await context.clearCookies();

  await loginAs("admin");
  await page.goto("/admin/classes");
  await expect(page.getByRole("heading", { level: 1, name: "Classes" })).toBeVisible();

  // The class size is checked by its field and kept as typed.
  const size = page.locator("form#class-size");
  await size.getByLabel("Students per class").fill("5");
  await size.getByRole("button", { name: "Save Class Size" }).click();
  await expect(fieldError(size, "Enter a number of students from 10 to 1024")).toBeVisible();
  await expect(size.getByLabel("Students per class")).toHaveValue("5");
  await expectNoA11yViolations(page);
  await size.getByLabel("Students per class").fill("200");
  await size.getByRole("button", { name: "Save Class Size" }).click();
  await expect(toast(page, "Class size saved")).toBeVisible();

  // Class 2 holds our last two, and any student of the subject another test enrolled meanwhile (placed on opening).
  const item = page.getByRole("listitem").filter({ hasText: `${subject}, Home Economics: Class 2` });
  await expect(item).toContainText(/\d+ students/);
  await item.getByLabel("Facilitator").selectOption({ label: teacher.fullName });
  await item.getByLabel("Class page (empty: the subject's)").fill("https://example.com/class-two");
  await item.getByRole("button", { name: /Save/ }).click();
  await expect(fieldError(item, /WhatsApp group/)).toBeVisible();
  await expect(item.getByLabel("Class page (empty: the subject's)")).toHaveValue("https://example.com/class-two");
  await item.getByLabel("Facilitator").selectOption({ label: teacher.fullName });
  await item.getByLabel("Class page (empty: the subject's)").fill("https://chat.whatsapp.com/ClassTwoPage");
  await item.getByRole("button", { name: /Save/ }).click();
  await expect(toast(page, "Class saved")).toBeVisible();
  const stored = await SchoolClass.findOne({ ...group, n: 2 }).lean();
  expect([stored?.facilitatorId, stored?.classPage]).toEqual([teacher.id, "https://chat.whatsapp.com/ClassTwoPage"]);
  const places = await ClassPlace.find({ ...group, registrationId: { $in: wards.map((w) => String(w._id)) } }).lean();
  const classOf = new Map(places.map((p) => [p.registrationId, p.n]));

  // After the split, each class names its students: class 2's are ours placed there, no one of class 1.
  const card = page.getByRole("listitem").filter({ hasText: `${subject}, Home Economics: Class 2` });
  await expect(card).toContainText(`taught by ${teacher.fullName}`);
  await card.getByRole("link", { name: new RegExp(`students of ${subject}, Home Economics: Class 2`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${subject}, Home Economics: Class 2` })).toBeVisible();
  const roster = page.getByRole("main").getByRole("listitem");
  for (const w of wards)
    await expect(roster.filter({ hasText: new RegExp(`^${w.wardName} ·`) })).toHaveCount(
      classOf.get(String(w._id)) === 2 ? 1 : 0,
    );

  // A lesson of class 2 yesterday: its facilitator (given the class, not the subject) takes its register.
  const lesson = await Lesson.create({
    ...group,
    forms: ["form-1", "form-2", "form-3"],
    classNo: 2,
    date: addDays(schoolDay(), -1),
    start: "05:00",
    end: "05:45",
  });
  await signInAs(context, teacher);
  // The facilitator, given the class and not the subject, counts it and its students on the overview.
  await page.goto("/facilitator-dashboard");
  const given = page.locator("section", { has: page.getByRole("heading", { name: "Classes the office gave you" }) });
  await expect(given).toContainText(`${subject}, Home Economics: Class 2`);
  await expect(page.getByText("The office has not given you a subject or a class yet")).toHaveCount(0);
  await page.goto("/facilitator-dashboard/classes");
  const row = page.getByRole("listitem").filter({ hasText: "Home Economics · every form · Class 2" });
  await row.getByRole("link", { name: /register/i }).click();
  await expect(page).toHaveURL(`/facilitator-dashboard/lessons/${lesson._id}/register`);
  // Our students placed in class 2 are on its register, ours in any other class are not (other tests' students of the
  // subject, placed earlier, may have taken seats in class 1 first).
  const names = page.locator("legend");
  expect(wards.filter((w) => classOf.get(String(w._id)) === 2).length).toBeGreaterThanOrEqual(2);
  for (const w of wards)
    await expect(names.filter({ hasText: new RegExp(`^${w.wardName}$`) })).toHaveCount(
      classOf.get(String(w._id)) === 2 ? 1 : 0,
    );
});
