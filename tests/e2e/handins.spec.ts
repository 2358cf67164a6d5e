import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  test,
  expect,
  createRegistration,
  createUser,
  fieldError,
  giveSubjects,
  signInAs,
  uniquePhone,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";

/**
 * Work handed in and marked (docs/decisions/0108-work-handed-in-and-marked.md), as its people do it, with and without
 * JavaScript: the facilitator sets work with a due time and a maximum, the student hands in photos of their pages and
 * typed text from the assignment's page, the facilitator marks it with the photos on the page, and the mark and
 * comment reach the student and the parent's ward page; the overview and the Students table count it.
 */

function tmpFile(name: string, bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-handin-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A phone photo of a page: 3000 × 2000 with camera and GPS EXIF. */
const photo = (shade: string) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: shade } })
    .jpeg()
    .withExif({ IFD0: { Make: "Tecno" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "5/1 33/1 0/1" } })
    .toBuffer();

test("a student hands in photos and text; the facilitator marks it out of the maximum; the mark and comment reach the student @both", async ({
  page,
}) => {
  const subject = `Handin subject ${uniquePhone()}`;
  const title = `Exercise ${uniquePhone()}`;
  const facilitator = await createUser({ role: "facilitator" });
  await giveSubjects(facilitator.id, subject);
  const student = await createUser({ role: "student" });
  const parent = await createUser({ role: "parent" });
  const ward = await createRegistration({
    subjects: [subject],
    wardName: `Kwesi ${uniquePhone()}`,
    studentUserId: student.id,
    parentUserId: parent.id,
  });

  // The facilitator sets the work: due tomorrow at 17:00, out of 10, no file.
  await signInAs(page.context(), facilitator);
  await page.goto("/facilitator-dashboard/assignments");
  await page.getByRole("combobox", { name: "Subject", exact: true }).selectOption(subject);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description (optional)").fill("Questions 1 to 3 on page 12.");
  await page.getByLabel("Due (optional)").fill(`${addDays(schoolDay(), 1)}T17:00`);
  await page.getByLabel("Maximum score").fill("10");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Assignment uploaded successfully" }).first()).toBeVisible();
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(item).toContainText("out of 10");

  // The student finds it to do and hands in two photos and a line of text.
  await page.context().clearCookies();
  await signInAs(page.context(), student);
  await page.goto("/assignments");
  const card = page.getByRole("article", { name: title });
  await expect(card).toContainText("To do");
  await card.getByRole("link", { name: `Hand in for ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectNoA11yViolations(page);
  // A file that is not a photo or a PDF is refused by its field, and what was typed stays.
  await page.getByLabel("Your answer (typed)").fill("Working on the photos.");
  await page
    .getByLabel("Photos of your pages, or a PDF")
    .setInputFiles(tmpFile("page.jpg", Buffer.from("not a photo")));
  await page.getByRole("button", { name: "Hand In" }).click();
  await expect(fieldError(page, "page.jpg: Choose photos (JPEG or PNG) or a PDF")).toBeVisible();
  await expect(page.getByLabel("Your answer (typed)")).toHaveValue("Working on the photos.");
  await page
    .getByLabel("Photos of your pages, or a PDF")
    .setInputFiles([tmpFile("IMG_1.jpg", await photo("#eeeeee")), tmpFile("IMG_2.jpg", await photo("#dddddd"))]);
  await page.getByRole("button", { name: "Hand In" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Work handed in" }).first()).toBeVisible();
  await expect(page.locator("[data-status]").first()).toHaveText("Handed in");
  const pageLink = page.getByRole("link", { name: "Page 2" });
  const served = await page.request.get((await pageLink.getAttribute("href"))!);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  const meta = await sharp(await served.body()).metadata();
  expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1067, undefined]);

  // Someone else's student gets nothing of it.
  await page.context().clearCookies();
  const other = await createUser({ role: "student" });
  await createRegistration({ subjects: ["Physics"], studentUserId: other.id });
  await signInAs(page.context(), other);
  const handinUrl = new URL(page.url()).pathname;
  expect((await page.request.get(handinUrl)).status()).toBe(404);
  expect((await page.request.get((await pageLink.getAttribute("href"))!)).status()).toBe(404);

  // The facilitator has one piece to mark, sees the photos and marks it.
  await page.context().clearCookies();
  await signInAs(page.context(), facilitator);
  await page.goto("/facilitator-dashboard");
  await expect(page.locator("dt", { hasText: "Pending Reviews" }).locator("..")).toContainText("1");
  await page.goto("/facilitator-dashboard/assignments");
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .getByRole("link", { name: `Work handed in for ${title}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "1 handed in · 1 to mark · 0 not handed in" })).toBeVisible();
  await page.getByRole("link", { name: `Mark ${ward.wardName}'s work` }).click();
  await expect(page.getByRole("img", { name: `Page 1 of 2 of ${ward.wardName}'s work` })).toBeVisible();
  await expect(page.getByText("Working on the photos.")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Score (out of 10)").fill("11");
  await page.getByLabel("Comment (optional)").fill("Neat working; check question 3.");
  await page.getByRole("button", { name: "Save Mark" }).click();
  await expect(fieldError(page, "Give a score from 0 to 10.")).toBeVisible();
  await expect(page.getByLabel("Comment (optional)")).toHaveValue("Neat working; check question 3.");
  await page.getByLabel("Score (out of 10)").fill("8");
  await page.getByRole("button", { name: "Save Mark" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mark saved" }).first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(ward.wardName) })).toContainText("8 of 10");

  await page.goto("/facilitator-dashboard");
  await expect(page.locator("dt", { hasText: "Pending Reviews" }).locator("..")).toContainText("0");
  await expect(page.locator("dt", { hasText: "Avg Performance" }).locator("..")).toContainText("80%");
  await page.goto(`/facilitator-dashboard/students?subject=${encodeURIComponent(subject)}`);
  await expect(page.getByRole("row", { name: new RegExp(ward.wardName) })).toContainText("80% (Excellent)");

  // The student sees the mark and the comment, and the work no longer takes a hand-in.
  await page.context().clearCookies();
  await signInAs(page.context(), student);
  await page.goto(handinUrl);
  await expect(page.getByText("Mark: 8 of 10 (80%)")).toBeVisible();
  await expect(page.getByText("Comment: Neat working; check question 3.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Hand In/ })).toHaveCount(0);

  // The parent reads the same on the ward's page: the average with its label, and the mark with its comment.
  await page.context().clearCookies();
  await signInAs(page.context(), parent);
  await page.goto(`/parent-dashboard/wards/${ward._id}`);
  const work = page
    .getByRole("list", { name: `${ward.wardName}: work by subject` })
    .getByRole("listitem")
    .first();
  await expect(work).toContainText(`${subject}Average: 80% (Excellent)`);
  await expect(work).toContainText(`${title}: 8 of 10 (80%)`);
  await expect(work).toContainText("Neat working; check question 3.");
});
