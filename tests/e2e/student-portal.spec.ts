import type { Page } from "@playwright/test";
import {
  test,
  expect,
  createUser,
  signInAs,
  createRegistration,
  connectTestDb,
  uniquePhone,
  addWhatsappGroups,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Session } from "#app/models/session.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { Lesson, type LessonDoc } from "#app/models/lesson.server.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { weekStart, weekdayName } from "#app/domain/lessons.ts";

/** A student signed in, owning a registration through their phone = the ward's WhatsApp number. */
async function studentWithRegistration(page: Page, overrides: Record<string, unknown> = {}) {
  const user = await createUser({ role: "student" });
  const registration = await createRegistration({
    wardWhatsapp: user.localPhone,
    wardName: `Ward ${uniquePhone()}`,
    ...overrides,
  });
  await signInAs(page.context(), user);
  return { user, registration };
}

/** Subject names no other test (and no seeded class page) uses. */
function uniqueSubjects(...names: string[]) {
  const tag = uniquePhone().slice(-6);
  return names.map((n) => `${n} ${tag}`);
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Student portal" });
const header = (page: Page) => page.getByRole("banner").filter({ has: page.getByRole("heading", { level: 1 }) });

async function openTab(page: Page, name: "Overview" | "Subjects" | "WhatsApp" | "Schedule") {
  await tabs(page).getByRole("link", { name, exact: true }).click();
  await expect(tabs(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
}

test.describe("access", () => {
  test("anonymous visitors are sent to sign in; parents and facilitators get 403", async ({ page, loginAs }) => {
    await page.goto("/student-dashboard/schedule");
    await expect(page).toHaveURL(/\/portal\?redirectTo=%2Fstudent-dashboard%2Fschedule/);
    const pdf = await page.request.get("/student-dashboard/schedule.pdf", { maxRedirects: 0 });
    expect(pdf.status()).toBe(302);

    await loginAs("parent");
    for (const path of ["/student-dashboard", "/student-dashboard/whatsapp", "/student-dashboard/schedule.pdf"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });

  test("a facilitator is refused too, including the class-pages action", async ({ page, loginAs }) => {
    await loginAs("facilitator");
    expect((await page.goto("/student-dashboard/subjects"))?.status()).toBe(403);
    const post = await page.request.post("/student-dashboard/class-pages", {
      form: { intent: "dismiss" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  });
});

test.describe("without a registration", () => {
  test("shows Pending and leads to the registration form on every tab", async ({ page, loginAs }) => {
    // Four tabs, each checked with axe (in a browser context of its own without JavaScript): on a loaded 2-core machine
    // this outlasted the default 90 s once.
    test.setTimeout(180_000);
    const user = await loginAs("student");
    await page.goto("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: user.fullName })).toBeVisible();
    await expect(header(page).getByText("Pending", { exact: true })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("definition").filter({ hasText: "Not registered" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete Registration Form" })).toHaveAttribute(
      "href",
      "/registration",
    );
    await expectNoA11yViolations(page);

    await openTab(page, "Subjects");
    await expect(page.getByText("No subjects enrolled")).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete Registration Form" })).toHaveAttribute(
      "href",
      "/registration",
    );
    await expectNoA11yViolations(page);

    await openTab(page, "WhatsApp");
    await expect(page.getByRole("heading", { name: "Registration Required" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Complete Registration Form" })).toHaveAttribute(
      "href",
      "/registration",
    );
    await expectNoA11yViolations(page);

    await openTab(page, "Schedule");
    await expect(page.getByRole("heading", { name: "No Schedule Available" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
    await expectNoA11yViolations(page);

    const pdf = await page.request.get("/student-dashboard/schedule.pdf");
    expect(pdf.status()).toBe(404);
  });
});

test.describe("with a registration", () => {
  test("header, overview and subjects show the ward's registration", async ({ page }) => {
    const subjects = ["Mathematics", "Physics", "Chemistry"];
    const { user, registration } = await studentWithRegistration(page, { subjects, classPagesOpenedAt: new Date() });
    await page.goto("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: registration.wardName })).toBeVisible();
    await expect(page.getByText(`Signed in as ${user.fullName}`)).toBeVisible();
    await expect(header(page).getByText("Enrolled", { exact: true })).toBeVisible();
    await expect(header(page).getByText("General Science")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    const stat = (label: string) =>
      page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
    await expect(stat("Total Subjects")).toHaveText("3");
    // The seed has a class page for every science subject.
    await expect(stat("WhatsApp Groups")).toHaveText("3");
    await expect(stat("Programme")).toHaveText("General Science");
    await expect(stat("Registration Status")).toHaveText("Enrolled");
    await expect(page.getByRole("heading", { name: `Welcome, ${registration.wardName}!` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Subjects" }).getByRole("listitem")).toHaveText(subjects);
    await expectNoA11yViolations(page);

    await openTab(page, "Subjects");
    for (const s of subjects) {
      await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: s }) })).toContainText(
        "Active",
      );
    }
    await expect(page.getByRole("link", { name: "Complete Registration Form" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("a registration the student submitted themselves counts too, and the newest wins", async ({ page }) => {
    const user = await createUser({ role: "student" });
    const older = await createRegistration({ userId: user.id, wardName: `Older ${uniquePhone()}` });
    await Registration.collection.updateOne({ _id: older._id } as never, {
      $set: { createdAt: new Date(Date.now() - 86_400_000) },
    });
    const newest = await createRegistration({
      userId: user.id,
      wardName: `Newer ${uniquePhone()}`,
      programme: "business",
      subjects: ["Accounting"],
    });
    await signInAs(page.context(), user);
    await page.goto("/student-dashboard/subjects");
    await expect(page.getByRole("heading", { level: 1, name: newest.wardName })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Accounting" })).toBeVisible();
  });

  test("Logout signs out and returns to the portal chooser", async ({ page }) => {
    await studentWithRegistration(page, { classPagesOpenedAt: new Date() });
    await page.goto("/student-dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto("/student-dashboard");
    await expect(page).toHaveURL(/\/portal\?redirectTo=/);
  });
});

test.describe("WhatsApp tab", () => {
  test("class pages follow the link rule, ordered by subject, with the parent card and guidelines", async ({
    page,
  }) => {
    const [alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel] = uniqueSubjects(
      "Alpha",
      "Bravo",
      "Charlie",
      "Delta",
      "Echo",
      "Foxtrot",
      "Golf",
      "Hotel",
    );
    await addWhatsappGroups([
      { subjectName: hotel, whatsappLink: "https://chat.whatsapp.com/GoodHotel" },
      { subjectName: alpha, whatsappLink: "https://chat.whatsapp.com/GoodAlpha" },
      { subjectName: bravo, whatsappLink: "https://chat.whatsapp.com/PLACEHOLDER" },
      { subjectName: charlie, whatsappLink: "https://chat.whatsapp.com/Coming Soon" },
      { subjectName: delta, whatsappLink: "https://chat.whatsapp.com/not available" },
      { subjectName: echo, whatsappLink: "https://chat.whatsapp.com/Temp-link" },
      { subjectName: foxtrot, whatsappLink: "https://example.com/chat.whatsapp.com/abc" },
      { subjectName: golf, whatsappLink: "" },
      // Not shown in the portal: another type, another programme.
      { subjectName: alpha, groupType: "subject", whatsappLink: "https://chat.whatsapp.com/SubjectAlpha" },
      { subjectName: alpha, programme: "arts", whatsappLink: "https://chat.whatsapp.com/ArtsAlpha" },
    ]);
    await studentWithRegistration(page, {
      subjects: [hotel, golf, foxtrot, echo, delta, charlie, bravo, alpha],
      classPagesOpenedAt: new Date(),
    });
    await page.goto("/student-dashboard/whatsapp");
    await expect(tabs(page).getByRole("link", { name: "WhatsApp" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("note").filter({ hasText: "Join the WhatsApp class page" })).toBeVisible();

    const list = page
      .getByRole("heading", { name: "WhatsApp Class Pages" })
      .locator("xpath=..")
      .getByRole("list")
      .first();
    await expect(list.getByRole("heading", { level: 3 })).toHaveText([
      alpha,
      bravo,
      charlie,
      delta,
      echo,
      foxtrot,
      golf,
      hotel,
    ]);
    const card = (subject: string) =>
      list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: subject, exact: true }) });
    for (const good of [alpha, hotel]) {
      const join = card(good).getByRole("link", { name: /^Join Class Now/ });
      await expect(join).toHaveAttribute("href", `https://chat.whatsapp.com/Good${good.split(" ")[0]}`);
      await expect(join).toHaveAttribute("target", "_blank");
      await expect(join).toHaveAttribute("rel", /noopener/);
      await expect(card(good)).toContainText("Class Page");
      await expect(card(good)).toContainText("General Science");
    }
    for (const bad of [bravo, charlie, delta, echo, foxtrot, golf]) {
      await expect(card(bad).getByRole("button", { name: /Class Page Coming Soon/ })).toBeDisabled();
      await expect(card(bad).getByRole("link")).toHaveCount(0);
    }

    const parentCard = page.getByRole("region", { name: "Parent/Guardian Group" });
    await expect(parentCard).toContainText("strictly for parents and guardians");
    await expect(parentCard).toContainText("Students must not join");
    const share = parentCard.getByRole("link", { name: "Share with Parent/Guardian" });
    await expect(share).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*chat\.whatsapp\.com/);

    const guidelines = page.getByRole("region", { name: "Group Guidelines" });
    await expect(guidelines.getByRole("listitem")).toHaveCount(5);
    await expectNoA11yViolations(page);
  });

  test("'WhatsApp groups being set up' with no class pages; a '#' parent link is 'Link Coming Soon'", async ({
    page,
  }) => {
    // Visual Arts' newest non-science parent group is this '#' one (docs/product.md#integrations lookup).
    await addWhatsappGroups([
      {
        subjectName: `Visual Arts Parents ${uniquePhone()}`,
        programme: "visual-arts",
        groupType: "parent",
        whatsappLink: "#",
      },
    ]);
    await studentWithRegistration(page, {
      programme: "visual-arts",
      subjects: uniqueSubjects("Nothing Yet"),
      classPagesOpenedAt: new Date(),
    });
    await page.goto("/student-dashboard/whatsapp");
    await expect(page.getByText("WhatsApp groups being set up")).toBeVisible();
    await expect(page.getByRole("main").getByText("Visual Arts", { exact: true })).toBeVisible();
    const parentCard = page.getByRole("region", { name: "Parent/Guardian Group" });
    await expect(parentCard.getByRole("button", { name: "Link Coming Soon" })).toBeDisabled();
    await expect(parentCard.getByRole("link")).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("joining a class page announces it @js-only", async ({ page, context }) => {
    await context.route("https://chat.whatsapp.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    const [subject] = uniqueSubjects("Joinable");
    await addWhatsappGroups([{ subjectName: subject, whatsappLink: "https://chat.whatsapp.com/Joinable" }]);
    await studentWithRegistration(page, { subjects: [subject], classPagesOpenedAt: new Date() });
    await page.goto("/student-dashboard/whatsapp");
    const popup = context.waitForEvent("page");
    await page.getByRole("link", { name: /^Join Class Now/ }).click();
    expect((await popup).url()).toBe("https://chat.whatsapp.com/Joinable");
    await expect(page.getByRole("status").filter({ hasText: `Joining ${subject}` })).toBeVisible();
  });
  test("a withdrawn ward is offered no class page, which is also a lesson's join link by default", async ({ page }) => {
    const [subject] = uniqueSubjects("Withdrawn");
    await addWhatsappGroups([{ subjectName: subject, whatsappLink: "https://chat.whatsapp.com/WithdrawnWard" }]);
    await studentWithRegistration(page, {
      subjects: [subject],
      classPagesOpenedAt: new Date(),
      withdrawnAt: new Date(),
    });
    await page.goto("/student-dashboard/whatsapp");
    await expect(page.getByText("WhatsApp groups being set up")).toBeVisible();
    await expect(page.locator('a[href="https://chat.whatsapp.com/WithdrawnWard"]')).toHaveCount(0);
  });
});

test.describe("automatic opening of class pages", () => {
  test("opens each usable class page once per registration, with a toast per group @js-only", async ({
    page,
    context,
  }) => {
    await context.route("https://chat.whatsapp.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    const [one, two, broken] = uniqueSubjects("Auto One", "Auto Two", "Auto Broken");
    await addWhatsappGroups([
      { subjectName: one, whatsappLink: "https://chat.whatsapp.com/AutoOne" },
      { subjectName: two, whatsappLink: "https://chat.whatsapp.com/AutoTwo" },
      { subjectName: broken, whatsappLink: "https://chat.whatsapp.com/placeholder" },
    ]);
    const { registration } = await studentWithRegistration(page, { subjects: [one, two, broken] });
    const popups: Page[] = [];
    context.on("page", (p) => popups.push(p));
    await page.goto("/student-dashboard/schedule");
    await expect.poll(() => popups.length).toBe(2);
    await expect(page.getByRole("status").filter({ hasText: "Joining Group" })).toBeVisible();
    for (const p of popups) await p.waitForURL(/chat\.whatsapp\.com/);
    expect(popups.map((p) => p.url()).sort()).toEqual([
      "https://chat.whatsapp.com/AutoOne",
      "https://chat.whatsapp.com/AutoTwo",
    ]);
    await connectTestDb();
    await expect
      .poll(async () => (await Registration.findById(registration._id).lean())?.classPagesOpenedAt)
      .toBeTruthy();

    // Remembered on the server: another visit opens nothing and shows no join list.
    await page.goto("/student-dashboard");
    await expect(page.getByRole("heading", { name: "Join your class pages" })).toHaveCount(0);
    await page.goto("/student-dashboard/whatsapp");
    await expect(page.getByRole("link", { name: /^Join Class Now/ })).toHaveCount(2);
    expect(context.pages().filter((p) => p !== page)).toHaveLength(2);
  });

  test("when the browser blocks pop-ups it says so and keeps the join list @js-only", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const [subject] = uniqueSubjects("Blocked");
    await addWhatsappGroups([{ subjectName: subject, whatsappLink: "https://chat.whatsapp.com/Blocked" }]);
    await studentWithRegistration(page, { subjects: [subject] });
    await page.goto("/student-dashboard");
    await expect(
      page.getByRole("alert").filter({ hasText: "Could not automatically open WhatsApp groups" }),
    ).toBeVisible();
    const list = page.getByRole("region", { name: "Join your class pages" });
    await expect(list.getByRole("link", { name: `Join the ${subject} class page` })).toHaveAttribute(
      "href",
      "https://chat.whatsapp.com/Blocked",
    );
    await expectNoA11yViolations(page);
  });

  test("without usable class pages it says none are available and claims nothing @js-only", async ({ page }) => {
    const [subject] = uniqueSubjects("No Page");
    await addWhatsappGroups([{ subjectName: subject, whatsappLink: "https://chat.whatsapp.com/coming soon" }]);
    const { registration } = await studentWithRegistration(page, { subjects: [subject] });
    await page.goto("/student-dashboard");
    await expect(
      page.getByRole("status").filter({ hasText: "No WhatsApp groups available yet for your subjects" }),
    ).toBeVisible();
    await connectTestDb();
    expect((await Registration.findById(registration._id).lean())?.classPagesOpenedAt ?? null).toBeNull();
  });

  test("without JavaScript a 'Join your class pages' list shows until dismissed @no-js-only", async ({ page }) => {
    const [one, broken] = uniqueSubjects("List One", "List Broken");
    await addWhatsappGroups([
      { subjectName: one, whatsappLink: "https://chat.whatsapp.com/ListOne" },
      { subjectName: broken, whatsappLink: "temp" },
    ]);
    const { registration } = await studentWithRegistration(page, { subjects: [one, broken] });
    await page.goto("/student-dashboard/subjects");
    const list = page.getByRole("region", { name: "Join your class pages" });
    await expect(list.getByRole("link")).toHaveCount(1);
    const link = list.getByRole("link", { name: `Join the ${one} class page` });
    await expect(link).toHaveAttribute("href", "https://chat.whatsapp.com/ListOne");
    await expect(link).toHaveAttribute("target", "_blank");
    // (axe for this list runs in the JS test above: here it would open a JS page that opens the class pages.)

    // A plain GET changes nothing on the server.
    await page.reload();
    await expect(list).toBeVisible();
    await connectTestDb();
    expect((await Registration.findById(registration._id).lean())?.classPagesOpenedAt ?? null).toBeNull();

    await list.getByRole("button", { name: /hide this list/ }).click();
    await expect(page).toHaveURL(/\/student-dashboard\/subjects$/);
    await expect(page.getByRole("region", { name: "Join your class pages" })).toHaveCount(0);
    expect((await Registration.findById(registration._id).lean())?.classPagesOpenedAt).toBeTruthy();
  });
});

/** Lessons for a test's own subjects, inserted as the admin's timetable would make them. */
async function addLessons(lessons: Array<Partial<LessonDoc> & { subject: string; date: string }>) {
  await connectTestDb();
  await Lesson.create(
    lessons.map((l) => ({
      vacation: DEMO_VACATION,
      programme: "science",
      forms: ["form-1", "form-2", "form-3"],
      start: "08:00",
      end: "09:00",
      ...l,
    })),
  );
}

test.describe("Schedule tab", () => {
  test("shows the school's lessons of the week: today's running one with its join link, a cancelled one, the day filter and the summary", async ({
    page,
  }) => {
    const subjects = uniqueSubjects("Week Maths", "Week Physics");
    await studentWithRegistration(page, { subjects, classPagesOpenedAt: new Date() });
    const today = schoolDay();
    const monday = weekStart(today);
    const other = today === monday ? addDays(monday, 1) : monday;
    await addLessons([
      {
        subject: subjects[0],
        date: today,
        start: "00:00",
        end: "23:59",
        startedAt: new Date(),
        joinLink: "https://meet.google.com/abc-defg-hij",
      },
      { subject: subjects[1], date: other, start: "10:00", end: "11:30" },
      { subject: subjects[1], date: today, start: "12:00", end: "13:00", cancelled: true },
      { subject: subjects[1], date: today, forms: ["form-1"] }, // another form's
      { subject: `${subjects[1]} elsewhere`, date: today }, // a subject the ward does not take
      { subject: subjects[0], date: addDays(monday, 7), start: "14:00", end: "15:00" }, // next week
    ]);

    await page.goto("/student-dashboard");
    await openTab(page, "Schedule");
    await expect(page.getByRole("heading", { name: "Class Schedule" })).toBeVisible();
    await expect(page.getByRole("main").getByText(/sample|lab 1|room a/i)).toHaveCount(0);
    const cards = page
      .getByRole("heading", { name: "Class Schedule" })
      .locator("xpath=ancestor::section[1]")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(3);
    const running = cards.filter({ hasText: "Running now" });
    await expect(running.getByRole("heading", { level: 3 })).toHaveText(subjects[0]);
    await expect(running.getByRole("link", { name: `Join the lesson ${subjects[0]}` })).toHaveAttribute(
      "href",
      "https://meet.google.com/abc-defg-hij",
    );
    await expect(cards.filter({ hasText: "Cancelled" })).toContainText("12:00 PM to 1:00 PM");
    await expect(cards.filter({ hasText: "Cancelled" }).getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("note").filter({ hasText: "Today's Classes" })).toContainText(`You have 1 class today`);

    const summary = page.getByRole("region", { name: "Schedule Summary" });
    const value = (label: string) =>
      summary.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
    await expect(value("Subjects")).toHaveText("2");
    await expect(value("Total Classes")).toHaveText("2");
    await expect(value("Today's Classes")).toHaveText("1");
    await expectNoA11yViolations(page);

    const filter = page.getByRole("navigation", { name: "Filter by day" });
    const otherDay = weekdayName(other);
    await filter.getByRole("link", { name: otherDay }).click();
    await expect(page).toHaveURL(new RegExp(`\\?week=${monday}&day=${otherDay}$`));
    await expect(filter.getByRole("link", { name: otherDay })).toHaveAttribute("aria-current", "page");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("10:00 AM to 11:30 AM");
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      `/student-dashboard/schedule.pdf?week=${monday}&day=${otherDay}`,
    );

    await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: "Next week" }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("2:00 PM to 3:00 PM");
  });

  test("until the school sets the timetable for the ward's subjects, the schedule says so", async ({ page }) => {
    await studentWithRegistration(page, { subjects: uniqueSubjects("Unset Biology"), classPagesOpenedAt: new Date() });
    await page.goto("/student-dashboard/schedule");
    await expect(page.getByRole("heading", { name: "No Schedule Available" })).toBeVisible();
    await expect(page.getByText("The school has not set its timetable for your subjects yet.")).toBeVisible();
    expect((await page.request.get("/student-dashboard/schedule.pdf")).status()).toBe(404);
    await expectNoA11yViolations(page);
  });

  test("Download PDF gives a real PDF of the shown week", async ({ page }) => {
    const subjects = uniqueSubjects("Printed English", "Printed Chemistry");
    const { registration } = await studentWithRegistration(page, { subjects, classPagesOpenedAt: new Date() });
    const monday = weekStart(schoolDay());
    await addLessons([
      { subject: subjects[0], date: monday, start: "08:00", end: "09:00" },
      { subject: subjects[1], date: addDays(monday, 2), start: "10:00", end: "11:00", cancelled: true },
    ]);

    const response = await page.request.get("/student-dashboard/schedule.pdf");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="timetable-[a-z0-9-]+-${monday}\\.pdf"$`),
    );
    const text = pdfText(await response.body());
    expect(text).toContain(SCHOOL_NAME);
    expect(text).toContain(`Student: ${registration.wardName}`);
    expect(text).toContain("Programme: General Science");
    for (const s of subjects) expect(text).toContain(s);
    expect(text).toContain("Cancelled");

    const mondayOnly = await page.request.get(`/student-dashboard/schedule.pdf?week=${monday}&day=Monday`);
    expect([mondayOnly.status(), mondayOnly.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const filtered = pdfText(await mondayOnly.body());
    expect(filtered).toContain(subjects[0]);
    expect(filtered).not.toContain(subjects[1]);
    expect((await page.request.get("/student-dashboard/schedule.pdf?day=Sunday")).status()).toBe(400);

    await page.goto(`/student-dashboard/schedule?week=${monday}&day=Monday`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^timetable-.*-${monday}-monday\\.pdf$`));
  });

  test("Download PDF announces Download Started, then Download Complete @js-only", async ({ page }) => {
    const subjects = uniqueSubjects("Toast Maths");
    await studentWithRegistration(page, { subjects, classPagesOpenedAt: new Date() });
    await addLessons([{ subject: subjects[0], date: schoolDay() }]);
    await page.goto("/student-dashboard/schedule");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    // One toast shows at a time and 'Download Complete' replaces 'Download Started' 2 s after the click, so the first
    // is looked for at once: waiting for the download first missed it in CI whenever the PDF took longer than that.
    await expect(page.getByRole("status").filter({ hasText: "Download Started" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Download Complete" })).toBeVisible();
    await download;
  });
});

test.describe("admins", () => {
  test("an admin sees the Admin tab and their own (empty) portal", async ({ page, loginAs }) => {
    await loginAs("admin");
    await page.goto("/student-dashboard");
    await expect(tabs(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    await expect(header(page).getByText("Pending", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("an admin viewing as a student sees that student's portal and PDF, and opens nothing", async ({
    page,
    context,
    loginAs,
  }) => {
    await context.route("https://chat.whatsapp.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    const subjects = ["Economics", "Geography"];
    const student = await createUser({ role: "student" });
    const registration = await createRegistration({
      wardWhatsapp: student.localPhone,
      wardName: `Viewed ${uniquePhone()}`,
      subjects,
    });
    await addLessons([{ subject: subjects[0], date: schoolDay() }]);
    const admin = await loginAs("admin");
    await connectTestDb();
    const session = await Session.findOne({ userId: admin.id }).sort({ createdAt: -1 }).lean();
    await Session.updateOne({ _id: session!._id }, { $set: { impersonatedUserId: student.id } });

    await page.goto("/student-dashboard");
    await expect(page.getByText(`Admin Mode: Viewing as student - ${student.fullName}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: registration.wardName })).toBeVisible();
    await expect(header(page).getByText("Enrolled", { exact: true })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Admin" })).toBeVisible();
    // The join list is shown, but the admin cannot use up the student's first opening.
    await expect(page.getByRole("region", { name: "Join your class pages" }).getByRole("button")).toHaveCount(0);
    await openTab(page, "Subjects");
    await expect(page.getByRole("heading", { name: "Economics" })).toBeVisible();
    await expectNoA11yViolations(page);

    const text = pdfText(await (await page.request.get("/student-dashboard/schedule.pdf")).body());
    expect(text).toContain(`Student: ${registration.wardName}`);
    const post = await page.request.post("/student-dashboard/class-pages", {
      form: { intent: "auto-open" },
      headers: { Origin: E2E.baseURL },
    });
    expect(post.status()).toBe(403);
    // (axe itself opens about:blank pages, so look for WhatsApp pages only.)
    expect(
      context
        .pages()
        .map((p) => p.url())
        .filter((u) => u.includes("whatsapp.com")),
    ).toEqual([]);
    expect((await Registration.findById(registration._id).lean())?.classPagesOpenedAt ?? null).toBeNull();
  });
});
