import { readableReference } from "#app/domain/registration-reference.ts";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  createRegistration,
  connectTestDb,
  uniquePhone,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { PROGRAMME_LABELS, PROGRAMMES } from "#app/domain/programmes.ts";
import { answers, byLabel, chooseProgramme, fillRegistration, jsOn } from "#tests/support/registration-form.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import {
  INVALID_PHONE,
  REFERRAL_OTHER_REQUIRED,
  REGISTRATION_MESSAGES as M,
  REGISTRATION_FIELD_LABELS as L,
  SUBJECT_NOT_IN_PROGRAMME,
} from "#app/forms/registration.schema.ts";
import { Registration } from "#app/models/registration.server.ts";
import { WhatsappGroup } from "#app/models/whatsapp-group.server.ts";

const submit = (page: Page) => page.getByRole("button", { name: "Submit Registration" }).click();

test.describe("enrolment", () => {
  for (const programme of PROGRAMMES) {
    test(`a parent enrols a ward in ${PROGRAMME_LABELS[programme]} and lands on the confirmation${programme === "science" ? " @both" : ""}`, async ({
      page,
    }) => {
      const a = answers(programme);
      await page.goto("/registration");
      await fillRegistration(page, a);
      if (jsOn()) await expect(byLabel(page, L.subjectCount)).toHaveValue("2");
      await submit(page);

      // A reference made of characters no one confuses when reading it out: no 0/o, 1/l/i.
      await expect(page).toHaveURL(/\/registration\/[2-9a-hjkmnp-z]{12}$/);
      const reference = page.url().split("/").pop()!;
      await expect(page.getByRole("heading", { level: 1, name: "Registration received" })).toBeVisible();
      await expect(page.getByText(`${a.wardName} is registered for ${PROGRAMME_LABELS[programme]}`)).toBeVisible();
      // Shown in capitals, in groups of four.
      await expect(page.getByText(`Your reference: ${readableReference(reference)}`)).toBeVisible();
      expect(readableReference(reference)).toMatch(/^[2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4}$/);
      await expect(page.getByRole("status")).toContainText("Registration Successful!");

      await connectTestDb();
      const saved = await Registration.findOne({ reference }).lean();
      expect(saved).toMatchObject({
        programme,
        subjects: a.subjects,
        subjectCount: 2,
        wardName: a.wardName,
        wardWhatsappNormalized: normalizePhone(a.wardWhatsapp),
        whatsappNumberNormalized: normalizePhone(a.whatsappNumber),
        joinStudentGroups: "yes",
        joinParentGroup: "yes",
        userId: null,
      });
    });
  }

  test("a signed-in parent owns the registration they submit", async ({ page, loginAs }) => {
    const parent = await loginAs("parent");
    const a = answers("business");
    await page.goto("/registration");
    await fillRegistration(page, a);
    await submit(page);
    // A reference made of characters no one confuses when reading it out: no 0/o, 1/l/i.
    await expect(page).toHaveURL(/\/registration\/[2-9a-hjkmnp-z]{12}$/);
    await connectTestDb();
    const saved = await Registration.findOne({ reference: page.url().split("/").pop() }).lean();
    expect(saved?.userId).toBe(parent.id);
  });
});

