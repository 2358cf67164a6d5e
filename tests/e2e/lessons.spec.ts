import {
  test,
  expect,
  connectTestDb,
  createRegistration,
  createUser,
  fieldError,
  giveSubjects,
  signInAs,
  uniquePhone,
  DEMO_VACATION,
  toast,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { addDays, longDay, schoolDay } from "#app/domain/vacations.ts";
import { weekdayOf } from "#app/domain/lessons.ts";
import { holidaysBetween } from "#app/domain/holidays.ts";
import { getVacation } from "#app/models/vacation.server.ts";
import { Lesson, WeeklyClass } from "#app/models/lesson.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";

/**
 * Lessons: the admin sets the weekly timetable and changes one lesson; the facilitator starts
 * today's lesson with its call link. JavaScript off and on.
 */

test("the admin adds a weekly class (refused times come back by their field), cancels one lesson and moves another, telling its students", async ({
  page,
  loginAs,
}, testInfo) => {
  // Each browser project its own hour on Saturdays, so the two runs never read each other's class.
  const hour = testInfo.project.name === "no-js" ? "05" : "06";
  await loginAs("admin");
  await page.goto("/admin/lessons?programme=science");
  await expect(page.getByRole("heading", { level: 1, name: "Lessons" })).toBeVisible();
  const form = page.locator("form#add-class");
  await form.getByLabel("Programme").selectOption({ label: "General Science" });
  await form.getByLabel("Subject").selectOption("Chemistry");
  await form.getByLabel("Form 2").check();
  await form.getByLabel("Day of the week").selectOption({ label: "Saturday" });
  await form.getByLabel("Starts").fill(`${hour}:30`);
  await form.getByLabel("Ends").fill(`${hour}:10`);
  await form.getByRole("button", { name: "Add Weekly Class" }).click();
  await expect(fieldError(form, "A lesson ends at least 15 minutes after it starts")).toBeVisible();
  await expect(form.getByLabel("Subject")).toHaveValue("Chemistry");
  await expect(form.getByLabel("Form 2")).toBeChecked();
  await expectNoA11yViolations(page);

  await form.getByLabel("Ends").fill(`${hour}:55`);
  await form.getByRole("button", { name: "Add Weekly Class" }).click();
  await expect(toast(page, "Weekly class added")).toBeVisible();
  const when = `Saturday, ${Number(hour)}:30 AM to ${Number(hour)}:55 AM`;
  const timetable = page.getByRole("region", { name: "Weekly timetable" });
  await expect(timetable.getByRole("listitem").filter({ hasText: when })).toContainText("General Science · Form 2");

  await connectTestDb();
  const cls = await WeeklyClass.findOne({ vacation: DEMO_VACATION, weekday: 6, start: `${hour}:30` }).lean();
  const lessons = await Lesson.find({ weeklyClassId: cls!._id }).sort({ date: 1 }).lean();
  expect(lessons.length).toBeGreaterThanOrEqual(4);
  expect(lessons.every((l) => l.date >= schoolDay())).toBe(true);
  const next = lessons.find((l) => l.date > schoolDay())!;

  // A Form 2 chemistry student of this vacation is told; the lesson's page cancels it.
  const ward = await createRegistration({
    subjects: ["Chemistry"],
    wardForm: "form-2",
    wardName: `Chem ${uniquePhone()}`,
  });
  await page.goto(`/admin/lessons/${next._id}`);
  await page.locator("form#cancel-lesson").getByLabel("Tell its students by SMS").check();
  await page.getByRole("button", { name: "Cancel Lesson" }).click();
  await expect(toast(page, "Lesson cancelled")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/lessons\?vacation=/);
  expect((await Lesson.findById(next._id).lean())!.cancelled).toBe(true);
  const sms = await Outbox.findOne({
    key: `lesson-cancelled:${next._id}:${next.date}T${next.start}:${ward.wardWhatsappNormalized}`,
  }).lean();
  expect(sms?.text).toMatch(/the Chemistry lesson of Saturday .* is cancelled/);

  // Another of its lessons is moved from the list of every programme, its students told; the list stays unfiltered.
  const later = lessons.find((l) => l.date > next.date)!;
  await page.goto(`/admin/lessons?week=${later.date}`);
  await page.getByRole("link", { name: new RegExp(`^Change Chemistry, .*${Number(hour)}:30 AM`) }).click();
  await page.getByLabel("Starts").fill(`${hour}:40`);
  await page.getByLabel("Ends").fill("08:00");
  await page.locator("form#move-lesson").getByLabel("Tell its students by SMS").check();
  await page.getByRole("button", { name: "Move Lesson" }).click();
  // Its roster is every Form 2 chemistry student of the vacation, other tests' among them: ours is checked by key.
  await expect(toast(page, "Lesson moved")).toContainText(/\d+ SMS queued to its students/);
  await expect(page).toHaveURL(/\/admin\/lessons\?vacation=[^&]+&week=\d{4}-\d{2}-\d{2}$/);
  const moved = await Outbox.findOne({
    key: `lesson-moved:${later._id}:${later.date}T${hour}:40:${ward.wardWhatsappNormalized}`,
  }).lean();
  expect(moved?.text).toMatch(
    new RegExp(`the Chemistry lesson of Saturday .*${Number(hour)}:30 AM moves to .*${Number(hour)}:40 AM`),
  );

  // Taking the class off the timetable removes its lessons still to come.
  await page.goto("/admin/lessons?programme=science");
  await timetable.getByRole("button", { name: `Remove Chemistry, ${when}` }).click();
  await expect(toast(page, "Weekly class removed")).toBeVisible();
  expect(await Lesson.countDocuments({ weeklyClassId: cls!._id, date: { $gt: schoolDay() } })).toBe(0);
});

test("the facilitator starts today's lesson of their subject: a link of an unknown site is refused by its field; a Meet link reaches the lesson", async ({
  page,
  loginAs,
}) => {
  const facilitator = await loginAs("facilitator");
  const subject = `Lesson subject ${uniquePhone()}`;
  await giveSubjects(facilitator.id, subject);
  const other = await createUser({ role: "facilitator" });
  const notMine = `Not mine ${uniquePhone()}`;
  await giveSubjects(other.id, notMine);
  const [lesson, foreign] = await Lesson.create([
    {
      vacation: DEMO_VACATION,
      programme: "science",
      subject,
      forms: ["form-2"],
      date: schoolDay(),
      start: "00:00",
      end: "23:59",
    },
    {
      vacation: DEMO_VACATION,
      programme: "science",
      subject: notMine,
      forms: ["form-2"],
      date: schoolDay(),
      start: "00:00",
      end: "23:59",
    },
  ]);

  await page.goto("/facilitator-dashboard/classes");
  const lessonList = page.getByRole("region", { name: "Today's and next lessons" });
  const card = lessonList.getByRole("listitem").filter({ hasText: subject });
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(`${subject}: Today, 12:00 AM to 11:59 PM`);
  await expect(lessonList.getByRole("listitem").filter({ hasText: notMine })).toHaveCount(0);
  await card.getByLabel(/Call link/).fill("https://example.com/join");
  await card.getByRole("button", { name: `Start class ${subject}` }).click();
  await expect(fieldError(card, /Use a Google Meet, Zoom/)).toBeVisible();
  await expect(card.getByLabel(/Call link/)).toHaveValue("https://example.com/join");
  await expectNoA11yViolations(page);

  await card.getByLabel(/Call link/).fill("https://meet.google.com/abc-defg-hij");
  await card.getByRole("button", { name: `Start class ${subject}` }).click();
  await expect(toast(page, "Class started")).toBeVisible();
  await expect(card).toContainText("Join link: https://meet.google.com/abc-defg-hij");
  const saved = await Lesson.findById(lesson._id).lean();
  expect(saved?.startedAt).toBeTruthy();
  expect(saved?.joinLink).toBe("https://meet.google.com/abc-defg-hij");

  // Another facilitator's lesson cannot be started by posting its id.
  const response = await page.request.post("/facilitator-dashboard/classes", {
    form: { intent: "start", lessonId: foreign._id, joinLink: "https://meet.google.com/x" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  expect((await Lesson.findById(foreign._id).lean())?.startedAt ?? null).toBeNull();
});

test("the facilitator takes the register on a 360 px phone: everyone starts present, one change and one submit; the Students table shows attendance", async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const facilitator = await loginAs("facilitator");
  const subject = `Register subject ${uniquePhone()}`;
  await giveSubjects(facilitator.id, subject);
  const present = await createRegistration({ subjects: [subject], wardName: `Adwoa ${uniquePhone()}` });
  const absent = await createRegistration({ subjects: [subject], wardName: `Yaw ${uniquePhone()}` });
  const lesson = await Lesson.create({
    vacation: DEMO_VACATION,
    programme: "science",
    subject,
    forms: ["form-2"],
    date: schoolDay(),
    start: "00:00",
    end: "23:59",
  });

  await page.goto("/facilitator-dashboard/classes");
  await page
    .getByRole("region", { name: "Today's and next lessons" })
    .getByRole("link", { name: `Take the register ${subject}, Today` })
    .click();
  await expect(page).toHaveURL(`/facilitator-dashboard/lessons/${lesson._id}/register`);
  const row = (name: string) => page.getByRole("group", { name });
  await expect(row(present.wardName).getByLabel("Present")).toBeChecked();
  await expect(row(absent.wardName).getByLabel("Present")).toBeChecked();
  await expectNoA11yViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);

  await row(absent.wardName).getByLabel("Absent").check();
  await page.getByRole("button", { name: "Save register" }).click();
  await expect(toast(page, "Register saved")).toContainText("1 present, 1 absent");
  await expect(row(absent.wardName).getByLabel("Absent")).toBeChecked();
  await expect(page.getByText("Saved: this lesson counts as held.")).toBeVisible();
  expect((await Lesson.findById(lesson._id).lean())?.registerSavedAt).toBeTruthy();

  await page.goto(`/facilitator-dashboard/students?subject=${encodeURIComponent(subject)}`);
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: absent.wardName })).toContainText("0 of 1 (0%)");
  await expect(table.getByRole("row").filter({ hasText: present.wardName })).toContainText("1 of 1 (100%)");
  // On the 360 px phone the attendance is on screen beside the name, not at the far end of the scroll.
  const cell = table.getByRole("cell", { name: "1 of 1 (100%)" });
  const box = (await cell.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  const csv = await (
    await page.request.get(`/facilitator-dashboard/students/export?subject=${encodeURIComponent(subject)}`)
  ).text();
  expect(csv).toContain("0 of 1 (0%)");
});

