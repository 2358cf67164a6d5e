import { readableReference } from "#app/domain/registration-reference.ts";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import {
  test,
  expect,
  connectTestDb,
  createRegistration,
  createUser,
  signInAs,
  uniquePhone,
  toast,
  type TestUser,
  fieldError,
  giveSubjects,
  addWhatsappGroups,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { Lesson } from "#app/models/lesson.server.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Assignment } from "#app/models/assignment.server.ts";
import { Session } from "#app/models/session.server.ts";
import type { Page } from "@playwright/test";

/** A facilitator with one subject of their own (a unique name, so counts are theirs alone) and two students in it. */
async function facilitatorWithStudents(page: Page, loginAs: (role: "facilitator") => Promise<TestUser>) {
  const user = await loginAs("facilitator");
  await connectTestDb();
  const subject = `Subject ${uniquePhone()}`;
  await Subject.create({ name: subject, facilitatorId: user.id });
  const other = `Other ${uniquePhone()}`;
  await Subject.create({ name: other, facilitatorId: user.id });
  const ama = await createRegistration({ wardName: `Ama ${uniquePhone()}`, subjects: [subject, "Mathematics"] });
  const kofi = await createRegistration({ wardName: `Kofi ${uniquePhone()}`, subjects: [subject, other] });
  // Not in the facilitator's subjects: never listed.
  const stranger = await createRegistration({ wardName: `Stranger ${uniquePhone()}`, subjects: ["Mathematics"] });
  return { user, subject, other, ama, kofi, stranger };
}

test("overview: real totals, lessons and activity; sample numbers labelled as sample data", async ({
  page,
  loginAs,
}) => {
  const { subject } = await facilitatorWithStudents(page, loginAs);
  const lesson = { vacation: DEMO_VACATION, programme: "science", subject, forms: ["form-2"] };
  // Running all day today (its register now open), and one held a week ago.
  await Lesson.create([
    { ...lesson, date: schoolDay(), start: "00:00", end: "23:59" },
    {
      ...lesson,
      date: addDays(schoolDay(), -8),
      start: "09:00",
      end: "10:00",
      registerSavedAt: new Date(Date.now() - 3 * 3600_000),
    },
  ]);
  await page.goto("/facilitator-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const stat = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(stat("Total Students")).toHaveText("2");
  await expect(stat("Active Classes")).toHaveText("2");
  // Nothing handed in or marked in these subjects yet (the figures themselves: tests/e2e/handins.spec.ts).
  await expect(stat("Pending Reviews")).toHaveText("0");
  await expect(stat("Avg Performance")).toHaveText("None yet");
  const card = (title: string) =>
    page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const upcoming = card("Upcoming Classes");
  await expect(upcoming).toContainText("1 lesson this week · 1 register to take");
  await expect(upcoming.getByRole("listitem")).toHaveCount(1);
  await expect(upcoming.getByRole("listitem")).toContainText(subject);
  await expect(upcoming.getByRole("listitem")).toContainText("Running now");
  await expect(upcoming.getByRole("listitem")).toContainText("Today, 12:00 AM to 11:59 PM · General Science · Form 2");
  await expect(card("Performance breakdown")).toContainText("No marked work yet.");
  const activity = card("Recent Activities").getByRole("listitem");
  await expect(activity).toHaveCount(1);
  await expect(activity).toContainText(`Register taken: ${subject}, `);
  await expect(activity).toContainText("3 hours ago");
  await expectNoA11yViolations(page);
});

test("tabs are URLs; classes show the facilitator's subjects as Active cards; Create New Class asks the office", async ({
  page,
  loginAs,
}) => {
  const { subject, other } = await facilitatorWithStudents(page, loginAs);
  // A lesson of the subject running all day today: its card's Start Live Session leads to its Start class form.
  const [today] = await Lesson.create([
    {
      vacation: DEMO_VACATION,
      programme: "science",
      subject,
      forms: ["form-2"],
      date: schoolDay(),
      start: "00:00",
      end: "23:59",
    },
  ]);
  await page.goto("/facilitator-dashboard");
  await page
    .getByRole("navigation", { name: "Facilitator portal tabs" })
    .getByRole("link", { name: "Classes" })
    .click();
  await expect(page).toHaveURL(/\/facilitator-dashboard\/classes$/);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: subject, exact: true }) });
  await expect(card).toContainText("Active");
  await expect(card).toContainText("2 students");
  await expect(card.getByRole("link", { name: /View Materials/ })).toBeVisible();
  await expect(card.getByRole("link", { name: `Start Live Session of ${subject}` })).toHaveAttribute(
    "href",
    `#start-${today._id}`,
  );
  await expect(page.locator(`form#start-${today._id}`)).toBeVisible();
  const otherCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: other, exact: true }) });
  await expect(otherCard).toContainText(`No lesson of ${other} to start today.`);
  await expectNoA11yViolations(page);

  // Create New Class: a form that asks the office; refused empty by its field, then sent.
  await page.getByRole("link", { name: "Create New Class" }).click();
  await expect(page).toHaveURL(/\/facilitator-dashboard\/classes\/request$/);
  await page.getByRole("button", { name: "Send to the office" }).click();
  await expect(page.getByLabel("Which class do you need?")).toHaveAccessibleDescription(/Say which class you need/);
  await page.getByLabel("Subject").selectOption(subject);
  await page.getByLabel("Which class do you need?").fill("A second Form 2 class, about 40 students.");
  await page.getByRole("button", { name: "Send to the office" }).click();
  await expect(page).toHaveURL(/\/facilitator-dashboard\/classes$/);
  await expect(toast(page, "Sent to the office")).toBeVisible();
});