test.describe("validation", () => {
  test("an empty submission shows the Missing Required Fields summary and every field message @both", async ({
    page,
  }) => {
    await page.goto("/registration");
    await submit(page);
    const summary = page.getByRole("alert").filter({ hasText: "Missing Required Fields" });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(
      `Please fill in: ${[
        L.parentName,
        L.whatsappNumber,
        L.wardName,
        L.currentSchool,
        L.wardForm,
        L.specificClass,
        L.programme,
        L.subjects,
        L.wardWhatsapp,
        L.updateMode,
        L.referralName,
        L.referralStatus,
      ].join(", ")}`,
    );
    // The summary links to the fields.
    const link = summary.getByRole("link", { name: L.wardName });
    const target = await link.getAttribute("href");
    expect(target).toMatch(/^#/);
    await expect(page.locator(target!)).toHaveAccessibleName(L.wardName);

    for (const message of [
      M.parentName,
      M.whatsappNumber,
      M.wardName,
      M.currentSchool,
      M.wardForm,
      M.specificClass,
      M.programme,
      M.subjects,
      M.wardWhatsapp,
      M.updateMode,
      M.referralName,
      M.referralStatus,
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expect(byLabel(page, L.parentName)).toHaveAttribute("aria-invalid", "true");
    // The subject count is computed: the missing subjects are the error, never the count beside them.
    await expect(page.getByText(M.subjectCount)).toHaveCount(0);
    await expect(byLabel(page, L.subjectCount)).not.toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page);
    await connectTestDb();
  });

  test("@no-js-only the summary names every field in error: the missing ones and a phone number that is not one", async ({
    page,
  }) => {
    const a = answers("arts");
    await page.goto("/registration");
    await fillRegistration(page, a);
    await byLabel(page, L.wardName).fill("");
    await byLabel(page, L.whatsappNumber).fill("024123");
    await submit(page);
    const summary = page.getByRole("alert").filter({ hasText: "Missing Required Fields" });
    await expect(summary).toContainText(`Please fill in: ${L.wardName}`);
    await expect(summary).toContainText(`Please correct: ${L.whatsappNumber}: ${INVALID_PHONE}`);
    const link = summary.getByRole("link", { name: `${L.whatsappNumber}: ${INVALID_PHONE}` });
    await expect(page.locator((await link.getAttribute("href"))!)).toHaveAccessibleName(L.whatsappNumber);
  });

  test("short and malformed answers get their messages and every typed value is kept @both", async ({ page }) => {
    const a = answers("arts");
    await page.goto("/registration");
    await fillRegistration(page, a);
    await byLabel(page, L.parentName).fill("A");
    await byLabel(page, L.wardName).fill("K");
    await byLabel(page, L.currentSchool).fill("X");
    await byLabel(page, L.whatsappNumber).fill("024123");
    await byLabel(page, L.wardWhatsapp).fill("abcdefghijkl");
    await byLabel(page, L.referralName).fill("Z");
    await byLabel(page, L.referralStatus).selectOption("other");
    await byLabel(page, L.feedback + " (optional)").fill("Please start with Mathematics.");
    await submit(page);

    // One letter is too short, not missing.
    await expect(page.getByText(`${L.parentName} must be at least 2 characters`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${L.wardName} must be at least 2 characters`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${L.currentSchool} must be at least 2 characters`, { exact: true })).toBeVisible();
    await expect(page.getByText(M.parentName, { exact: true })).toHaveCount(0);
    // Too short and not a number: both "not a valid mobile number" (app/domain/phone.ts).
    await expect(page.getByText(INVALID_PHONE, { exact: true })).toHaveCount(2);
    await expect(page.getByText(`${L.referralName} must be at least 2 characters`, { exact: true })).toBeVisible();
    await expect(page.getByText(REFERRAL_OTHER_REQUIRED, { exact: true })).toBeVisible();
    if (!jsOn()) {
      // The page comes back at its top: a summary with the count and a link to each field in error has the focus.
      const summary = page
        .getByRole("alert")
        .filter({ has: page.getByRole("heading", { name: "7 fields need attention" }) });
      await expect(summary).toBeFocused();
      await expect(
        summary.getByRole("link", { name: `${L.whatsappNumber}: ${INVALID_PHONE}`, exact: true }),
      ).toHaveAttribute("href", "#registration-whatsappNumber");
      await expect(
        summary.getByRole("link", { name: `${L.referralOther}: ${REFERRAL_OTHER_REQUIRED}` }),
      ).toHaveAttribute("href", "#registration-referralOther");
    }
    // Nothing the parent typed is lost.
    await expect(byLabel(page, L.parentName)).toHaveValue("A");
    await expect(byLabel(page, L.wardName)).toHaveValue("K");
    await expect(byLabel(page, L.wardWhatsapp)).toHaveValue("abcdefghijkl");
    await expect(byLabel(page, L.wardForm)).toHaveValue("form-2");
    await expect(byLabel(page, L.specificClass)).toHaveValue("2S1");
    await expect(byLabel(page, L.programme)).toHaveValue("arts");
    for (const s of a.subjects) await expect(page.getByRole("checkbox", { name: s, exact: true })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "WhatsApp", exact: true })).toBeChecked();
    await expect(byLabel(page, L.referralStatus)).toHaveValue("other");
    await expect(byLabel(page, L.feedback + " (optional)")).toHaveValue("Please start with Mathematics.");

    // Fixing the answers then succeeds.
    await byLabel(page, L.parentName).fill("Akosua Mensah");
    await byLabel(page, L.wardName).fill(a.wardName);
    await byLabel(page, L.currentSchool).fill("Accra Academy");
    await byLabel(page, L.whatsappNumber).fill(a.whatsappNumber);
    await byLabel(page, L.wardWhatsapp).fill(a.wardWhatsapp);
    await byLabel(page, L.referralName).fill("Mr. Owusu");
    await byLabel(page, L.referralOther).fill("Church announcement");
    await submit(page);
    // A reference made of characters no one confuses when reading it out: no 0/o, 1/l/i.
    await expect(page).toHaveURL(/\/registration\/[2-9a-hjkmnp-z]{12}$/);
    await connectTestDb();
    const saved = await Registration.findOne({ reference: page.url().split("/").pop() }).lean();
    expect(saved).toMatchObject({
      referralStatus: "other",
      referralOther: "Church announcement",
      feedback: "Please start with Mathematics.",
    });
  });

  test("the yes/no choices default to yes and 'no' is saved", async ({ page }) => {
    const a = answers("home-economics");
    await page.goto("/registration");
    await expect(
      page.getByRole("group", { name: `${L.joinStudentGroups}?` }).getByRole("radio", { name: "Yes" }),
    ).toBeChecked();
    await fillRegistration(page, a);
    await page
      .getByRole("group", { name: `${L.joinParentGroup}?` })
      .getByRole("radio", { name: "No" })
      .check();
    await submit(page);
    // A reference made of characters no one confuses when reading it out: no 0/o, 1/l/i.
    await expect(page).toHaveURL(/\/registration\/[2-9a-hjkmnp-z]{12}$/);
    // joinParentGroup is no: no parent group on the confirmation.
    await expect(page.getByRole("heading", { name: "Parent/Guardian group" })).toHaveCount(0);
    await connectTestDb();
    const saved = await Registration.findOne({ reference: page.url().split("/").pop() }).lean();
    expect(saved?.joinParentGroup).toBe("no");
  });
});