test("the admin clears a day of lessons: a move with no day is refused by its field with the choices kept, then the day's lessons are cancelled and its students told", async ({
  page,
  loginAs,
}, testInfo) => {
  // Each browser project its own weekday far from the other tests' days (never a Saturday or a Sunday).
  let day = addDays(schoolDay(), testInfo.project.name === "no-js" ? 26 : 29);
  while ([0, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  await connectTestDb();
  const subject = "Physics";
  const ward = await createRegistration({ subjects: [subject], wardName: `Holiday ${uniquePhone()}` });
  const lesson = await Lesson.create({
    vacation: DEMO_VACATION,
    programme: "science",
    subject,
    forms: ["form-2"],
    date: day,
    start: "07:00",
    end: "07:45",
  });
  await loginAs("admin");
  await page.goto("/admin/lessons?programme=science");
  const section = page.getByRole("region", { name: "Days without lessons" });
  const vacation = (await getVacation(DEMO_VACATION))!;
  const holidays = holidaysBetween(vacation.lessonsStart, vacation.lessonsEnd).filter((h) => weekdayOf(h.date) !== 0);
  for (const h of holidays) await expect(section).toContainText(`${h.name}, ${longDay(h.date)}`);

  const form = page.locator("form#day-off");
  await form.getByLabel("Day without lessons").fill(day);
  await form.getByLabel("Move them to another day").check();
  await form.getByRole("button", { name: "Clear the Day" }).click();
  await expect(fieldError(form, "Enter the day its lessons move to")).toBeVisible();
  await expect(form.getByLabel("Day without lessons")).toHaveValue(day);
  await expect(form.getByLabel("Move them to another day")).toBeChecked();
  await expectNoA11yViolations(page);

  await form.getByLabel("Cancel them").check();
  await form.getByLabel("Tell the students of cancelled lessons by SMS").check();
  await form.getByRole("button", { name: "Clear the Day" }).click();
  await expect(toast(page, `${longDay(day)}: no lessons`)).toBeVisible();
  await expect(section).toContainText(`${longDay(day)}: lessons cancelled`);
  expect((await Lesson.findById(lesson._id).lean())!.cancelled).toBe(true);
  expect(
    await Lesson.countDocuments({ vacation: DEMO_VACATION, date: day, cancelled: false, registerSavedAt: null }),
  ).toBe(0);
  const sms = await Outbox.findOne({
    key: `lesson-cancelled:${lesson._id}:${day}T07:00:${ward.wardWhatsappNormalized}`,
  }).lean();
  expect(sms?.text).toMatch(/the Physics lesson of .* is cancelled/);
});

test("the facilitator gives a lesson notes, a link and a file: a link without https is refused by its field with the notes kept; the lesson's student reads them, another student cannot open the file @both", async ({
  page,
  loginAs,
}) => {
  const facilitator = await loginAs("facilitator");
  const subject = `Materials subject ${uniquePhone()}`;
  await giveSubjects(facilitator.id, subject);
  const lesson = await Lesson.create({
    vacation: DEMO_VACATION,
    programme: "science",
    subject,
    forms: ["form-2"],
    date: schoolDay(),
    start: "23:00",
    end: "23:59",
  });
  await page.goto("/facilitator-dashboard/classes");
  await page.getByRole("link", { name: `Add notes and materials ${subject}, Today` }).click();
  await expect(page).toHaveURL(`/facilitator-dashboard/lessons/${lesson._id}/materials`);
  const notes = "Read pages 4 to 9 before the lesson.";
  await page.getByLabel("Notes for the students").fill(notes);
  await page.getByLabel("A link (a video, a document, a page)").fill("http://example.org/rivers");
  await page.getByRole("button", { name: "Save Notes and Materials" }).click();
  await expect(fieldError(page, "Enter a web address starting with https://")).toBeVisible();
  await expect(page.getByLabel("Notes for the students")).toHaveValue(notes);
  await expectNoA11yViolations(page);

  await page.getByLabel("A link (a video, a document, a page)").fill("https://example.org/rivers");
  await page.getByLabel("A file (PDF, JPEG or PNG, at most 10 MB)").setInputFiles({
    name: "Rivers of Ghana.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\nrivers\n%%EOF"),
  });
  await page.getByRole("button", { name: "Save Notes and Materials" }).click();
  await expect(toast(page, "Lesson materials saved")).toBeVisible();
  await expect(page.getByRole("link", { name: `Change notes and materials ${subject}, Today` })).toBeVisible();

  const student = await createUser({ role: "student" });
  await createRegistration({ subjects: [subject], studentUserId: student.id });
  await signInAs(page.context(), student);
  await page.goto("/student-dashboard/schedule");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(card).toContainText(notes);
  await expect(card.getByRole("link", { name: "https://example.org/rivers" })).toBeVisible();
  const file = card.getByRole("link", { name: "Open the file: Rivers of Ghana.pdf" });
  const href = (await file.getAttribute("href"))!;
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).toString()).toContain("rivers");

  await signInAs(page.context(), await createUser({ role: "student" }));
  expect((await page.request.get(href)).status()).toBe(404);
});
