import { readableReference } from "#app/domain/registration-reference.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { MongoClient, type Db } from "mongodb";
import type { Page } from "@playwright/test";
import { test, expect, fieldError } from "#tests/support/fixtures.ts";
import { freePort, startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { addDays, longDay, schoolDay } from "#app/domain/vacations.ts";
import { answers, fillRegistration } from "#tests/support/registration-form.ts";

/**
 * The next vacation, as the demo's school would run it (issue: one vacation after another): its own app and database,
 * since opening a vacation changes what every page of the app shows. JavaScript off and on.
 */

let db: ChildProcess;
let mongo: MongoClient;
let database: Db;
let app: IsolatedApp;

const EASTER = "2027 Easter vacation";
const CHRISTMAS = "2026 Christmas vacation";
const today = schoolDay();

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  db = spawn(
    process.execPath,
    ["--import", "tsx", "packages/embedded-mongo/tools/cli.ts", "--memory", "--port", String(port), "--quiet"],
    { stdio: "ignore" },
  );
  const uri = `mongodb://127.0.0.1:${port}/vacations`;
  mongo = new MongoClient(uri, { serverSelectionTimeoutMS: 20_000 });
  await mongo.connect();
  database = mongo.db("vacations");
  app = await startIsolatedApp({ MONGODB_URI: uri, SEED_DEMO_DATA: "true" }, { waitFor: "healthy" });
});

test.afterAll(async () => {
  await app?.stop();
  await mongo?.close();
  db?.kill("SIGTERM");
});

async function signIn(page: Page, role: "admin" | "parent", phone: string, password: string, landing: RegExp) {
  await page.context().clearCookies();
  await page.goto(`${app.url}/portal?role=${role}`);
  const form = page.locator("form#sign-in");
  await form.getByLabel("Phone number").fill(phone);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(landing);
}

