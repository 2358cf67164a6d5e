/**
 * What an admin does while viewing the portal as a facilitator names the admin, with the facilitator beside
 * (docs/decisions/0118-every-write-names-who-did-it.md): a mark, a register and a lesson's materials, on the work's
 * page, on the ward's registration page and in Admin → Activity, which only admins who manage accounts open. Forms
 * without JavaScript, so one project.
 */
import {
  test,
  expect,
  connectTestDb,
  createRegistration,
  createUser,
  giveSubjects,
  setPermissions,
  uniquePhone,
  DEMO_VACATION,
  toast,
} from "#tests/support/fixtures.ts";
import { schoolDay } from "#app/domain/vacations.ts";
import { Attendance } from "#app/models/attendance.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { Submission } from "#app/models/submission.server.ts";

test("@no-js-only a mark, a register and a lesson's notes saved while viewing as a facilitator name the admin", async ({
  page,
  loginAs,
}) => {
  await connectTestDb();
  const tag = uniquePhone().slice(-6);
  const subject = `Viewing subject ${tag}`;
  const facilitator = await createUser({ role: "facilitator", fullName: `Kofi Viewed ${tag}` });
  await giveSubjects(facilitator.id, subject);
  const ward = await createRegistration({ subjects: [subject], wardName: `Abena Ward ${tag}` });
  const lesson = await Lesson.create({
    vacation: DEMO_VACATION,
    programme: "science",
    subject,
    forms: ["form-2"],
    date: schoolDay(),
    start: "00:00",
    end: "23:59",
  });
  const assignment = await Assignment.create({
    facilitatorId: facilitator.id,
    subject,
    title: `Worksheet ${tag}`,
    maxScore: 10,
  });
  const submissionId = `${assignment._id}.${ward._id}`;
  await Submission.create({
    _id: submissionId,
    assignmentId: String(assignment._id),
    registrationId: String(ward._id),
    subject,
    text: "My answers",
    submittedAt: new Date(),
  });
  const admin = await loginAs("admin", { fullName: `Ama Admin ${tag}` });
  const as = `Ama Admin ${tag} (as Kofi Viewed ${tag})`;

  const start = await page.request.post("/impersonation/start", { form: { userId: facilitator.id }, maxRedirects: 0 });
  expect(start.status()).toBe(302);
  await page.goto(`/facilitator-dashboard/work/${submissionId}`);
  await page.getByLabel("Score (out of 10)").fill("8");
  await page.getByRole("button", { name: "Save Mark" }).click();
  await page.goto(`/facilitator-dashboard/lessons/${lesson._id}/register`);
  await page.getByRole("group", { name: ward.wardName }).getByLabel("Absent").check();
  await page.getByRole("button", { name: "Save register" }).click();
  await expect(toast(page, "Register saved")).toBeVisible();
  await page.goto(`/facilitator-dashboard/lessons/${lesson._id}/materials`);
  await page.getByLabel("Notes for the students").fill("Read chapter 2.");
  await page.getByRole("button", { name: "Save Notes and Materials" }).click();
  await expect(toast(page, "Lesson materials saved")).toBeVisible();
  await page.request.post("/impersonation/stop", { maxRedirects: 0 });

  // The records name the admin who did it and the facilitator viewed.
  const entry = await Attendance.findOne({ lessonId: lesson._id, registrationId: String(ward._id) }).lean();
  expect([entry?.markedBy, entry?.markedAs]).toEqual([admin.id, facilitator.id]);
  const marked = await Submission.findById(submissionId).lean();
  expect([marked?.score, marked?.markedBy, marked?.markedAs]).toEqual([8, admin.id, facilitator.id]);

  // The work's page says who gave the mark.
  await page.goto(`/facilitator-dashboard/work/${submissionId}`);
  await expect(page.getByText(`Marked by ${as}`)).toBeVisible();

  // The ward's registration page lists the mark and the register, by the admin as the facilitator.
  await page.goto(`/admin/registrations/${ward._id}`);
  const trail = page.getByRole("region", { name: "Audit trail" });
  await expect(trail.getByRole("listitem").filter({ hasText: `Worksheet ${tag}" marked 8 of 10` })).toContainText(as);
  await expect(trail.getByRole("listitem").filter({ hasText: `${subject}'s register` })).toContainText(as);

  // Admin → Activity, filtered by the admin: all three, each by the admin as the facilitator.
  await page.goto(`/admin/activity?q=${encodeURIComponent(`Ama Admin ${tag}`)}`);
  const list = page.getByRole("region", { name: "Newest first" });
  for (const what of [`Worksheet ${tag}" marked 8 of 10`, `${subject}'s register`, `${subject}'s notes and materials`])
    await expect(list.getByRole("listitem").filter({ hasText: what })).toContainText(as);
  await page.goto(`/admin/activity?kind=marks&q=${encodeURIComponent(`Kofi Viewed ${tag}`)}`);
  await expect(list.getByRole("listitem")).toHaveCount(1);

  // An admin who does not manage accounts does not open it.
  await setPermissions(admin.id, { can_edit_users: false });
  expect((await page.goto("/admin/activity"))?.status()).toBe(403);
});