test("students: the enrolled students, search by name and id, subject filter, empty text", async ({
  page,
  loginAs,
}) => {
  const { subject, other, ama, kofi, stranger } = await facilitatorWithStudents(page, loginAs);
  await page.goto("/facilitator-dashboard/students");
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: new RegExp(ama.wardName) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(kofi.wardName) })).toContainText("—");
  await expect(table.getByText(stranger.wardName)).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByLabel("Search by name, email or id").fill(ama.wardName.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(ama.wardName);

  await page.getByLabel("Search by name, email or id").fill(String(kofi._id));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(kofi.wardName);
  await expect(
    page.getByText(readableReference(kofi.reference)),
    "facilitators never see a registration reference",
  ).toHaveCount(0);

  await page.goto(`/facilitator-dashboard/students?subject=${encodeURIComponent(other)}`);
  await expect(page.getByRole("combobox", { name: "Subject", exact: true })).toHaveValue(other);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(kofi.wardName);

  await page.getByLabel("Search by name, email or id").fill("nobody-matches-this");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table).toContainText("No students found matching your criteria");
  expect(subject).toBeTruthy();
});

test("students CSV: students_{subject}_{date}.csv with the filtered rows", async ({ page, loginAs }) => {
  const { subject, ama, kofi, stranger } = await facilitatorWithStudents(page, loginAs);
  await page.goto(`/facilitator-dashboard/students?subject=${encodeURIComponent(subject)}`);
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toContain("/facilitator-dashboard/students/export");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  const date = new Date().toISOString().slice(0, 10);
  const slug = subject.replace(/[^A-Za-z0-9]+/g, "-");
  expect(response.headers()["content-disposition"]).toContain(`students_${slug}_${date}.csv`);
  const text = (await response.body()).toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "ID,Name,Email,Phone,Programme,Registered Subjects,Enrollment Date,Attendance,Performance,Status",
  );
  expect(lines).toHaveLength(3);
  expect(text).toContain(ama.wardName);
  expect(text).toContain(kofi.wardName);
  expect(text).not.toContain(stranger.wardName);
});

