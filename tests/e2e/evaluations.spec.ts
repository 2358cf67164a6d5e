import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  connectTestDb,
  createRegistration,
  createUser,
  signInAs,
  sessionCookieHeader,
  uniquePhone,
  fieldError,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import {
  EvaluationForm,
  EvaluationResponse,
  addQuestion,
  createEvaluationForm,
} from "#app/models/evaluation.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";
import { Subject } from "#app/models/subject.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import type { QuestionInput } from "#app/models/evaluation.server.ts";

const DAY = 86_400_000;
const SAME_ORIGIN = { Origin: E2E.baseURL };
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const tag = () => `${test.info().project.name}-${uniquePhone().slice(-6)}`;
/** A subject no other test uses (see makeForm). */
const subjectOf = (t: string) => `Subject ${t}`;

const RATING: QuestionInput = {
  type: "rating",
  prompt: "How are the classes going?",
  required: true,
  perSubject: false,
  options: [],
  lowLabel: "Badly",
  highLabel: "Very well",
};
const CHOICE: QuestionInput = {
  type: "single",
  prompt: "Is the class time convenient?",
  required: true,
  perSubject: false,
  options: ["Yes", "No"],
  lowLabel: "",
  highLabel: "",
};
const PER_SUBJECT: QuestionInput = {
  type: "rating",
  prompt: "How well does your ward follow",
  required: false,
  perSubject: true,
  options: [],
  lowLabel: "",
  highLabel: "",
};
const TEXT: QuestionInput = {
  type: "long",
  prompt: "Anything we should change?",
  required: false,
  perSubject: false,
  options: [],
  lowLabel: "",
  highLabel: "",
};

/**
 * An open form (made directly in the database) with the given questions, for the parents of Home Economics wards
 * taking `subject`: each test makes up its own subject, so tests running side by side never see each other's forms.
 */
async function makeForm(
  title: string,
  subject: string,
  questions: QuestionInput[],
  over: Partial<{ programmes: string[]; anonymous: boolean; opensAt: Date; closesAt: Date }> = {},
) {
  await connectTestDb();
  const id = await createEvaluationForm(
    {
      title,
      programmes: over.programmes ?? ["home-economics"],
      subject,
      opensAt: over.opensAt ?? new Date(Date.now() - DAY),
      closesAt: over.closesAt ?? new Date(Date.now() + 7 * DAY),
      anonymous: over.anonymous ?? false,
    },
    "e2e-admin",
  );
  for (const q of questions) await addQuestion(id, q);
  return id;
}

async function dismissToast(page: Page) {
  const dismiss = page.getByRole("button", { name: "Dismiss notification" });
  if (
    await dismiss
      .first()
      .isVisible()
      .catch(() => false)
  )
    await dismiss.first().click();
}