test("the admin opens the next vacation; the demo parent enrols Yaw again, once; each vacation keeps its own records", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const yawBefore = await database.collection("registrations").findOne({ reference: "demoyawowusu" });
  const paymentsBefore = await database
    .collection("payments")
    .find({ registrationId: yawBefore!._id })
    .project({ receiptCode: 1, amount: 1, season: 1 })
    .sort({ _id: 1 })
    .toArray();

  // The admin opens "2027 Easter vacation": registration from today, lessons later, last vacation's fees.
  await signIn(page, "admin", "0244000001", "demo-admin-2025", new RegExp(`${app.url}/admin$`));
  await page.goto(`${app.url}/admin/vacations`);
  await expect(page.getByRole("heading", { name: CHRISTMAS, exact: true })).toBeVisible();
  const form = page.locator("form#open-vacation");
  await form.getByLabel("Name").fill(EASTER);
  await form.getByLabel("Registration opens").fill(today);
  await form.getByLabel("Registration closes").fill(addDays(today, 40));
  // Impossible first: lessons that end before they start, and that overlap Christmas's.
  await form.getByLabel("Lessons start").fill(addDays(today, 10));
  await form.getByLabel("Lessons end").fill(addDays(today, 5));
  await form.getByRole("button", { name: "Open Vacation" }).click();
  await expect(fieldError(page, "Lessons must end on or after the day they start")).toBeVisible();
  await expect(page.locator("form#open-vacation").getByLabel("Name")).toHaveValue(EASTER);
  await page.locator("form#open-vacation").getByLabel("Lessons end").fill(addDays(today, 50));
  await page.locator("form#open-vacation").getByRole("button", { name: "Open Vacation" }).click();
  await expect(fieldError(page, /These lessons overlap those of 2026 Christmas vacation/)).toBeVisible();
  await page.locator("form#open-vacation").getByLabel("Lessons start").fill(addDays(today, 60));
  await page.locator("form#open-vacation").getByLabel("Lessons end").fill(addDays(today, 100));
  await page.locator("form#open-vacation").getByRole("button", { name: "Open Vacation" }).click();
  // Christmas still takes enrolments on these days: said before saving, and opened only once the admin agrees.
  await expect(
    fieldError(page, `Registration for ${CHRISTMAS} is open until ${longDay(addDays(today, 21))}.`),
  ).toBeVisible();
  expect(await database.collection("vacations").countDocuments({ _id: EASTER as never })).toBe(0);
  await page
    .locator("form#open-vacation")
    .getByLabel(/Take enrolments for both vacations/)
    .check();
  await page.locator("form#open-vacation").getByRole("button", { name: "Open Vacation" }).click();
  // Its fees, copied from Christmas's, to check.
  await expect(page).toHaveURL(/\/admin\/settings\/fees\?vacation=2027/);
  await expect(page.getByRole("heading", { name: `Fees for ${EASTER}` })).toBeVisible();
  await expect(page.getByLabel("General Science fee (GH₵)")).toHaveValue("450.00");
  // The amounts copied, not Christmas's deadline: the fees deadline left empty is the day Easter's lessons start.
  await expect(page.getByLabel("Payment deadline")).toHaveValue(addDays(today, 60));

  // The banner and the landing page speak of both vacations taking enrolments, the running one first.
  await page.goto(`${app.url}/`);
  await expect(page.getByRole("region", { name: "Announcement" })).toContainText(
    `${CHRISTMAS} lessons began on ${longDay(addDays(today, -7))}. ${EASTER} lessons begin on ${longDay(addDays(today, 60))}.`,
  );
  await expect(page.getByText(`${CHRISTMAS}: lessons from ${longDay(addDays(today, -7))}`)).toBeVisible();
  await expect(page.getByText(`${EASTER}: lessons from ${longDay(addDays(today, 60))}`)).toBeVisible();

  // The registration form offers each, the running one chosen; a new family still enrols for Christmas.
  await page.context().clearCookies();
  await page.goto(`${app.url}/registration`);
  const choice = page.getByRole("group", { name: /Which vacation is this enrolment for/ });
  await expect(choice.getByRole("radio")).toHaveCount(2);
  await expect(choice.getByRole("radio", { name: new RegExp(`^${CHRISTMAS}`) })).toBeChecked();
  await expect(choice.getByRole("radio", { name: new RegExp(`^${EASTER}`) })).not.toBeChecked();
  const family = answers("arts", { wardName: "Efua Boateng" });
  await fillRegistration(page, family);
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/);
  await expect(page.getByText(CHRISTMAS).first()).toBeVisible();
  expect(
    await database.collection("registrations").findOne({ wardName: "Efua Boateng" }, { projection: { vacation: 1 } }),
  ).toMatchObject({ vacation: CHRISTMAS });

  // The demo parent enrols Yaw Owusu for it from the parent portal, the answers filled in.
  await signIn(page, "parent", "0244000003", "demo-parent-2025", /\/parent-dashboard/);
  await page.getByRole("link", { name: `Enrol Yaw Owusu for ${EASTER}` }).click();
  await expect(page.getByRole("heading", { name: `Enrol Yaw Owusu for ${EASTER}` })).toBeVisible();
  await expect(page.getByLabel(/^Ward's Name/)).toHaveValue("Yaw Owusu");
  // A second tab with the same form, submitted after the first: refused as a duplicate.
  const second = await page.context().newPage();
  await second.goto(page.url());
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page).toHaveURL(/\/registration\/[a-z0-9]{12}$/);
  const reference = page.url().split("/").pop()!;
  expect(reference).not.toBe("demoyawowusu");
  await expect(page.getByText(EASTER).first()).toBeVisible();
  const again = await database.collection("registrations").findOne({ reference });
  expect(again).toMatchObject({ vacation: EASTER, wardName: "Yaw Owusu", programme: "science", amountDue: 45000 });
  expect(await database.collection("outbox").findOne({ key: `enrolment:${again!._id}:sms` })).toMatchObject({
    to: "+233244000003",
    channel: "sms",
  });
  await second.getByRole("button", { name: "Submit Registration" }).click();
  await expect(second.getByText(/Yaw Owusu is already registered for General Science/).first()).toBeVisible();
  await second.close();
  expect(await database.collection("registrations").countDocuments({ wardName: "Yaw Owusu", vacation: EASTER })).toBe(
    1,
  );
  // No more offer for him; Christmas's registration is history on the portal.
  await page.goto(`${app.url}/parent-dashboard`);
  await expect(page.getByRole("link", { name: `Enrol Yaw Owusu for ${EASTER}` })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Earlier vacations" })).toHaveCount(0);
  // Yaw is one ward on Evaluation Forms too, though he has a registration in each vacation.
  await page.goto(`${app.url}/dashboard/evaluations`);
  await expect(page.getByRole("heading", { level: 2, name: /^Yaw Owusu/ })).toHaveCount(1);

  // The admin's list: the vacation teaching (Christmas) by default, Easter's on asking.
  await signIn(page, "admin", "0244000001", "demo-admin-2025", new RegExp(`${app.url}/admin$`));
  await page.goto(`${app.url}/admin/registrations`);
  await expect(page.getByTestId("vacation-shown")).toContainText(CHRISTMAS);
  // It says where else today's enrolments go (Christmas takes them too), and leads there.
  await expect(page.getByTestId("vacation-shown")).toContainText(`New enrolments also go to ${EASTER}`);
  await expect(page.getByTestId("vacation-shown").getByRole("link", { name: `show ${EASTER}` })).toHaveAttribute(
    "href",
    `/admin/registrations?vacation=${encodeURIComponent(EASTER)}`,
  );
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: "Yaw Owusu", exact: true })).toHaveCount(1);
  await page.getByLabel("Vacation").selectOption(EASTER);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("vacation-shown")).toContainText(EASTER);
  await expect(page.getByTestId("vacation-shown")).not.toContainText("New enrolments");
  await expect(page.getByTestId("count-total")).toHaveText("1");
  await page.getByRole("table").getByRole("link", { name: "Yaw Owusu", exact: true }).click();
  await expect(page.getByText(`Registration ${readableReference(reference)} · ${EASTER}`)).toBeVisible();

  // Christmas's receipts and payments are as they were.
  const paymentsAfter = await database
    .collection("payments")
    .find({ registrationId: yawBefore!._id })
    .project({ receiptCode: 1, amount: 1, season: 1 })
    .sort({ _id: 1 })
    .toArray();
  expect(paymentsAfter).toEqual(paymentsBefore);
  expect(paymentsAfter.every((p) => p.season === CHRISTMAS)).toBe(true);

  // On the demo parent's basic phone Yaw is one ward: his menu at once, each vacation's fees named.
  const ussd = async (text: string) =>
    (
      await page.request.post(`${app.url}/ussd/africastalking/demo-callback-secret`, {
        form: { sessionId: "ATUid_yaw_once", serviceCode: "*920*44#", phoneNumber: "+233244000003", text },
      })
    ).text();
  let menu = await ussd("");
  let path = "";
  if (menu.includes("1. English")) {
    path = "1*";
    menu = await ussd("1");
  }
  expect(menu.match(/Yaw Owusu/g), menu).toHaveLength(1);
  const listed = /(\d)\. Yaw Owusu/.exec(menu);
  const fees = await ussd(`${path}${listed ? `${listed[1]}*` : ""}2`);
  expect(fees).toContain(`${CHRISTMAS}: due GHS`);
  expect(fees).toContain(`${EASTER}: due GHS 450.00`);
});

