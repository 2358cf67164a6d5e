import {
  test,
  expect,
  createRegistration,
  createUser,
  giveSubjects,
  signInAs,
  uniquePhone,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { saveRegister } from "#app/services/teaching/register.server.ts";

/**
 * Attendance from the saved registers reaches the ward's parent (the ward page), the student (My Subjects) and the
 * admin (the registration's page). Pages without forms: one project proves them.
 */
test("@no-js-only a ward's attendance per subject reaches the parent's ward page, the student's subjects and the admin's registration page; another parent's ward is not found", async ({
  page,
}) => {
  const facilitator = await createUser({ role: "facilitator" });
  const taught = `Progress subject ${uniquePhone()}`;
  const untaught = `Quiet subject ${uniquePhone()}`;
  await giveSubjects(facilitator.id, taught, untaught);
  const parent = await createUser({ role: "parent" });
  const student = await createUser({ role: "student" });
  const ward = await createRegistration({
    subjects: [taught, untaught],
    wardName: `Esi ${uniquePhone()}`,
    parentUserId: parent.id,
    studentUserId: student.id,
  });
  const others = await createRegistration({ subjects: [taught] });
  for (const [n, mark] of [
    [1, "present"],
    [2, "absent"],
  ] as const) {
    const lesson = await Lesson.create({
      vacation: DEMO_VACATION,
      programme: "science",
      subject: taught,
      forms: ["form-2"],
      date: addDays(schoolDay(), -n),
      start: "10:00",
      end: "11:00",
    });
    await saveRegister(lesson._id, { _id: facilitator.id, role: "facilitator" }, { [String(ward._id)]: mark });
  }

  await signInAs(page.context(), parent);
  await page.goto("/parent-dashboard");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ward.wardName }) });
  await expect(card).toContainText("Attendance: 1 of 2 (50%)");
  await card.getByRole("link", { name: `Progress of ${ward.wardName}` }).click();
  await expect(page).toHaveURL(`/parent-dashboard/wards/${ward._id}`);
  await expect(page.getByRole("heading", { level: 1, name: ward.wardName })).toBeVisible();
  const table = page.getByRole("table", { name: `${ward.wardName}: attendance by subject` });
  await expect(table.getByRole("row", { name: taught })).toContainText("1 of 250%");
  await expect(table.getByRole("row", { name: untaught })).toContainText("No lessons held yet");
  await expect(page.getByRole("region", { name: "Attendance", exact: true })).toContainText("Overall: 1 of 2 (50%)");
  await expectNoA11yViolations(page);
  expect((await page.goto(`/parent-dashboard/wards/${others._id}`))?.status()).toBe(404);

  await signInAs(page.context(), student);
  await page.goto("/student-dashboard/subjects");
  await expect(page.getByRole("listitem").filter({ hasText: taught })).toContainText("Attendance: 1 of 2 (50%)");
  await expect(page.getByRole("listitem").filter({ hasText: untaught })).toContainText(
    "Attendance: No lessons held yet",
  );

  await signInAs(page.context(), await createUser({ role: "admin" }));
  await page.goto(`/admin/registrations/${ward._id}`);
  await expect(
    page.getByRole("region", { name: "Attendance", exact: true }).getByRole("row", { name: taught }),
  ).toContainText("1 of 2");
});