test("students CSV neutralises formula cells", async ({ page, loginAs }) => {
  const user = await loginAs("facilitator");
  await connectTestDb();
  const subject = `Subject ${uniquePhone()}`;
  await Subject.create({ name: subject, facilitatorId: user.id });
  await createRegistration({ wardName: `=HYPERLINK("http://evil.example") ${uniquePhone()}`, subjects: [subject] });
  const response = await page.request.get(
    `/facilitator-dashboard/students/export?subject=${encodeURIComponent(subject)}`,
  );
  const text = (await response.body()).toString("utf8");
  expect(text).toContain(`'=HYPERLINK`);
  expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function tmpFile(name: string, bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-assign-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

async function upload(page: Page, fields: { subject: string; title: string; description?: string; file: string }) {
  await page.getByRole("combobox", { name: "Subject", exact: true }).selectOption(fields.subject);
  await page.getByLabel("Title").fill(fields.title);
  if (fields.description) await page.getByLabel("Description (optional)").fill(fields.description);
  await page.getByLabel("File").setInputFiles(fields.file);
  await page.getByRole("button", { name: "Upload" }).click();
}

test("assignments: upload a PDF and an image, list by type, open, delete @both", async ({ page, loginAs }) => {
  const facilitator = await loginAs("facilitator");
  await giveSubjects(facilitator.id, "Mathematics", "Physics");
  await page.goto("/facilitator-dashboard/assignments");
  await expect(page.getByText("No assignments uploaded yet. Upload your first test above.")).toBeVisible();
  await expectNoA11yViolations(page);

  await upload(page, {
    subject: "Mathematics",
    title: "Algebra test 1",
    description: "Chapters 1-3",
    file: tmpFile("algebra.pdf", PDF),
  });
  await expect(page.getByRole("status")).toContainText("Assignment uploaded successfully");
  // The form starts empty again, with JavaScript as without: nothing invites the same upload twice.
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByLabel("File")).toHaveValue("");
  const pdfItem = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Algebra test 1/ }) });
  await expect(pdfItem.locator("[data-kind]")).toHaveText("PDF");
  await expect(pdfItem).toContainText("algebra.pdf");

  await upload(page, { subject: "Physics", title: "Forces diagram", file: tmpFile("diagram.jpeg", PNG) });
  const imgItem = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Forces diagram/ }) });
  await expect(imgItem.locator("[data-kind]")).toHaveText("Image");

  const fileHref = await pdfItem.getByRole("link", { name: /Open/ }).getAttribute("href");
  const file = await page.request.get(fileHref!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectNoA11yViolations(page);

  await pdfItem
    .getByRole("link", { name: /Delete/ })
    .or(pdfItem.getByRole("button", { name: /Delete/ }))
    .click();
  if (test.info().project.name === "js") {
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Delete Algebra test 1?");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  } else {
    await expect(page.getByRole("heading", { level: 1, name: "Delete assignment" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expect(page.getByRole("status")).toContainText("Assignment deleted successfully");
  await expect(page).toHaveURL(/\/facilitator-dashboard\/assignments$/);
  await expect(page.getByRole("heading", { name: /Algebra test 1/ })).toHaveCount(0);
  expect((await page.request.get(fileHref!)).status()).toBe(404);
  await expect(page.getByRole("heading", { name: /Forces diagram/ })).toBeVisible();
});

test("assignments: hostile and oversized files are refused, values kept", async ({ page, loginAs }) => {
  const facilitator = await loginAs("facilitator");
  await giveSubjects(facilitator.id, "Biology");
  await page.goto("/facilitator-dashboard/assignments");
  // HTML dressed up as a PDF: the bytes decide.
  await upload(page, {
    subject: "Biology",
    title: "Sneaky",
    file: tmpFile("notes.pdf", Buffer.from("<html><script>alert(1)</script></html>")),
  });
  await expect(fieldError(page, "Please upload a PDF, JPG, PNG, MP4, MOV or AVI file")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Sneaky");
  await expect(page.getByLabel("File")).toHaveAttribute("aria-invalid", "true");

  // An SVG (script-capable) named .png.
  await upload(page, {
    subject: "Biology",
    title: "Sneaky svg",
    file: tmpFile("cell.png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  });
  await expect(fieldError(page, "Please upload a PDF, JPG, PNG, MP4, MOV or AVI file")).toBeVisible();

  // Right type, wrong extension list: an executable named .exe.
  await upload(page, {
    subject: "Biology",
    title: "Program",
    file: tmpFile("run.exe", Buffer.from("MZ\x90\x00\x03\x00\x00\x00")),
  });
  await expect(fieldError(page, "Please upload a PDF, JPG, PNG, MP4, MOV or AVI file")).toBeVisible();

  // Over the 10 MB limit.
  const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 0x20);
  PDF.copy(big);
  await upload(page, { subject: "Biology", title: "Huge", file: tmpFile("huge.pdf", big) });
  await expect(fieldError(page, "Please upload files smaller than 10 MB")).toBeVisible();

  await page.goto("/facilitator-dashboard/assignments");
  await expect(page.getByText("No assignments uploaded yet. Upload your first test above.")).toBeVisible();
});

test("assignment files are only served to their owner, an admin or the subject's students", async ({
  page,
  loginAs,
  browser,
}) => {
  const owner = await loginAs("facilitator");
  await giveSubjects(owner.id, "Chemistry");
  await page.goto("/facilitator-dashboard/assignments");
  await upload(page, { subject: "Chemistry", title: "Private notes", file: tmpFile("notes.pdf", PDF) });
  const href = await page.getByRole("link", { name: /Open Private notes/ }).getAttribute("href");
  expect(owner.id).toBeTruthy();

  // A student not registered for the subject gets the same 404 as for an unknown file (tests/e2e/admin-permissions.spec.ts
  // covers the subject's students and admins without can_access_subjects).
  for (const [role, status] of [
    ["facilitator", 404],
    ["student", 404],
    ["admin", 200],
  ] as const) {
    const context = await browser.newContext();
    await signInAs(context, await createUser({ role }));
    const response = await context.request.get(href!);
    expect(response.status(), role).toBe(status);
    await context.close();
  }
  // Deleting someone else's assignment is "not found".
  const context = await browser.newContext();
  await signInAs(context, await createUser({ role: "facilitator" }));
  const response = await context.request.post(href!.replace(/\/file$/, "/delete"), { form: {}, maxRedirects: 0 });
  expect(response.status()).toBe(404);
  await context.close();
  expect((await page.request.get(href!)).status()).toBe(200);
});

test("whatsapp: the school's class pages for the subjects the facilitator teaches, with their enrolled students", async ({
  page,
  loginAs,
  context,
}) => {
  const facilitator = await loginAs("facilitator");
  await page.goto("/facilitator-dashboard/whatsapp");
  await expect(page.getByRole("main")).toContainText("You teach no subject yet");
  await expect(page.getByRole("main")).not.toContainText("Sample data");

  // A subject of their own, its class page for this vacation, one enrolled ward and one withdrawn.
  const subject = `Oral Twi ${test.info().project.name}${Date.now()}`;
  await connectTestDb();
  await Subject.create({ name: subject, facilitatorId: facilitator.id });
  const link = `https://chat.whatsapp.com/E2eTwi${Date.now()}`;
  await addWhatsappGroups([{ subjectName: subject, programme: "arts", whatsappLink: link }]);
  await createRegistration({ programme: "arts", subjects: [subject] });
  await createRegistration({ programme: "arts", subjects: [subject], withdrawnAt: new Date() });
  await expect(async () => {
    await page.goto("/facilitator-dashboard/whatsapp");
    await expect(page.getByRole("heading", { name: `${subject} Class Page: General Arts` })).toBeVisible();
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("main")).toContainText("1 student enrolled");
  await expect(page.getByRole("link", { name: /^Open link/ })).toHaveCount(1);
  await expect(page.getByRole("link", { name: /^Open link/ })).toHaveAttribute("href", link);
  await expectNoA11yViolations(page);
  if (test.info().project.name === "js") {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: `Copy link for ${subject} Class Page: General Arts` }).click();
    await expect(page.getByText("Link Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  } else {
    await expect(page.getByRole("button", { name: /Copy link/ })).toHaveCount(0);
  }
});

test("students and parents get a 403 on the facilitator portal", async ({ page, loginAs }) => {
  await loginAs("student");
  expect((await page.goto("/facilitator-dashboard"))?.status()).toBe(403);
  expect((await page.goto("/facilitator-dashboard/students/export"))?.status()).toBe(403);
  await page.context().clearCookies();
  await loginAs("parent");
  expect((await page.goto("/facilitator-dashboard/assignments"))?.status()).toBe(403);
});

test("while an admin views as a facilitator, the portal shows the facilitator's name and data", async ({
  page,
  loginAs,
}) => {
  const admin = await createUser({ role: "admin" });
  const sessionId = await signInAs(page.context(), admin);
  const facilitator = await createUser({ role: "facilitator", fullName: "Viewed Facilitator" });
  await connectTestDb();
  const subject = `Subject ${uniquePhone()}`;
  await Subject.create({ name: subject, facilitatorId: facilitator.id });
  const reg = await createRegistration({ subjects: [subject] });
  await Session.updateOne({ _id: sessionId }, { $set: { impersonatedUserId: facilitator.id } });
  await page.goto("/facilitator-dashboard/students");
  await expect(page.locator("header", { hasText: "Facilitator Portal" })).toContainText("Viewed Facilitator");
  await expect(page.getByRole("table")).toContainText(reg.wardName);
  expect(loginAs).toBeTruthy();
});

test("@js-only a section's overview and the home page open from the page's own routes, before route discovery answers", async ({
  page,
  loginAs,
}) => {
  await loginAs("facilitator");
  // The browser learns most routes from /__manifest as their links appear; the page itself carries those of its
  // parents and of /. With that request never answered, the links to them still work.
  await page.route("**/__manifest*", () => {});
  await page.goto("/facilitator-dashboard/classes");
  await page.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page).toHaveURL(/\/facilitator-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const fromTheScript = await page.evaluate(() =>
    Object.keys((window as { __reactRouterManifest?: { routes: object } }).__reactRouterManifest?.routes ?? {}),
  );
  expect(fromTheScript).toContain("routes/public/home");
});

test("a facilitator posts only to the subjects the office gave them @js-only", async ({ page, loginAs }) => {
  const facilitator = await loginAs("facilitator");
  await giveSubjects(facilitator.id, "Economics");
  const post = (subject: string) =>
    page.request.post("/facilitator-dashboard/assignments", {
      multipart: {
        intent: "upload",
        subject,
        title: `URGENT: pay exam fee ${uniquePhone()}`,
        file: { name: "notice.pdf", mimeType: "application/pdf", buffer: PDF },
      },
      maxRedirects: 0,
    });
  // Every student of Mathematics would get it: refused, nothing stored.
  const refused = await post("Mathematics");
  expect(refused.status()).toBe(400);
  await connectTestDb();
  expect(await Assignment.countDocuments({ facilitatorId: facilitator.id })).toBe(0);
  expect((await post("Economics")).status()).toBe(302);
  expect(await Assignment.countDocuments({ facilitatorId: facilitator.id })).toBe(1);
  // The form offers their own subjects only.
  await page.goto("/facilitator-dashboard/assignments");
  const options = await page
    .getByRole("combobox", { name: "Subject", exact: true })
    .locator("option")
    .allTextContents();
  expect(options).toEqual(["Select a subject…", "Economics"]);
});