test("@no-js-only last vacation's families hear of it by SMS once; a basic phone enrols a ward again from the menu", async ({
  request,
  page,
}) => {
  // The demo's callback secret (app/models/settings.server.ts), as the README's USSD example uses it.
  const secret = "demo-callback-secret";
  // The demo's other families (Yaw is enrolled already): counted first, then sent, once.
  await signIn(page, "admin", "0244000001", "demo-admin-2025", new RegExp(`${app.url}/admin$`));
  await page.goto(`${app.url}/admin/vacations`);
  const invite = page.getByRole("region", { name: "Tell last vacation's families" });
  await invite.getByRole("button", { name: "Count the messages" }).click();
  const status = page.getByRole("status").filter({ hasText: "SMS (" });
  await expect(status).toContainText(/^\d+ SMS \(\d+ parts? in all\)/);
  const count = Number((await status.textContent())!.match(/^(\d+) SMS/)![1]);
  expect(count).toBeGreaterThan(0);
  await expect(status).toContainText(`enrolment for the ${EASTER} is open`);
  await page.getByRole("button", { name: `Send ${count} SMS` }).click();
  await expect(page.getByText(`${count} SMS queued`)).toBeVisible();
  expect(await database.collection("outbox").countDocuments({ template: "enrol-again" })).toBe(count);
  expect(await database.collection("outbox").countDocuments({ template: "enrol-again", to: "+233244000003" })).toBe(0);

  // Abena's parent dials in: option 6 enrols her again for Easter, as last time, and the reference comes by SMS.
  const ussd = (text: string) =>
    request.post(`${app.url}/ussd/africastalking/${secret}`, {
      form: { sessionId: "ATUid_vacations", serviceCode: "*920*44#", phoneNumber: "+233501112222", text },
    });
  // A number's first call: its language first (1: English), then the ward's menu.
  expect(await (await ussd("")).text()).toContain("1. English");
  const menu = await (await ussd("1")).text();
  expect(menu).toContain("7. Enrol again");
  expect(await (await ussd("1*7")).text()).toContain(`Enrol Abena Asante for ${EASTER}: General Arts`);
  expect(await (await ussd("1*7*1")).text()).toBe(
    `END Abena Asante is enrolled for ${EASTER}. The reference comes by SMS.`,
  );
  const abena = await database.collection("registrations").findOne({ wardName: "Abena Asante", vacation: EASTER });
  expect(abena).toMatchObject({ programme: "arts", wardForm: "form-1" });
  expect(await database.collection("outbox").findOne({ key: `enrolment:${abena!._id}:sms` })).toBeTruthy();
  // Dialled again (a new session, the language known): no option 7 any more.
  const next = await request.post(`${app.url}/ussd/africastalking/${secret}`, {
    form: { sessionId: "ATUid_vacations_2", serviceCode: "*920*44#", phoneNumber: "+233501112222", text: "" },
  });
  expect(await next.text()).not.toContain("7. Enrol again");
});
