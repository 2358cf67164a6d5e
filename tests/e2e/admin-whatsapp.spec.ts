import {
  test,
  expect,
  createRegistration,
  setPermissions,
  connectTestDb,
  addWhatsappGroups,
  fieldError,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";
import type { Page } from "@playwright/test";
import { openForm as openDialogOrPage } from "#tests/support/dialog-or-page.ts";
import { NOT_A_WHATSAPP_INVITE, isUsableGroupLink } from "#app/domain/whatsapp.ts";
import { ONE_PROGRAMME_ONLY } from "#app/forms/admin-whatsapp-group.schema.ts";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";

const isJs = () => test.info().project.name === "js";

/** With JS the trigger is a button opening a dialog; without, a link to a page holding the same form. */
const openForm = (page: Page, name: string | RegExp) => openDialogOrPage(page, name, isJs());

test.describe("WhatsApp Group Management", () => {
  test("one class page per programme and subject; a stored link that is not usable is marked and counts as missing", async ({
    page,
    loginAs,
  }) => {
    // Each project its own programme; the subject's own groups are put back afterwards (other specs read them).
    const programme = isJs() ? "visual-arts" : "home-economics";
    const label = isJs() ? "Visual Arts" : "Home Economics";
    const subject = PROGRAMME_SUBJECTS[programme].at(-1)!;
    await connectTestDb();
    const before = await WhatsappGroup.find({ programme, subjectName: subject }).lean();
    await WhatsappGroup.deleteMany({ programme, subjectName: subject });
    try {
      // Saved before the link rules: it looks like a link, but no student can join it.
      await addWhatsappGroups([
        {
          programme,
          subjectName: subject,
          groupType: "student",
          whatsappLink: "https://chat.whatsapp.com/coming soon",
        },
      ]);
      await loginAs("admin");
      await page.goto(`/admin/whatsapp-groups?programme=${programme}&q=${encodeURIComponent(subject)}`);
      const row = page.getByRole("row", { name: new RegExp(`^${subject} ${label}`) });
      await expect(row).toContainText("Unusable link");
      await expect(row.getByRole("link", { name: /^Open / })).toHaveCount(0);
      await expect(page.getByRole("listitem", { name: label })).toContainText(subject);

      // A second class page for the same programme and subject is refused by its field, values kept.
      const form = await openForm(page, "Add Group");
      await form.getByLabel("Subject").selectOption(subject);
      await form.getByLabel("Programme").selectOption(programme);
      await form.getByLabel("WhatsApp link").fill("https://chat.whatsapp.com/SecondPage1");
      await form.getByRole("button", { name: "Add Group" }).click();
      await expect(form.getByLabel("Subject")).toHaveAccessibleDescription(
        new RegExp(`^${label} already has a class page for ${subject}\\. Edit that one instead\\.`),
      );
      await expect(form.getByLabel("WhatsApp link")).toHaveValue("https://chat.whatsapp.com/SecondPage1");
      expect(await WhatsappGroup.countDocuments({ programme, subjectName: subject })).toBe(1);
    } finally {
      await WhatsappGroup.deleteMany({ programme, subjectName: subject });
      if (before.length) await WhatsappGroup.collection.insertMany(before as never[]);
    }
  });

  test("adds, edits and deletes a group; counts its students; stat cards and filters", async ({ page, loginAs }) => {
    // The two projects run at the same time on one database: each uses its own programme.
    const programme = isJs() ? "visual-arts" : "home-economics";
    const label = isJs() ? "Visual Arts" : "Home Economics";
    const subject = "Government";
    await createRegistration({ programme, subjects: [subject, "Mathematics"] });
    await createRegistration({ programme, subjects: [subject] });
    await createRegistration({ programme, subjects: ["Mathematics"] });
    await loginAs("admin");
    await connectTestDb();
    await WhatsappGroup.deleteMany({ programme, subjectName: subject });

    // Class pages: the programme-and-subject pairs with a class page whose link a student can join.
    const counts = async () => {
      const pages = await WhatsappGroup.find({ groupType: "student" }).lean();
      const usable = pages.filter((g) => isUsableGroupLink("student", g.whatsappLink));
      return [
        await WhatsappGroup.countDocuments({}),
        new Set(usable.map((g) => `${g.programme}/${g.subjectName}`)).size,
      ];
    };
    const before = await counts();
    await page.goto("/admin/whatsapp-groups");
    await expect(page.getByRole("heading", { level: 1, name: "WhatsApp Group Management" })).toBeVisible();
    const after = await counts();
    // Other tests add groups meanwhile: the cards show the database's counts at load time.
    const card = async (name: string) =>
      Number(await page.locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]").textContent());
    const shownTotal = await card("Total Groups");
    const shownClassPages = await card("Class Pages");
    expect(shownTotal).toBeGreaterThanOrEqual(Math.min(before[0], after[0]));
    expect(shownTotal).toBeLessThanOrEqual(Math.max(before[0], after[0]));
    expect(shownClassPages).toBeGreaterThanOrEqual(Math.min(before[1], after[1]));
    expect(shownClassPages).toBeLessThanOrEqual(Math.max(before[1], after[1]));
    expect(shownClassPages).toBeLessThan(shownTotal);
    const total = after[0];
    await expectNoA11yViolations(page);

    // Add: everything is required.
    let form = await openForm(page, "Add Group");
    await form.getByRole("button", { name: "Add Group" }).click();
    await expect(fieldError(form, "Please select a subject")).toBeVisible();
    await expect(fieldError(form, "WhatsApp link is required")).toBeVisible();
    await expectNoA11yViolations(page);
    await form.getByLabel("Subject").selectOption(subject);
    await form.getByLabel("Programme").selectOption(programme);
    await expect(form.getByLabel("Group type").locator("option")).toHaveText([
      "Class Page",
      "Subject Group",
      "General Group",
      "Parent Group",
    ]);
    await form.getByLabel("WhatsApp link").fill("javascript:alert(1)");
    await form.getByRole("button", { name: "Add Group" }).click();
    await expect(fieldError(form, NOT_A_WHATSAPP_INVITE)).toBeVisible();
    await form.getByLabel("WhatsApp link").fill("https://example.com/chat.whatsapp.com/Government");
    await form.getByRole("button", { name: "Add Group" }).click();
    await expect(fieldError(form, NOT_A_WHATSAPP_INVITE)).toBeVisible();
    await form.getByLabel("WhatsApp link").fill("https://chat.whatsapp.com/TestGovernment1");
    await form.getByRole("button", { name: "Add Group" }).click();

    await expect(page).toHaveURL(/\/admin\/whatsapp-groups$/);
    await expect(page.getByRole("status")).toContainText("WhatsApp group added successfully");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const saved = await WhatsappGroup.findOne({ programme, subjectName: subject }).lean();
    expect(saved).toMatchObject({ groupType: "student", whatsappLink: "https://chat.whatsapp.com/TestGovernment1" });
    expect(await WhatsappGroup.countDocuments({})).toBeGreaterThanOrEqual(total + 1);

    // Filters are a GET form: search and programme narrow the list to our group.
    await page.getByLabel("Search groups").fill("govern");
    await page.getByLabel("Programme", { exact: true }).selectOption(programme);
    await page.getByLabel("Group type").selectOption("student");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`q=govern.*programme=${programme}.*type=student`));
    const rows = page.getByRole("region", { name: "WhatsApp groups" }).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByRole("cell").nth(0)).toHaveText(subject);
    await expect(row.getByRole("cell").nth(1)).toHaveText(label);
    await expect(row.getByRole("cell").nth(2)).toHaveText("Class Page");
    await expect(row.getByRole("cell").nth(3)).toHaveText("2");
    await expect(row.getByRole("link", { name: /^Open Government/ })).toHaveAttribute(
      "href",
      "https://chat.whatsapp.com/TestGovernment1",
    );

    // Edit: the form is preloaded.
    form = await openForm(page, `Edit ${subject} (${label})`);
    await expect(form.getByLabel("WhatsApp link")).toHaveValue("https://chat.whatsapp.com/TestGovernment1");
    await expect(form.getByLabel("Subject")).toHaveValue(subject);
    await form.getByLabel("WhatsApp link").fill("https://chat.whatsapp.com/TestGovernment2");
    await form.getByRole("button", { name: "Update Group" }).click();
    await expect(page.getByRole("status")).toContainText("WhatsApp group updated successfully");
    expect((await WhatsappGroup.findById(saved!._id).lean())?.whatsappLink).toBe(
      "https://chat.whatsapp.com/TestGovernment2",
    );

    // Delete asks first.
    await page.goto(`/admin/whatsapp-groups?programme=${programme}&q=Government`);
    form = await openForm(page, `Delete ${subject} (${label})`);
    await expect(
      form.getByText(`Are you sure you want to delete the WhatsApp group ${subject} (${label})?`),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await form.getByRole("button", { name: "Delete Group" }).click();
    await expect(page.getByRole("status")).toContainText("WhatsApp group deleted successfully");
    expect(await WhatsappGroup.findById(saved!._id).lean()).toBeNull();
  });

  test("an edited older group keeps its type and programme; an unknown group is a 404", async ({ page, loginAs }) => {
    await connectTestDb();
    const parentGroup = await WhatsappGroup.create({
      subjectName: `Parents ${test.info().project.name}`,
      programme: "general",
      groupType: "parent",
      whatsappLink: "https://chat.whatsapp.com/ParentsOld",
      vacations: [DEMO_VACATION],
    });
    await loginAs("admin");
    await page.goto(`/admin/whatsapp-groups/${parentGroup._id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit WhatsApp Group" })).toBeVisible();
    await expect(page.getByLabel("Group type")).toHaveValue("parent");
    await expectNoA11yViolations(page);
    await page.getByLabel("WhatsApp link").fill("https://chat.whatsapp.com/ParentsNew");
    await page.getByRole("button", { name: "Update Group" }).click();
    await expect(page.getByRole("status")).toContainText("WhatsApp group updated successfully");
    expect(await WhatsappGroup.findById(parentGroup._id).lean()).toMatchObject({
      groupType: "parent",
      programme: "general",
      whatsappLink: "https://chat.whatsapp.com/ParentsNew",
    });

    const missing = await page.goto("/admin/whatsapp-groups/zzzzzzzzzzzzzzzzzzzz/edit");
    expect(missing?.status()).toBe(404);
  });

  test("an admin without can_access_whatsapp is refused on every page and every action", async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    await setPermissions(admin.id, { can_access_whatsapp: false });
    await connectTestDb();
    const group = await WhatsappGroup.findOne({}).lean();
    for (const path of [
      "/admin/whatsapp-groups",
      "/admin/whatsapp-groups/new",
      `/admin/whatsapp-groups/${group!._id}/edit`,
      `/admin/whatsapp-groups/${group!._id}/delete`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
      await expect(
        page.getByText("You don't have permission to access this section of the admin portal."),
      ).toBeVisible();
    }
    await expectNoA11yViolations(page);
    const origin = { Origin: E2E.baseURL };
    const add = await page.request.post("/admin/whatsapp-groups/new", {
      headers: origin,
      form: {
        subjectName: "Mathematics",
        programme: "science",
        groupType: "student",
        whatsappLink: "https://chat.whatsapp.com/Nope",
      },
      maxRedirects: 0,
    });
    expect(add.status()).toBe(403);
    const del = await page.request.post(`/admin/whatsapp-groups/${group!._id}/delete`, {
      headers: origin,
      form: {},
      maxRedirects: 0,
    });
    expect(del.status()).toBe(403);
    expect(await WhatsappGroup.findById(group!._id).lean()).not.toBeNull();
    expect(await WhatsappGroup.countDocuments({ whatsappLink: "https://chat.whatsapp.com/Nope" })).toBe(0);
  });

  test("hostile input is refused with 400, nothing saved", async ({ page, loginAs }) => {
    await loginAs("admin");
    await connectTestDb();
    const origin = { Origin: E2E.baseURL };
    for (const form of [
      {
        subjectName: "Hacking",
        programme: "science",
        groupType: "student",
        whatsappLink: "https://chat.whatsapp.com/x",
      },
      {
        subjectName: "Mathematics",
        programme: "science",
        groupType: "parent",
        whatsappLink: "https://chat.whatsapp.com/x",
      },
      {
        subjectName: "Mathematics",
        programme: "science",
        groupType: "student",
        whatsappLink: `https://chat.whatsapp.com/${"x".repeat(600)}`,
      },
      {
        subjectName: "Mathematics",
        programme: "science",
        groupType: "student",
        whatsappLink: "https://chat.whatsapp.com.evil.example/xxxxxx",
      },
      {
        subjectName: "Mathematics",
        programme: "science",
        groupType: "student",
        whatsappLink: "https://evil.example/xxxxxxxx",
      },
    ]) {
      const res = await page.request.post("/admin/whatsapp-groups/new", { headers: origin, form, maxRedirects: 0 });
      expect(res.status()).toBe(400);
    }
    // Query parameters are parsed: an operator object is not a filter.
    const res = await page.request.get("/admin/whatsapp-groups?programme[$ne]=x&type=nonsense&q=" + "(".repeat(50));
    expect(res.status()).toBe(200);
    // Other tests add groups at the same time: look for these submissions only.
    expect(await WhatsappGroup.countDocuments({ whatsappLink: { $regex: "^https://chat\\.whatsapp\\.com/x+$" } })).toBe(
      0,
    );
    expect(await WhatsappGroup.countDocuments({ whatsappLink: { $regex: "evil\\.example" } })).toBe(0);
  });

  test("a parent group needs a programme (or all programmes) but no subject; every catalogue subject is offered", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    await connectTestDb();
    const code = `Parents${test.info().project.name.replace(/\W/g, "")}${Date.now()}`;
    await page.goto("/admin/whatsapp-groups");
    let form = await openForm(page, "Add Group");
    // The registration's catalogue: every subject of the five programmes.
    const offered = await form.getByLabel("Subject").locator("option").allTextContents();
    for (const subject of new Set(Object.values(PROGRAMME_SUBJECTS).flat())) expect(offered).toContain(subject);
    // A class page cannot be for all programmes.
    await form.getByLabel("Group type").selectOption("student");
    await form.getByLabel("Subject").selectOption("Sculpture");
    await form.getByLabel("Programme").selectOption("all");
    await form.getByLabel("WhatsApp link").fill(`https://chat.whatsapp.com/${code}x`);
    await form.getByRole("button", { name: "Add Group" }).click();
    await expect(fieldError(form, ONE_PROGRAMME_ONLY)).toBeVisible();
    expect(await WhatsappGroup.countDocuments({ whatsappLink: `https://chat.whatsapp.com/${code}x` })).toBe(0);

    if (!isJs()) await page.goto("/admin/whatsapp-groups/new");
    form = isJs() ? page.getByRole("dialog") : page.getByRole("main");
    await form.getByLabel("Group type").selectOption("parent");
    await form.getByLabel("Subject").selectOption("");
    await form.getByLabel("Programme").selectOption("all");
    await form.getByLabel("WhatsApp link").fill(`https://chat.whatsapp.com/${code}`);
    await form.getByRole("button", { name: "Add Group" }).click();
    await expect(page.getByRole("status")).toContainText("WhatsApp group added successfully");
    expect(await WhatsappGroup.findOne({ whatsappLink: `https://chat.whatsapp.com/${code}` }).lean()).toMatchObject({
      groupType: "parent",
      programme: "all",
      subjectName: "All Programmes Parents",
    });
    // The list says, per programme, which subjects still lack a class page.
    const missing = page.getByRole("region", { name: "Subjects without a class page" });
    await expect(missing.getByRole("listitem", { name: "Visual Arts" })).toBeVisible();
  });
});
