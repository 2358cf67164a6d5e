import mongoose from "mongoose";
import { test, expect } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { startApp, type RunningApp } from "../../scripts/bench/app.ts";
import { TEST_SHEDDING } from "#tests/support/isolated-app.ts";
import { addDays, schoolDay } from "#app/domain/vacations.ts";
import { REGISTRATION_CLOSED_MESSAGE, REGISTRATION_CLOSED_TITLE } from "#app/forms/registration.schema.ts";

/**
 * Closing registration is a global setting, so this runs against a private app
 * and database: the other registration tests keep an open form meanwhile.
 */
let app: RunningApp;
let conn: mongoose.Connection;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startApp({ seed: false, env: TEST_SHEDDING });
  conn = await mongoose.createConnection(app.mongodbUri).asPromise();
  await conn
    .collection("settings")
    .updateOne({ _id: "global" as never }, { $set: { registrationEnabled: false } }, { upsert: true });
  // A vacation taking enrolments: only the switch closes registration here (with none, it is closed anyway).
  const today = schoolDay();
  await conn.collection("vacations").insertOne({
    _id: "2026 Christmas vacation" as never,
    registrationOpens: addDays(today, -10),
    registrationCloses: addDays(today, 10),
    lessonsStart: addDays(today, -5),
    lessonsEnd: addDays(today, 30),
    newSchoolYear: false,
    datesFromUpgrade: false,
  });
});

test.afterAll(async () => {
  await conn?.close();
  await app?.stop();
});

test("when registration is closed, /registration says so and refuses posts", async ({ page, request }) => {
  await page.goto(`${app.url}/registration`);
  await expect(page.getByRole("heading", { name: REGISTRATION_CLOSED_TITLE })).toBeVisible();
  await expect(page.getByText(REGISTRATION_CLOSED_MESSAGE)).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Registration" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const response = await request.post(`${app.url}/registration`, {
    form: {
      parentName: "Akosua Mensah",
      whatsappNumber: "0241234567",
      wardName: "Closed Ward",
      wardWhatsapp: "0559876543",
      currentSchool: "Accra Academy",
      wardForm: "form-2",
      specificClass: "2S1",
      programme: "science",
      subjects: "Mathematics",
      updateMode: "whatsapp",
      referralName: "Mr. Owusu",
      referralStatus: "teacher",
      intent: "submit",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await conn.collection("registrations").countDocuments({})).toBe(0);
});

test("the banner and the landing page say registration is closed, and say open again once it is switched back on", async ({
  page,
}) => {
  await page.goto(`${app.url}/`);
  const banner = page.getByRole("region", { name: "Announcement" });
  await expect(banner).toContainText("Registration is closed for now.");
  await expect(banner).not.toContainText("still open");
  await expect(banner.getByRole("link").first()).toHaveAttribute("href", /^tel:/);
  await expect(page.getByRole("heading", { name: "Registration is closed" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Enrol Now", exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await conn.collection("settings").updateOne({ _id: "global" as never }, { $set: { registrationEnabled: true } });
  try {
    // Settings are cached for 2 s per process.
    await expect(async () => {
      await page.goto(`${app.url}/`);
      await expect(page.getByRole("region", { name: "Announcement" })).toContainText("Registration is still open.", {
        timeout: 500,
      });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "Registration is still open" })).toBeVisible();
    await page.goto(`${app.url}/registration`);
    await expect(page.getByRole("button", { name: "Submit Registration" })).toBeVisible();
  } finally {
    await conn.collection("settings").updateOne({ _id: "global" as never }, { $set: { registrationEnabled: false } });
  }
});