test.describe("programme and subjects", () => {
  test("@no-js-only 'Show subjects' lists the chosen programme's subjects and keeps every typed value", async ({
    page,
  }) => {
    await page.goto("/registration");
    await expect(page.getByRole("checkbox", { name: "Mathematics" })).toHaveCount(0);
    await byLabel(page, L.parentName).fill("Esi Boateng");
    await byLabel(page, L.wardName).fill("Yaw Boateng");
    await chooseProgramme(page, "science");
    await expect(page.getByRole("checkbox", { name: "Physics", exact: true })).toBeVisible();
    await expect(byLabel(page, L.parentName)).toHaveValue("Esi Boateng");
    await page.getByRole("checkbox", { name: "Physics", exact: true }).check();
    await page.getByRole("checkbox", { name: "Mathematics", exact: true }).check();

    // Change programme: the new list replaces the old one, subjects not in it are dropped, no errors shown.
    await chooseProgramme(page, "business");
    await expect(page.getByRole("checkbox", { name: "Accounting", exact: true })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Physics", exact: true })).toHaveCount(0);
    await expect(byLabel(page, L.parentName)).toHaveValue("Esi Boateng");
    await expect(byLabel(page, L.wardName)).toHaveValue("Yaw Boateng");
    await expect(page.getByText(M.whatsappNumber)).toHaveCount(0);
    await expect(page.getByText("Missing Required Fields")).toHaveCount(0);
  });

  test("@no-js-only pressing Enter in a text field submits the registration, not 'Show subjects'", async ({ page }) => {
    await page.goto("/registration");
    await byLabel(page, L.parentName).fill("Esi Boateng");
    await byLabel(page, L.parentName).press("Enter");
    await expect(page.getByText("Missing Required Fields")).toBeVisible();
  });

  test("@js-only subjects appear with the programme, a change clears them, and the count is live and read-only", async ({
    page,
  }) => {
    await page.goto("/registration");
    const count = byLabel(page, L.subjectCount);
    await expect(count).toHaveAttribute("readonly", "");
    await expect(page.getByRole("button", { name: "Show subjects" })).toHaveCount(0);
    await byLabel(page, L.programme).selectOption("science");
    await page.getByRole("checkbox", { name: "Physics", exact: true }).check();
    await page.getByRole("checkbox", { name: "Mathematics", exact: true }).check();
    await expect(count).toHaveValue("2");
    await page.getByRole("checkbox", { name: "Physics", exact: true }).uncheck();
    await expect(count).toHaveValue("1");
    await byLabel(page, L.programme).selectOption("arts");
    await expect(page.getByRole("checkbox", { name: "Literature", exact: true })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Mathematics", exact: true })).not.toBeChecked();
    await expect(count).toHaveValue("0");
  });

  test("@js-only 'Please specify' appears only for other, and errors show on blur", async ({ page }) => {
    await page.goto("/registration");
    await expect(byLabel(page, L.referralOther)).toBeHidden();
    await byLabel(page, L.referralStatus).selectOption("other");
    await expect(byLabel(page, L.referralOther)).toBeVisible();
    await byLabel(page, L.referralStatus).selectOption("friend");
    await expect(byLabel(page, L.referralOther)).toBeHidden();

    // The form's checks load after the page is interactive (docs/decisions on first-visit JavaScript): a field left
    // before they arrive is checked when it is next left, so the test leaves it again until they have.
    const tooShort = `${L.parentName} must be at least 2 characters`;
    await expect(async () => {
      await byLabel(page, L.parentName).fill("A");
      await byLabel(page, L.parentName).blur();
      await expect(page.getByText(tooShort, { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await byLabel(page, L.parentName).fill("Ama Owusu");
    await expect(page.getByText(tooShort, { exact: true })).toHaveCount(0);
  });
});

test.describe("confirmation", () => {
  test("lists Join Class Now for usable class pages, Coming Soon otherwise, the parent group, and masks phone numbers", async ({
    page,
  }) => {
    await connectTestDb();
    const tag = uniquePhone();
    const usable = `Usable Subject ${tag}`;
    const unusable = `Unusable Subject ${tag}`;
    const missing = `Missing Subject ${tag}`;
    await WhatsappGroup.create([
      {
        subjectName: usable,
        programme: "science",
        groupType: "student",
        whatsappLink: `https://chat.whatsapp.com/Test${tag}`,
        vacations: [DEMO_VACATION],
      },
      {
        subjectName: unusable,
        programme: "science",
        groupType: "student",
        whatsappLink: "https://chat.whatsapp.com/placeholder",
      },
    ]);
    // Written around the app, as by another instance: the app's copy of a programme's class pages is at most 1 s old.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const registration = await createRegistration({
      programme: "science",
      subjects: [usable, unusable, missing],
      whatsappNumber: "0241234567",
      wardWhatsapp: "0559876543",
    });

    await page.goto(`/registration/${registration.reference}`);
    await expect(page.getByRole("heading", { level: 1, name: "Registration received" })).toBeVisible();
    await expect(page.getByText(readableReference(registration.reference)).first()).toBeVisible();
    const join = page.getByRole("link", { name: `Join Class Now: ${usable}` });
    await expect(join).toHaveAttribute("href", `https://chat.whatsapp.com/Test${tag}`);
    const cards = page.getByRole("listitem").filter({ hasText: "Class Page Coming Soon" });
    await expect(cards.filter({ hasText: unusable })).toHaveCount(1);
    await expect(cards.filter({ hasText: missing })).toHaveCount(1);
    // The seeded General Science parents' group has a usable link.
    await expect(page.getByRole("link", { name: "Join Parent Group" })).toHaveAttribute(
      "href",
      /^https:\/\/chat\.whatsapp\.com\//,
    );
    // Reachable by anyone holding the link: names yes, full phone numbers no.
    await expect(page.getByText("Test Parent")).toBeVisible();
    await expect(page.locator("main")).not.toContainText("0241234567");
    await expect(page.locator("main")).not.toContainText("0559876543");
    await expect(page.getByText("024 ••• ••67")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoA11yViolations(page);
  });

  test("an unknown reference is a 404", async ({ page }) => {
    const response = await page.goto("/registration/zzzzzzzzzzzz");
    expect(response?.status()).toBe(404);
  });
});

test("an anonymous duplicate learns the ward is registered and what to do, never the reference", async ({ page }) => {
  const existing = await createRegistration({
    programme: "arts",
    subjects: ["Literature"],
    wardName: `Abena ${uniquePhone()}`,
    wardWhatsapp: "0201112233",
  });
  const a = answers("arts", {
    wardName: `  ${existing.wardName.toUpperCase()} `,
    wardWhatsapp: "+233 20 111 2233",
  });
  await page.goto("/registration");
  await fillRegistration(page, a);
  await submit(page);
  await expect(page.getByRole("alert")).toContainText("This ward may already be registered.");
  await expect(page.getByRole("alert")).toContainText(
    "can sign in and open Link a registration to see it, or call the school on 024 000 0001",
  );
  await expect(page.getByRole("alert"), "nothing names the programme it is registered for").not.toContainText(
    "General Arts",
  );
  await expect(page.getByRole("link", { name: "View the existing registration" })).toHaveCount(0);
  expect(await page.content()).not.toContain(existing.reference);
  await connectTestDb();
  expect(await Registration.countDocuments({ wardNameKey: existing.wardNameKey, programme: "arts" })).toBe(1);
});

test("the signed-in parent who registered the ward gets a link to the existing registration", async ({
  page,
  loginAs,
}) => {
  const parent = await loginAs("parent");
  const existing = await createRegistration({
    programme: "arts",
    subjects: ["Literature"],
    wardName: `Abena ${uniquePhone()}`,
    userId: parent.id,
  });
  await page.goto("/registration");
  await fillRegistration(page, answers("arts", { wardName: existing.wardName, wardWhatsapp: existing.wardWhatsapp }));
  await submit(page);
  await expect(page.getByRole("alert")).toContainText("is already registered for General Arts");
  await page.getByRole("link", { name: "View the existing registration" }).click();
  await expect(page).toHaveURL(`/registration/${existing.reference}`);
});

test.describe("hostile input", () => {
  const base = () => ({
    parentName: "Akosua Mensah",
    whatsappNumber: "0241234567",
    wardName: `Hostile ${uniquePhone()}`,
    wardWhatsapp: uniquePhone(),
    currentSchool: "Accra Academy",
    wardForm: "form-2",
    specificClass: "2S1",
    programme: "science",
    subjects: "Mathematics",
    updateMode: "whatsapp",
    referralName: "Mr. Owusu",
    referralStatus: "teacher",
    intent: "submit",
  });

  async function post(request: import("@playwright/test").APIRequestContext, body: string) {
    return request.post("/registration", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: body,
      maxRedirects: 0,
    });
  }
  const encode = (entries: [string, string][]) =>
    entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");

  test("@no-js-only oversized, unknown, repeated and operator-like values get 400 with messages and nothing is stored", async ({
    request,
  }) => {
    await connectTestDb();
    const cases: { name: string; entries: (b: ReturnType<typeof base>) => [string, string][]; expect: string }[] = [
      {
        name: "oversized name",
        entries: (b) => Object.entries({ ...b, parentName: "A".repeat(5000) }),
        expect: "at most 100 characters",
      },
      {
        name: "oversized feedback",
        entries: (b) => Object.entries({ ...b, feedback: "x".repeat(2001) }),
        expect: "at most 2000 characters",
      },
      {
        name: "unknown programme",
        entries: (b) => Object.entries({ ...b, programme: "medicine" }),
        expect: M.programme,
      },
      {
        name: "subject from another programme",
        entries: (b) => Object.entries({ ...b, subjects: "Accounting" }),
        expect: SUBJECT_NOT_IN_PROGRAMME,
      },
      {
        name: "array where a string belongs",
        entries: (b) => [...Object.entries(b), ["wardName", "Second Ward"]],
        expect: "Enter one value only",
      },
      {
        name: "operator-like keys",
        entries: (b) => [
          ...Object.entries(b).filter(([k]) => k !== "wardWhatsapp" && k !== "programme"),
          ["wardWhatsapp[$ne]", "x"],
          ["programme[$gt]", ""],
        ],
        expect: M.wardWhatsapp,
      },
    ];
    for (const c of cases) {
      const b = base();
      const response = await post(request, encode(c.entries(b)));
      expect(response.status(), c.name).toBe(400);
      if (c.expect) expect(await response.text(), c.name).toContain(c.expect);
      expect(await Registration.countDocuments({ wardNameKey: b.wardName.toLowerCase() }), c.name).toBe(0);
    }
  });

  test("@no-js-only a forged form-library control field is ignored, not a 500", async ({ request }) => {
    const b = base();
    const response = await post(request, encode([...Object.entries(b), ["__intent__", "{not json"]]));
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/registration\/[a-z0-9]{12}$/);
  });

  test("@no-js-only a file where text belongs is refused without a 500", async ({ request }) => {
    const b = base();
    const response = await request.post("/registration", {
      multipart: { ...b, parentName: { name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("hello") } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    await connectTestDb();
    expect(await Registration.countDocuments({ wardNameKey: b.wardName.toLowerCase() })).toBe(0);
  });
});

test("@js-only after a successful submission that returns to the same page, the shared form starts empty", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  const a = answers("science");
  await page.goto("/admin/register-student");
  await fillRegistration(page, a);
  await page.getByRole("button", { name: "Register Student (Admin)" }).click();
  await expect(page.getByRole("status")).toContainText("Registration Successful!");
  await expect(page).toHaveURL(/\/admin\/register-student\?done=[a-z0-9]+$/);
  await expect(byLabel(page, L.parentName)).toHaveValue("");
  await expect(byLabel(page, L.wardName)).toHaveValue("");
  await expect(byLabel(page, L.programme)).toHaveValue("");
  await connectTestDb();
  expect(await Registration.countDocuments({ wardName: a.wardName, adminRegistration: true })).toBe(1);
});