test.describe("evaluation forms", () => {
  test("the admin builds a form with every question type; refused input stays by its field", async ({
    page,
    loginAs,
  }) => {
    test.slow();
    await loginAs("admin");
    const title = `End of course ${tag()}`;
    await page.goto("/admin/evaluations");
    await page.getByRole("link", { name: "New form" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New evaluation form" })).toBeVisible();
    await page.getByLabel("Closes at").fill("2020-01-01T08:00");
    await page.getByRole("button", { name: "Create form" }).click();
    await expect(fieldError(page, "Title is required")).toBeVisible();
    await expect(fieldError(page, "The closing time must be after the opening time")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page);

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Visual Arts").check();
    await page.getByLabel("Closes at").fill(new Date(Date.now() + 10 * DAY).toISOString().slice(0, 16));
    await page.getByRole("button", { name: "Create form" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Parents in Visual Arts · Open")).toBeVisible();

    const add = page.locator("form#question-new");
    const addQuestionOf = async (type: string, prompt: string, extra: Record<string, string> = {}, required = true) => {
      await add.getByLabel("Type").selectOption({ label: type });
      await add.getByLabel(/^Question( \*)?$/).fill(prompt);
      for (const [label, value] of Object.entries(extra)) await add.getByLabel(label).fill(value);
      if (!required) await add.getByLabel("Required").uncheck();
      await add.getByRole("button", { name: "Add question" }).click();
      await expect(page.getByRole("listitem").filter({ hasText: prompt }).first()).toBeVisible();
      await dismissToast(page);
    };
    // A choice question with one option is refused, by the options field, with what was typed kept.
    await add.getByLabel("Type").selectOption({ label: "Single choice" });
    await add.getByLabel(/^Question( \*)?$/).fill("Is the class time convenient?");
    await add.getByLabel("Options (choice questions)").fill("Yes");
    await add.getByRole("button", { name: "Add question" }).click();
    await expect(
      fieldError(page.locator("form#question-new"), "Give at least two options, one per line"),
    ).toBeVisible();
    await expect(page.locator("form#question-new").getByLabel(/^Question( \*)?$/)).toHaveValue(
      "Is the class time convenient?",
    );

    await addQuestionOf("Rating 1–5", "How are the classes going?", {
      "Label for 1 (ratings)": "Badly",
      "Label for 5 (ratings)": "Very well",
    });
    await addQuestionOf("Single choice", "Is the class time convenient?", {
      "Options (choice questions)": "Yes\nSomewhat\nNo",
    });
    await addQuestionOf(
      "Multiple choice",
      "What helps most?",
      { "Options (choice questions)": "Class pages\nTimetable" },
      false,
    );
    await addQuestionOf("Short text", "One word for the course", {}, false);
    await addQuestionOf("Long text", "Anything we should change?", {}, false);

    const questions = page
      .getByRole("region", { name: "Questions" })
      .or(page.locator("section[aria-labelledby=questions-heading]"))
      .locator("ol > li");
    await expect(questions).toHaveCount(5);
    // Reorder: the long-text question moves up above the short one; then the short one is deleted.
    await page.getByRole("button", { name: /^Move up ?: Anything we should change\?$/ }).click();
    await expect(questions.nth(3)).toContainText("Anything we should change?");
    await page.getByRole("button", { name: "Delete question: One word for the course" }).click();
    await expect(questions).toHaveCount(4);
    // Edit one: the wording changes, the rest stays.
    const edit = questions.filter({ hasText: "What helps most?" });
    await edit.locator("summary").click();
    await edit.getByLabel(/^Question( \*)?$/).fill("What helps your ward most?");
    await edit.getByRole("button", { name: "Save question" }).click();
    await expect(questions.nth(2)).toContainText("What helps your ward most?");
    await expectNoA11yViolations(page);

    await connectTestDb();
    const stored = await EvaluationForm.findOne({ title }).lean();
    expect(stored?.questions.map((q) => q.type)).toEqual(["rating", "single", "multiple", "long"]);
    expect(stored?.questions[0]).toMatchObject({ lowLabel: "Badly", highLabel: "Very well", required: true });
    expect(stored?.programmes).toEqual(["visual-arts"]);
  });

  test("a parent answers: errors first, then success, then an edit; the admin reads the results and the CSV; the questions lock @both", async ({
    page,
    loginAs,
    browser,
  }) => {
    test.slow();
    const t = tag();
    const title = `Mid-course ${t}`;
    const subject = subjectOf(t);
    const formId = await makeForm(title, subject, [RATING, CHOICE, PER_SUBJECT, TEXT]);
    const parent = await loginAs("parent");
    const ward = await createRegistration({
      whatsappNumber: parent.localPhone,
      programme: "home-economics",
      subjects: ["Mathematics", subject],
      wardName: `Adjoa ${t}`,
    });

    await page.goto("/dashboard/evaluations");
    const nav = page.getByRole("navigation", { name: "Dashboard", exact: true });
    await expect(nav.getByRole("link", { name: "Evaluation Forms 1 to answer" })).toBeVisible();
    await page.getByRole("link", { name: `Answer ${title} for ${ward.wardName}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Each question is a fieldset named by the question; the rating's ends carry their labels.
    const rating = page.getByRole("group", { name: /How are the classes going\?/ });
    await expect(rating.getByRole("radio")).toHaveCount(5);
    await expect(rating.getByLabel("5 — Very well")).toBeVisible();
    // A per-subject question is asked for the form's subject only (the ward's other subject is not asked about).
    await expect(
      page.getByRole("group", { name: new RegExp(`How well does your ward follow — ${subject}`) }),
    ).toBeVisible();
    await expect(page.getByRole("group", { name: /How well does your ward follow — Mathematics/ })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Errors first: the two required questions are unanswered; what was typed stays.
    await page.getByLabel("Anything we should change?").fill("More practice questions");
    await page.getByRole("button", { name: "Send answers" }).click();
    await expect(page.getByRole("group").getByText("Please answer this question")).toHaveCount(2);
    if (!test.info().project.use.javaScriptEnabled) {
      // Without JavaScript the page comes back at its top: the summary lists both and holds the focus.
      const summary = page
        .getByRole("alert")
        .filter({ has: page.getByRole("heading", { name: "2 fields need attention" }) });
      await expect(summary).toBeFocused();
      await expect(
        summary.getByRole("link", { name: "How are the classes going?: Please answer this question" }),
      ).toHaveAttribute("href", /^#ev-q\d+$/);
    }
    await expect(page.getByLabel("Anything we should change?")).toHaveValue("More practice questions");
    await expect(rating).toHaveAttribute("aria-invalid", "true");

    await rating.getByLabel("4").check();
    await page
      .getByRole("group", { name: /Is the class time convenient\?/ })
      .getByLabel("Yes")
      .check();
    await page
      .getByRole("group", { name: new RegExp(`follow — ${subject}`) })
      .getByLabel("2")
      .check();
    await page.getByRole("button", { name: "Send answers" }).click();
    await expect(page.getByText("Thank you: your answers are saved")).toBeVisible();
    await expect(page.getByText(/Answered, last saved/)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Evaluation Forms", exact: true })).toBeVisible();

    // An edit: the saved answers come back, one changes.
    await page.getByRole("link", { name: `Edit answers ${title} for ${ward.wardName}` }).click();
    await expect(page.getByText(/Last saved \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await expect(rating.getByLabel("4")).toBeChecked();
    await expect(page.getByLabel("Anything we should change?")).toHaveValue("More practice questions");
    await rating.getByLabel("5 — Very well").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Thank you: your answers are saved")).toBeVisible();

    await connectTestDb();
    const responses = await EvaluationResponse.find({ formId }).lean();
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ wardName: ward.wardName, programme: "home-economics" });
    expect(responses[0].answers.find((a) => a.subject === subject)?.value).toBe(2);

    // The admin's results: one response, the rating's mean, the choice's count, the written answer, the CSV.
    const admin = await createUser({ role: "admin" });
    const context = await browser.newContext({ baseURL: E2E.baseURL, javaScriptEnabled: jsOn() });
    await signInAs(context, admin);
    const adminPage = await context.newPage();
    await adminPage.goto(`/admin/evaluations/${formId}/results?programme=home-economics`);
    await expect(adminPage.getByText(/1 response from an audience of/)).toBeVisible();
    const ratingCard = adminPage
      .getByRole("listitem")
      .filter({ has: adminPage.getByRole("heading", { name: "How are the classes going?" }) });
    await expect(ratingCard).toContainText("Mean 5.0 out of 5 from 1 answer");
    await expect(ratingCard.getByRole("list").getByRole("listitem").nth(4)).toContainText("1 (100%)");
    await expect(adminPage.getByRole("listitem").filter({ hasText: "More practice questions" })).toContainText(
      ward.wardName,
    );
    await expectNoA11yViolations(adminPage);
    const csv = await (await adminPage.request.get(`/admin/evaluations/${formId}/export`)).text();
    const [header, row] = csv.trim().split(/\r?\n/);
    expect(header).toContain("How are the classes going?");
    expect(header).toContain(`How well does your ward follow (${subject})`);
    expect(row).toContain(ward.wardName);
    expect(row).toContain("More practice questions");
    // With an answer in, the builder shows the questions read-only: close or copy only.
    await adminPage.goto(`/admin/evaluations/${formId}`);
    await expect(
      adminPage.getByText("This form has answers, so its questions can no longer be changed."),
    ).toBeVisible();
    await expect(adminPage.locator("form#question-new")).toHaveCount(0);
    await adminPage.getByRole("button", { name: "Copy" }).click();
    await expect(adminPage.getByRole("heading", { level: 1, name: `Copy of ${title}` })).toBeVisible();
    await expect(adminPage.locator("form#question-new")).toBeVisible();
    await context.close();
  });

  test("an anonymous form stores no identity with the answer, and its results name no ward", async ({
    page,
    loginAs,
    browser,
  }) => {
    const t = tag();
    const title = `Anonymous ${t}`;
    const formId = await makeForm(title, subjectOf(t), [RATING, TEXT], { anonymous: true });
    const parent = await loginAs("parent", { fullName: `Anon Parent ${t}` });
    const ward = await createRegistration({
      whatsappNumber: parent.localPhone,
      programme: "home-economics",
      subjects: [subjectOf(t)],
      wardName: `Kwesi ${t}`,
    });
    await page.goto(`/dashboard/evaluations/${formId}/${ward._id}`);
    await expect(page.getByText("Anonymous: the school sees your answers without your name")).toBeVisible();
    await page
      .getByRole("group", { name: /How are the classes going\?/ })
      .getByLabel("3")
      .check();
    await page.getByLabel("Anything we should change?").fill(`Secret note ${t}`);
    await page.getByRole("button", { name: "Send answers" }).click();
    await expect(page.getByText("Thank you: your answers are saved")).toBeVisible();

    await connectTestDb();
    const stored = JSON.stringify(await EvaluationResponse.findOne({ formId }).lean());
    for (const identity of [
      parent.id,
      parent.fullName,
      parent.phone,
      String(ward._id),
      String(ward.wardName),
      String(ward.parentName),
    ])
      expect(stored).not.toContain(identity);

    const admin = await createUser({ role: "admin" });
    const context = await browser.newContext({ baseURL: E2E.baseURL, javaScriptEnabled: jsOn() });
    await signInAs(context, admin);
    const adminPage = await context.newPage();
    await adminPage.goto(`/admin/evaluations/${formId}/results`);
    const answer = adminPage.getByRole("listitem").filter({ hasText: `Secret note ${t}` });
    await expect(answer).toContainText("Anonymous");
    await expect(answer).not.toContainText(String(ward.wardName));
    const csv = await (await adminPage.request.get(`/admin/evaluations/${formId}/export`)).text();
    expect(csv).not.toContain("Ward Name");
    expect(csv).toContain(`Secret note ${t}`);
    await context.close();
  });

  test("closed, not-yet-open and out-of-audience forms and bad answers are refused with nothing stored; others' wards are not found", async ({
    page,
    loginAs,
  }) => {
    const t = tag();
    const parent = await loginAs("parent");
    const subject = subjectOf(t);
    const ward = await createRegistration({
      whatsappNumber: parent.localPhone,
      programme: "home-economics",
      subjects: [subject],
    });
    const closed = await makeForm(`Closed ${t}`, subject, [RATING], {
      opensAt: new Date(Date.now() - 9 * DAY),
      closesAt: new Date(Date.now() - DAY),
    });
    const later = await makeForm(`Later ${t}`, subject, [RATING], {
      opensAt: new Date(Date.now() + DAY),
      closesAt: new Date(Date.now() + 9 * DAY),
    });
    const elsewhere = await makeForm(`Arts only ${t}`, subject, [RATING], { programmes: ["arts"] });
    const open = await makeForm(`Open ${t}`, subject, [RATING, CHOICE, TEXT]);

    await page.goto(`/dashboard/evaluations/${closed}/${ward._id}`);
    await expect(page.getByText("This form is closed: answers can no longer be sent or changed.")).toBeVisible();
    await page.goto(`/dashboard/evaluations/${later}/${ward._id}`);
    await expect(page.getByText("This form is not open yet.")).toBeVisible();
    await page.goto(`/dashboard/evaluations/${elsewhere}/${ward._id}`);
    await expect(page.getByText("This form is not for this ward.")).toBeVisible();

    const post = (formId: string, registrationId: string, form: Record<string, string>) =>
      page.request.post(`/dashboard/evaluations/${formId}/${registrationId}`, {
        form: { rev: "3", ...form },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
    expect((await post(closed, String(ward._id), { q0: "4", rev: "1" })).status()).toBe(403);
    expect((await post(later, String(ward._id), { q0: "4", rev: "1" })).status()).toBe(403);
    expect((await post(elsewhere, String(ward._id), { q0: "4", rev: "1" })).status()).toBe(403);
    // Ratings outside 1–5, options not offered, text over 2,000 characters: 400, each by its question.
    const bad = await post(open, String(ward._id), { q0: "7", q1: "Perhaps", q2: "x".repeat(2001) });
    expect(bad.status()).toBe(400);
    const body = await bad.text();
    expect(body).toContain("Choose a rating from 1 to 5");
    expect(body).toContain("Choose one of the options shown");
    expect(body).toContain("Keep the answer to 2,000 characters or fewer");
    // Another family's ward: not found, whatever the form.
    const other = await createRegistration({ programme: "home-economics", subjects: [subject] });
    expect((await page.goto(`/dashboard/evaluations/${open}/${other._id}`))?.status()).toBe(404);
    expect((await post(open, String(other._id), { q0: "4", q1: "Yes", rev: "3" })).status()).toBe(404);

    await connectTestDb();
    expect(await EvaluationResponse.countDocuments({ formId: { $in: [closed, later, elsewhere, open] } })).toBe(0);

    // A student is refused the page (every role and route: tests/e2e/auth-contract.spec.ts).
    await page.context().clearCookies();
    await loginAs("student");
    expect((await page.goto(`/dashboard/evaluations/${open}/${ward._id}`))?.status()).toBe(403);
  });

  test("deleting a form with answers needs DELETE typed and is audited; the demo data shows a form to answer and results", async ({
    page,
    loginAs,
  }) => {
    const t = tag();
    const formId = await makeForm(`To delete ${t}`, subjectOf(t), [RATING]);
    const form = await EvaluationForm.findById(formId).lean();
    await EvaluationResponse.create({
      formId,
      respondentKey: `k-${t}`,
      wardKey: `w-${t}`,
      programme: "home-economics",
      answers: [{ questionId: form!.questions[0]._id, subject: null, value: 4 }],
    });
    await EvaluationForm.updateOne({ _id: formId }, { $set: { locked: true } });
    const admin = await loginAs("admin");
    await page.goto(`/admin/evaluations/${formId}/delete`);
    await expect(page.getByText("its 1 response")).toBeVisible();
    await page.getByLabel("Type DELETE to confirm").fill("delete");
    await page.getByRole("button", { name: "Delete form" }).click();
    await expect(fieldError(page, "This form has answers: type DELETE to delete it with them")).toBeVisible();
    expect(await EvaluationForm.exists({ _id: formId })).toBeTruthy();
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: "Delete form" }).click();
    await expect(page.getByText("Evaluation form deleted")).toBeVisible();
    expect(await EvaluationForm.exists({ _id: formId })).toBeNull();
    expect(await EvaluationResponse.countDocuments({ formId })).toBe(0);
    expect(await AuditLog.exists({ action: "evaluation.delete", actorId: admin.id, targetId: formId })).toBeTruthy();

    // Demo data: the closed form's results show the demo families' answers and the open one is listed.
    await page.goto("/admin/evaluations");
    await expect(page.getByRole("row", { name: /Mid-course check-in: General Science/ })).toContainText("Open");
    await page.getByRole("link", { name: "Results of First week: how did it go?" }).click();
    await expect(page.getByText(/4 responses from an audience of/)).toBeVisible();
    await expect(page.getByText("More practice questions before the weekly quiz.")).toBeVisible();
  });

  test("a facilitator reads the results for their subject only; reminders list the parents who have not answered", async ({
    page,
    loginAs,
    request,
  }) => {
    const t = tag();
    const subjectName = subjectOf(t);
    const facilitator = await loginAs("facilitator");
    await connectTestDb();
    await Subject.create({ name: subjectName, description: null, facilitatorId: facilitator.id });
    try {
      const title = `About ${subjectName}`;
      const formId = await makeForm(title, subjectName, [RATING]);
      const waiting = await createRegistration({
        programme: "home-economics",
        subjects: [subjectName],
        wardName: `Waiting ${t}`,
        parentName: `Parent Waiting ${t}`,
      });
      await page.goto("/facilitator-dashboard/evaluations");
      await page
        .getByRole("listitem")
        .filter({ hasText: title })
        .getByRole("link", { name: `Results for ${subjectName}` })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: `${title}: ${subjectName}` })).toBeVisible();
      await expect(page.getByText(/0 responses from an audience of/)).toBeVisible();
      // Reminders and the CSV are the admins'.
      await expect(page.getByText("Not answered yet")).toHaveCount(0);
      const cookie = await sessionCookieHeader(facilitator);
      expect(
        (
          await request.get(`/admin/evaluations/${formId}/export`, { headers: { Cookie: cookie }, maxRedirects: 0 })
        ).status(),
      ).not.toBe(200);

      await page.context().clearCookies();
      await loginAs("admin");
      await page.goto(`/admin/evaluations/${formId}/results`);
      const reminder = page.getByRole("listitem").filter({ hasText: `Parent Waiting ${t}` });
      await expect(reminder).toContainText(String(waiting.wardName));
      const href = await reminder.getByRole("link", { name: /Remind on WhatsApp/ }).getAttribute("href");
      expect(href).toMatch(/^https:\/\/wa\.me\/233\d{9}\?text=/);
      expect(decodeURIComponent(href!.split("text=")[1])).toContain("/dashboard/evaluations");

      // Or by SMS through the outbox: one per parent who has not answered, and not twice the same day.
      await page.getByRole("button", { name: "Send reminders by SMS" }).click();
      await expect(page.getByRole("status")).toContainText(/\d+ SMS reminders? queued/);
      await expect(page.getByRole("heading", { level: 1, name: `Results: ${title}` })).toBeVisible();
      const reminders = await Outbox.find({ key: { $regex: `^evaluation-reminder:${formId}:` } }).lean();
      const ours = reminders.filter((m) => m.values.registrationId === waiting._id);
      expect(ours).toHaveLength(1);
      expect(ours[0].text).toContain(`how are ${String(waiting.wardName)}'s classes going? Please answer "${title}"`);
      await page.getByRole("button", { name: "Send reminders by SMS" }).click();
      await expect(page.getByRole("status")).toContainText("0 SMS reminders queued");
    } finally {
      await Subject.deleteOne({ name: subjectName });
    }
  });

  test("a ten-question form's answer page stays under 30 KB of HTML for a 2G phone @js-only", async ({
    page,
    loginAs,
  }) => {
    const t = tag();
    const subject = subjectOf(t);
    const ten: QuestionInput[] = [
      RATING,
      CHOICE,
      {
        ...CHOICE,
        prompt: "Which days suit you?",
        type: "multiple",
        options: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      },
      TEXT,
    ];
    while (ten.length < 10)
      ten.push({
        ...RATING,
        prompt: `Rate part ${ten.length + 1} of the course`,
        lowLabel: "Poor",
        highLabel: "Excellent",
      });
    const formId = await makeForm(`Ten questions ${t}`, subject, ten);
    const parent = await loginAs("parent");
    const ward = await createRegistration({
      whatsappNumber: parent.localPhone,
      programme: "home-economics",
      subjects: [subject],
    });
    const response = await page.request.get(`/dashboard/evaluations/${formId}/${ward._id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html.match(/<fieldset/g)?.length).toBe(9); // the long-text question is a labelled textarea
    // Every page carries the whole stylesheet inline (docs/decisions/0042-paint-first.md), 35 KB that compress to 7 KB:
    // the page's own HTML is measured without it, and what a phone downloads (gzip) with it.
    const own = html.replace(/<style data-app-css[^>]*>[\s\S]*?<\/style>/, "");
    expect(Buffer.byteLength(own), "HTML without the shared stylesheet").toBeLessThan(30_000);
    expect(gzipSync(html).length, "HTML as downloaded, gzip").toBeLessThan(30_000);
  });
});
