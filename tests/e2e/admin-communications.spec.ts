import { test, expect, setPermissions, connectTestDb, createUser, fieldError } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Communication } from "#app/models/communication.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";

test.describe("Communications", () => {
  test("also by SMS: the admin sees how many phones and parts before anything is sent, then one SMS per phone is queued", async ({
    page,
    loginAs,
  }) => {
    await createUser({ role: "facilitator" });
    await loginAs("admin");
    await page.goto("/admin/communications");
    const title = `Staff meeting ${test.info().project.name} ${Date.now()}`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Friday at 4pm, on the usual link.");
    await page.getByRole("radio", { name: "Facilitators" }).check();
    await page.getByRole("checkbox", { name: "Also send by SMS" }).check();
    await page.getByRole("checkbox", { name: "Also send by e-mail" }).check();
    await page.getByRole("button", { name: "Send Message" }).click();

    const preview = page.getByRole("status").filter({ hasText: "SMS in all" });
    await expect(preview).toContainText(/\d+ phones?, 1 SMS part each: \d+ SMS in all/);
    const phones = Number(/(\d+) phones?/.exec((await preview.textContent()) ?? "")![1]);
    expect(phones).toBeGreaterThan(0);
    await expect(preview).toContainText(/\d+ e-mail address(es)?\./);
    await connectTestDb();
    expect(await Communication.countDocuments({ title })).toBe(0);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);

    await page.getByRole("button", { name: "Confirm and send" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message sent successfully" })).toContainText(
      /\d+ SMS and \d+ e-mail\(s\) queued \(see Messages\)/,
    );
    const saved = await Communication.findOne({ title }).lean();
    const all = await Outbox.find({ key: { $regex: `^announcement:${saved!._id}:` } }).lean();
    const queued = all.filter((m) => m.channel === "sms");
    const emails = all.filter((m) => m.channel === "email");
    expect(emails.length).toBeGreaterThan(0);
    expect(emails[0]).toMatchObject({
      subject: `Vacation Classes: ${title}`,
      text: "Friday at 4pm, on the usual link.",
    });
    expect(queued.length).toBeGreaterThanOrEqual(phones);
    expect(new Set(queued.map((m) => m.to)).size).toBe(queued.length);
    expect(queued[0].text).toBe(`Vacation Classes: ${title}. Friday at 4pm, on the usual link.`);
  });

  test("sends an announcement to a recipient type; history shows it first with its sender", async ({
    page,
    loginAs,
  }) => {
    const admin = await loginAs("admin", { fullName: `Announcer ${test.info().project.name}` });
    await page.goto("/admin/communications");
    await expect(page.getByRole("heading", { level: 1, name: "Communications" })).toBeVisible();
    await expectNoA11yViolations(page);

    // Title and message are required; the chosen recipients are kept.
    await page.getByRole("radio", { name: "Parents" }).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(fieldError(page, "Title is required")).toBeVisible();
    await expect(fieldError(page, "Message is required")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Parents" })).toBeChecked();

    const title = `Fees reminder ${test.info().project.name} ${Date.now()}`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("Please complete payment by Friday.\nThank you.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message sent successfully");

    await connectTestDb();
    const saved = await Communication.findOne({ title }).lean();
    expect(saved).toMatchObject({ senderId: admin.id, recipientType: "parents", recipientId: null, subjectId: null });

    const history = page.getByRole("region", { name: "Message History" });
    await page.reload();
    const newest = history.getByRole("listitem").first();
    // Another run may send at the same moment; ours is at (or next to) the top, newest first.
    const item = history.getByRole("listitem").filter({ hasText: title });
    await expect(item).toContainText("Please complete payment by Friday.");
    await expect(item).toContainText(`Sent by ${admin.fullName}`);
    await expect(item).toContainText("To: Parents");
    const dates = await history.locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect([...dates].sort().reverse()).toEqual(dates);
    await expect(newest).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("refuses an unknown recipient type and admins without can_access_communications", async ({ page, loginAs }) => {
    const admin = await loginAs("admin");
    const origin = { Origin: E2E.baseURL };
    const title = `Bad ${test.info().project.name} ${Date.now()}`;
    const bad = await page.request.post("/admin/communications", {
      headers: origin,
      form: { title, message: "x", recipientType: "everyone" },
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
    const long = await page.request.post("/admin/communications", {
      headers: origin,
      form: { title: "x".repeat(201), message: "x" },
      maxRedirects: 0,
    });
    expect(long.status()).toBe(400);

    await setPermissions(admin.id, { can_access_communications: false });
    const response = await page.goto("/admin/communications");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    await expectNoA11yViolations(page);
    const post = await page.request.post("/admin/communications", {
      headers: origin,
      form: { title, message: "hello" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    await connectTestDb();
    expect(await Communication.countDocuments({ title })).toBe(0);
  });
});
