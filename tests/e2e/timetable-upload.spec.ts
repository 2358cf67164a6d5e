import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import {
  test,
  expect,
  createUser,
  createRegistration,
  sessionCookieHeader,
  connectTestDb,
  fieldError,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Timetable } from "#app/models/timetable.server.ts";
import type { Page } from "@playwright/test";
import { GridFSBucket } from "mongodb";

const PNG = fs.readFileSync(path.resolve("public/timetables/form-2-science.png"));
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(2048, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const ACCESS_RESTRICTED =
  "Access Restricted: Only administrators can upload or manage timetables. Please contact an admin if you need assistance.";
const MISSING = "Missing information: Please provide a title, select a programme and a file";

/** Every stored upload (GridFS, app/models/infra/file-store.server.ts): its key and size. */
async function storedUploads(): Promise<{ filename: string; length: number }[]> {
  const mongoose = await connectTestDb();
  return mongoose.connection
    .db!.collection("uploads.files")
    .find({}, { projection: { filename: 1, length: 1 } })
    .toArray() as never;
}
const uploadedFiles = async () => (await storedUploads()).map((f) => f.filename);
const filesOf = async (userId: string) => (await uploadedFiles()).filter((f) => f.startsWith(`${userId}/`));
async function storedBytes(key: string) {
  const mongoose = await connectTestDb();
  const chunks: Buffer[] = [];
  for await (const chunk of new GridFSBucket(mongoose.connection.db!, {
    bucketName: "uploads",
  }).openDownloadStreamByName(key))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function fillSingle(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer } | null,
  title = "Form 2 Science timetable",
) {
  const form = page.getByRole("region", { name: "Upload a timetable" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Programme").selectOption("science");
  if (file) await form.getByLabel("Timetable file").setInputFiles(file);
  await form.getByRole("button", { name: "Upload Timetable" }).click();
  return form;
}

test.describe("Timetable upload", () => {
  test("non-admins see the Access Restricted text and cannot post; anonymous visitors sign in first", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student");
    await page.goto("/timetable-upload");
    await expect(page.getByText(ACCESS_RESTRICTED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload Timetable" })).toHaveCount(0);
    await expectNoA11yViolations(page);
    const before = (await uploadedFiles()).length;
    const post = await page.request.post("/timetable-upload", {
      headers: { Origin: E2E.baseURL },
      multipart: {
        intent: "single",
        title: "x",
        programme: "science",
        file: { name: "t.png", mimeType: "image/png", buffer: PNG },
      },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    const bulk = await page.request.post("/timetable-upload", {
      headers: { Origin: E2E.baseURL },
      multipart: { intent: "bulk" },
      maxRedirects: 0,
    });
    expect(bulk.status()).toBe(403);
    expect((await uploadedFiles()).length).toBe(before);

    await page.context().clearCookies();
    await page.goto("/timetable-upload");
    await expect(page).toHaveURL(/\/portal\?redirectTo=%2Ftimetable-upload/);
  });

  test("an admin uploads a timetable: stored under a generated name, listed, and downloadable by signed-in users only @both", async ({
    page,
    loginAs,
    request,
  }) => {
    const admin = await loginAs("admin");
    await page.goto("/timetable-upload");
    await expect(page.getByRole("heading", { level: 1, name: "Timetable Upload" })).toBeVisible();
    await expectNoA11yViolations(page);

    // Missing pieces: one message, values kept.
    const form = page.getByRole("region", { name: "Upload a timetable" });
    await form.getByLabel("Title").fill("Only a title");
    await form.getByRole("button", { name: "Upload Timetable" }).click();
    await expect(fieldError(form, MISSING)).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("Only a title");

    const title = `Science ${test.info().project.name} ${Date.now()}`;
    await fillSingle(page, { name: "My Timetable.png", mimeType: "image/png", buffer: PNG }, title);
    await expect(page.getByRole("status")).toContainText("Timetable uploaded successfully");
    await expect(page.getByRole("listitem").filter({ hasText: title })).toBeVisible();

    await connectTestDb();
    const row = await Timetable.findOne({ title }).lean();
    expect(row).toMatchObject({
      userId: admin.id,
      description: null,
      programme: "science",
      fileName: "My Timetable.png",
      fileType: "image/png",
    });
    expect(row!.filePath).toMatch(new RegExp(`^${admin.id}/\\d{13}\\.png$`));
    // Kept as a PNG of the same picture, written again without metadata (app/utils/images.server.ts).
    const stored = await storedBytes(row!.filePath);
    expect(row!.fileSize).toBe(stored.length);
    const original = await sharp(PNG).metadata();
    expect(await sharp(stored).metadata()).toMatchObject({
      format: "png",
      width: original.width,
      height: original.height,
    });

    const item = page.getByRole("listitem").filter({ hasText: title });
    await expect(item).toContainText("General Science");
    const href = await item.getByRole("link", { name: `Download ${title}` }).getAttribute("href");
    expect(href).toBe(`/timetables/${row!._id}/file`);

    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("image/png");
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
    expect(download.headers()["content-disposition"]).toContain('attachment; filename="My Timetable.png"');
    expect(Buffer.from(await download.body()).equals(stored)).toBe(true);
    // A download cut off on a bad link resumes where it stopped.
    const rest = await page.request.get(href!, { headers: { Range: "bytes=100-" } });
    expect(rest.status()).toBe(206);
    expect(rest.headers()["content-range"]).toBe(`bytes 100-${stored.length - 1}/${stored.length}`);
    expect(Buffer.from(await rest.body()).equals(stored.subarray(100))).toBe(true);

    // A General Science student may download it; a student of no programme is told it does not exist.
    const student = await createUser({ role: "student" });
    await createRegistration({ wardWhatsapp: student.localPhone, programme: "science" });
    const asStudent = await request.get(href!, {
      headers: { Cookie: await sessionCookieHeader(student) },
      maxRedirects: 0,
    });
    expect(asStudent.status()).toBe(200);
    const stranger = await createUser({ role: "student" });
    expect(
      (
        await request.get(href!, { headers: { Cookie: await sessionCookieHeader(stranger) }, maxRedirects: 0 })
      ).status(),
    ).toBe(404);
    const anonymous = await request.get(href!, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(
      (
        await request.get("/timetables/zzzzzzzzzzzzzzzzzzzz/file", {
          headers: { Cookie: await sessionCookieHeader(student) },
        })
      ).status(),
    ).toBe(404);

    // A PDF with a description.
    await fillSingle(page, { name: "term.pdf", mimeType: "application/pdf", buffer: PDF }, `${title} PDF`);
    await expect(page.getByRole("listitem").filter({ hasText: `${title} PDF` })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Timetable uploaded successfully");
    const pdf = await Timetable.findOne({ title: `${title} PDF` }).lean();
    expect(pdf).toMatchObject({ fileType: "application/pdf" });
    expect(pdf!.filePath).toMatch(/\.pdf$/);
  });

  test("bulk upload stores the five bundled Form 2 timetables", async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    await page.goto("/timetable-upload");
    await page.getByRole("button", { name: "Upload All Form 2 Timetables" }).click();
    await expect(page.getByRole("status")).toContainText("All timetables uploaded successfully");
    await connectTestDb();
    const rows = await Timetable.find({ userId: admin.id }).lean();
    expect(rows.map((r) => r.programme).sort()).toEqual([
      "arts",
      "business",
      "home-economics",
      "science",
      "visual-arts",
    ]);
    // For Form 2 wards only: a Form 1 Home Economics parent does not get "Form 2 Home Economics Timetable".
    for (const r of rows) expect(r.forms).toEqual(["form-2"]);
    for (const r of rows) {
      expect(r.filePath).toMatch(new RegExp(`^${admin.id}/\\d{13}-${r.programme}\\.png$`));
      expect(r.fileType).toBe("image/png");
      expect((await storedUploads()).find((f) => f.filename === r.filePath)?.length).toBe(r.fileSize);
    }
    expect(await filesOf(admin.id)).toHaveLength(5);
    await expect(page.getByRole("link", { name: "Download Form 2 Visual Arts Timetable" }).first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("hostile files are refused with the right message and nothing is written", async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    const before = await uploadedFiles();
    await page.goto("/timetable-upload");

    let form = await fillSingle(page, { name: "timetable.png", mimeType: "image/png", buffer: ELF });
    await expect(fieldError(form, "Invalid file type: Please upload JPG, PNG, or PDF files only")).toBeVisible();

    await page.goto("/timetable-upload");
    form = await fillSingle(page, { name: "timetable.svg", mimeType: "image/svg+xml", buffer: SVG });
    await expect(fieldError(form, "Invalid file type: Please upload JPG, PNG, or PDF files only")).toBeVisible();

    await page.goto("/timetable-upload");
    form = await fillSingle(page, { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) });
    await expect(fieldError(form, /^Empty file: /)).toBeVisible();

    await page.goto("/timetable-upload");
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024 - PNG.length, 0)]);
    form = await fillSingle(page, { name: "big.png", mimeType: "image/png", buffer: big });
    await expect(fieldError(form, "File too large: Please upload files smaller than 5MB")).toBeVisible();
    await expectNoA11yViolations(page);

    await connectTestDb();
    expect(await Timetable.countDocuments({ userId: admin.id })).toBe(0);
    expect(await filesOf(admin.id)).toEqual([]);
    expect(
      (await uploadedFiles()).filter(
        (f) =>
          !before.includes(f) &&
          !f.startsWith(`${admin.id}/`) &&
          !/^[a-z0-9]+\/\d{13}(-[a-z-]+)?\.(png|jpg|pdf)$/.test(f),
      ),
    ).toEqual([]);
  });

  test("the server refuses hostile multipart bodies itself: size while streaming, bytes not names, no path from the client", async ({
    loginAs,
    page,
  }) => {
    const admin = await loginAs("admin");
    const post = (file: { name: string; mimeType: string; buffer: Buffer }, title = "Hostile") =>
      page.request.post("/timetable-upload", {
        headers: { Origin: E2E.baseURL },
        multipart: { intent: "single", title, programme: "science", file },
        maxRedirects: 0,
      });
    const parent = path.dirname(E2E.uploadsDir);
    const outsideBefore = fs.readdirSync(parent);

    const big = await post({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("Please upload files smaller than 5MB");
    const elf = await post({ name: "photo.png", mimeType: "image/png", buffer: ELF });
    expect(elf.status()).toBe(415);
    const svg = await post({ name: "x.png", mimeType: "image/png", buffer: SVG });
    expect(svg.status()).toBe(415);
    const html = await post({
      name: "x.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    expect(html.status()).toBe(415);
    const empty = await post({ name: "x.png", mimeType: "image/png", buffer: Buffer.alloc(0) });
    expect(empty.status()).toBe(400);
    await connectTestDb();
    expect(await Timetable.countDocuments({ userId: admin.id })).toBe(0);
    expect(await filesOf(admin.id)).toEqual([]);

    // A traversal name is only a label: the stored name is generated.
    const traversal = await post({ name: "../../../evil.png", mimeType: "image/png", buffer: PNG }, "Traversal");
    expect(traversal.status()).toBe(302);
    const row = await Timetable.findOne({ userId: admin.id, title: "Traversal" }).lean();
    expect(row!.filePath).toMatch(new RegExp(`^${admin.id}/\\d{13}\\.png$`));
    expect(row!.fileName).not.toContain("/");
    expect(await filesOf(admin.id)).toHaveLength(1);
    expect(fs.readdirSync(parent).filter((n) => !outsideBefore.includes(n) && n.includes("evil"))).toEqual([]);
    expect(fs.existsSync(path.join(parent, "evil.png"))).toBe(false);
  });
});
