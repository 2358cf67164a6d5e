import {
  test,
  expect,
  createUser,
  setPermissions,
  connectTestDb,
  createRegistration,
  fieldError,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Subject } from "#app/models/subject.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { CATALOGUE_SUBJECT_RENAME, SUBJECT_NAME_TAKEN } from "#app/forms/admin-subject.schema.ts";
import type { Page } from "@playwright/test";
import { openForm as openDialogOrPage } from "#tests/support/dialog-or-page.ts";

const isJs = () => test.info().project.name === "js";

const openForm = (page: Page, name: string | RegExp) => openDialogOrPage(page, name, isJs());

test.describe("Subjects Management", () => {
  test("creates a subject with a facilitator chosen by name, edits it and deletes it after confirming @both", async ({
    page,
    loginAs,
  }) => {
    const tag = `${test.info().project.name}-${Date.now()}`;
    const facilitator = await createUser({ role: "facilitator", fullName: `Facilitator ${tag}` });
    await loginAs("admin");
    await page.goto("/admin/subjects");
    await expect(page.getByRole("heading", { level: 1, name: "Subjects Management" })).toBeVisible();
    await expectNoA11yViolations(page);

    // Name is required; other values are kept.
    const add = page.getByRole("region", { name: "Add Subject" });
    await add.getByLabel("Description (optional)").fill("Kept after an error");
    await add.getByRole("button", { name: "Add Subject" }).click();
    await expect(fieldError(add, "Subject name is required")).toBeVisible();
    await expect(add.getByLabel("Description (optional)")).toHaveValue("Kept after an error");

    const name = `Robotics ${tag}`;
    await add.getByLabel("Subject name").fill(name);
    await add.getByLabel("Description (optional)").fill("Build and program robots");
    await add.getByLabel("Facilitator (optional)").selectOption({ label: facilitator.fullName });
    await add.getByRole("button", { name: "Add Subject" }).click();
    await expect(page.getByRole("status")).toContainText("Subject created successfully");
    await connectTestDb();
    const created = await Subject.findOne({ name }).lean();
    expect(created).toMatchObject({ description: "Build and program robots", facilitatorId: facilitator.id });

    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card.getByText(`Facilitator: ${facilitator.fullName}`)).toBeVisible();

    // Edit: clearing the facilitator saves null; a blank description saves null.
    let form = await openForm(page, `Edit ${name}`);
    await expect(form.getByLabel("Subject name")).toHaveValue(name);
    await expect(form.getByLabel("Facilitator (optional)")).toHaveValue(facilitator.id);
    await expectNoA11yViolations(page);
    await form.getByLabel("Subject name").fill(`${name} II`);
    await form.getByLabel("Description (optional)").fill("");
    await form.getByLabel("Facilitator (optional)").selectOption("");
    await form.getByRole("button", { name: "Update Subject" }).click();
    await expect(page.getByRole("status")).toContainText("Subject updated successfully");
    expect(await Subject.findById(created!._id).lean()).toMatchObject({
      name: `${name} II`,
      description: null,
      facilitatorId: null,
    });
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: `${name} II` }) })
        .getByText("Facilitator: None"),
    ).toBeVisible();

    // Delete asks 'Are you sure you want to delete this subject?'.
    form = await openForm(page, `Delete ${name} II`);
    await expect(form.getByText("Are you sure you want to delete this subject?")).toBeVisible();
    await expectNoA11yViolations(page);
    await form.getByRole("button", { name: "Delete Subject" }).click();
    await expect(page.getByRole("status")).toContainText("Subject deleted successfully");
    expect(await Subject.findById(created!._id).lean()).toBeNull();
  });

  test("a facilitator id that is no longer a facilitator shows truncated to 8 characters", async ({
    page,
    loginAs,
  }) => {
    await connectTestDb();
    const ghostId = `ghost${Date.now()}abcdefgh`;
    const name = `Orphaned ${test.info().project.name} ${Date.now()}`;
    await Subject.create({ name, description: null, facilitatorId: ghostId });
    await loginAs("admin");
    await page.goto("/admin/subjects");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card.getByText(`Facilitator: ${ghostId.slice(0, 8)}`, { exact: true })).toBeVisible();
  });

  test("refuses a facilitator id that is not a facilitator, and admins without can_access_subjects", async ({
    page,
    loginAs,
  }) => {
    const admin = await loginAs("admin");
    const student = await createUser({ role: "student" });
    const origin = { Origin: E2E.baseURL };
    const name = `Forged ${test.info().project.name} ${Date.now()}`;
    const forged = await page.request.post("/admin/subjects", {
      headers: origin,
      form: { name, facilitatorId: student.id },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    const injected = await page.request.post("/admin/subjects", {
      headers: origin,
      form: { name, "facilitatorId[$ne]": "x" },
      maxRedirects: 0,
    });
    expect([302, 400]).toContain(injected.status());
    await connectTestDb();
    const saved = await Subject.findOne({ name }).lean();
    // The bracketed key is not the field: at most a subject without a facilitator.
    expect(saved?.facilitatorId ?? null).toBeNull();

    await setPermissions(admin.id, { can_access_subjects: false });
    const subject = await Subject.findOne({}).lean();
    for (const path of [
      "/admin/subjects",
      `/admin/subjects/${subject!._id}/edit`,
      `/admin/subjects/${subject!._id}/delete`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    }
    await expectNoA11yViolations(page);
    const del = await page.request.post(`/admin/subjects/${subject!._id}/delete`, {
      headers: origin,
      form: {},
      maxRedirects: 0,
    });
    expect(del.status()).toBe(403);
    const create = await page.request.post("/admin/subjects", {
      headers: origin,
      form: { name: `${name} 2` },
      maxRedirects: 0,
    });
    expect(create.status()).toBe(403);
    expect(await Subject.findById(subject!._id).lean()).not.toBeNull();
    expect(await Subject.countDocuments({ name: `${name} 2` })).toBe(0);
  });

  test("names are unique ignoring case and spaces; a rename takes registrations and class pages along; catalogue names stay", async ({
    page,
    loginAs,
  }) => {
    const tag = `${test.info().project.name}${Date.now()}`;
    await loginAs("admin");
    await connectTestDb();
    const existing = await Subject.create({ name: `Astronomy ${tag}` });
    await page.goto("/admin/subjects");
    const add = page.getByRole("region", { name: "Add Subject" });
    await add.getByLabel("Subject name").fill(`  astronomy ${tag.toUpperCase()}  `);
    await add.getByRole("button", { name: "Add Subject" }).click();
    await expect(fieldError(add, SUBJECT_NAME_TAKEN)).toBeVisible();
    await expect(add.getByLabel("Subject name")).toHaveAttribute("aria-invalid", "true");
    expect(await Subject.countDocuments({ name: { $regex: `^\\s*astronomy ${tag}\\s*$`, $options: "i" } })).toBe(1);

    // Rename: the class page and the registration follow.
    const group = await WhatsappGroup.create({
      subjectName: existing.name,
      programme: "science",
      groupType: "student",
      whatsappLink: "https://chat.whatsapp.com/Astro1234",
      vacations: [DEMO_VACATION],
    });
    const registration = await createRegistration({ subjects: ["Physics", existing.name] });
    await page.goto(`/admin/subjects/${existing._id}/edit`);
    await page.getByLabel("Subject name").fill(`Space Science ${tag}`);
    await page.getByRole("button", { name: "Update Subject" }).click();
    await expect(page.getByRole("status")).toContainText("Subject updated successfully");
    expect((await WhatsappGroup.findById(group._id).lean())?.subjectName).toBe(`Space Science ${tag}`);
    expect((await Registration.findById(registration._id).lean())?.subjects).toEqual([
      "Physics",
      `Space Science ${tag}`,
    ]);

    // A subject of the programme catalogue keeps its name.
    const catalogue =
      (await Subject.findOne({ name: "Mathematics" }).lean()) ?? (await Subject.create({ name: "Mathematics" }));
    await page.goto(`/admin/subjects/${catalogue._id}/edit`);
    await page.getByLabel("Subject name").fill(`Maths ${tag}`);
    await page.getByRole("button", { name: "Update Subject" }).click();
    await expect(fieldError(page, CATALOGUE_SUBJECT_RENAME)).toBeVisible();
    expect((await Subject.findById(catalogue._id).lean())?.name).toBe("Mathematics");
  });
});
