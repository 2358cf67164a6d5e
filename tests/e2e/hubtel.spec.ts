import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { MongoClient, type Db } from "mongodb";
import { test, expect, enrolmentForm, uniquePhone } from "#tests/support/fixtures.ts";
import { freePort, startIsolatedApp, type IsolatedApp } from "#tests/support/isolated-app.ts";
import { startHubtelSmsStandIn } from "#tests/support/stand-ins/hubtel.ts";
import { hubtelUssdSession } from "#tests/support/stand-ins/hubtel-ussd.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { smsLength } from "#app/domain/sms.ts";

/**
 * Hubtel, tried as a school would (docs/decisions/0093): on an app and database of their own (the provider is a global
 * setting), with the demo data and a local stand-in speaking Hubtel's SMS API. Chosen without its keys, Hubtel sends
 * nothing and says so; with them, the waiting SMS goes and its delivery report marks it delivered. Then Hubtel's USSD
 * serves the demo parent's menu, in 7-bit screens of at most 182 characters, in Twi where the school wrote it.
 */
const DEMO_PARENT = "+233244000003";
const DELIVERY_SECRET = "hubtel-e2e-delivery-secret";

let db: ChildProcess;
let mongo: MongoClient;
let database: Db;
let app: IsolatedApp;
let standIn: Awaited<ReturnType<typeof startHubtelSmsStandIn>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  db = spawn(
    process.execPath,
    ["--import", "tsx", "packages/embedded-mongo/tools/cli.ts", "--memory", "--port", String(port), "--quiet"],
    { stdio: "ignore" },
  );
  const uri = `mongodb://127.0.0.1:${port}/hubtel`;
  mongo = new MongoClient(uri, { serverSelectionTimeoutMS: 20_000 });
  await mongo.connect();
  database = mongo.db("hubtel");
  standIn = await startHubtelSmsStandIn();
  app = await startIsolatedApp(
    {
      MONGODB_URI: uri,
      SEED_DEMO_DATA: "true",
      HUBTEL_SMS_HOST: standIn.host,
      SMS_CALLBACK_SECRET: DELIVERY_SECRET,
    },
    { waitFor: "healthy" },
  );
});

test.afterAll(async () => {
  await app?.stop();
  await standIn?.close();
  await mongo?.close();
  db?.kill("SIGTERM");
});

async function signInAsAdmin(page: Page) {
  await page.goto(`${app.url}/portal?role=admin`);
  const form = page.locator("form#sign-in");
  await form.getByLabel("Phone number").fill("0244000001");
  await form.getByLabel(/^Password/).fill("demo-admin-2025");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${app.url}/admin$`));
}

/** Every screen a phone shows: in the GSM 7-bit alphabet, and with its CON/END prefix at most 182 characters. */
function expectShowable(screens: string[]) {
  for (const screen of screens) {
    expect(smsLength(screen).encoding, screen).toBe("GSM-7");
    expect([...screen].length + 4, screen).toBeLessThanOrEqual(182);
  }
}

test("@no-js-only Hubtel chosen without keys sends nothing and says so; with keys the waiting SMS goes and is delivered", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto(`${app.url}/admin/settings/integrations`);
  await page.getByLabel("SMS provider").selectOption({ label: "Hubtel" });
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toContainText("Settings Saved");

  // A family enrols; its SMS cannot leave.
  const parent = uniquePhone();
  const posted = await page.request.post(`${app.url}/registration`, {
    form: enrolmentForm({ whatsappNumber: parent }),
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  await page.goto(`${app.url}/admin/messages?q=${encodeURIComponent(parent)}`);
  const item = page.getByRole("listitem").filter({ hasText: "is enrolled in" });
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText("Error: SMS provider not configured: Hubtel needs a client id", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(item).toContainText("Queued");
  expect(standIn.received).toHaveLength(0);
  await page.goto(`${app.url}/admin`);
  const warning = page.getByRole("region", { name: "Messages cannot leave" });
  await expect(warning).toContainText("No SMS can leave the portal. SMS provider not configured");
  await expect(warning).toContainText(/\d+ messages? (is|are) waiting/);

  // The school enters its Hubtel account: the waiting SMS goes at once.
  await page.goto(`${app.url}/admin/settings/integrations`);
  await page.getByLabel("SMS account username (Africa's Talking) or client id (Hubtel)").fill("hub-id");
  await page.getByLabel("SMS API key", { exact: true }).fill("hub-secret");
  await page.getByLabel("SMS sender id").fill("VacClasses");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toContainText("Settings Saved");
  const outbox = database.collection<{ to: string; template: string; state: string; providerMessageId: string }>(
    "outbox",
  );
  await expect
    .poll(async () => (await outbox.findOne({ to: normalizePhone(parent), template: "enrolment" }))?.state, {
      timeout: 20_000,
    })
    .toBe("sent");
  expect(standIn.received.find((m) => m.To === normalizePhone(parent).slice(1))).toMatchObject({
    From: "VacClasses",
    Content: expect.stringContaining("is enrolled in"),
  });
  const sent = (await outbox.findOne({ to: normalizePhone(parent), template: "enrolment" }))!;

  // Hubtel reports the delivery: the message is delivered, and the overview no longer warns.
  const report = await page.request.post(`${app.url}/callbacks/hubtel/sms-delivery/${DELIVERY_SECRET}`, {
    data: { MessageId: sent.providerMessageId, Status: "Delivered" },
  });
  expect(await report.text()).toBe("recorded");
  await page.goto(`${app.url}/admin/messages?q=${encodeURIComponent(parent)}`);
  await expect(item).toContainText("Delivered");
  await page.goto(`${app.url}/admin`);
  await expect(page.getByRole("region", { name: "Messages cannot leave" })).toHaveCount(0);
});

test("@no-js-only Hubtel's USSD serves the menu in 7-bit screens, in Twi where the school wrote it, English for others", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  // The school takes Hubtel for USSD too.
  await page.goto(`${app.url}/admin/settings/ussd`);
  await page.getByLabel("Aggregator").selectOption({ label: "Hubtel (MTN, Telecel, AirtelTigo)" });
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toContainText("Settings Saved");
  await expect(page.getByText(`${app.url}/ussd/hubtel/`)).toBeVisible();
  const url = `${app.url}/ussd/hubtel/demo-callback-secret`;
  // Africa's Talking's URL no longer answers.
  expect((await fetch(`${app.url}/ussd/africastalking/demo-callback-secret`, { method: "POST" })).status).toBe(404);

  // The staff write the fees screen in Twi; a text without the balance is refused by the field, as typed.
  await page.goto(`${app.url}/admin/settings/wording`);
  const fees = page.getByRole("form", { name: "USSD: Fees", exact: true });
  await fees.getByLabel("Twi (blank: English)").fill("{ward}: ɛsɛ sɛ wotua {due}.");
  await fees.getByRole("button", { name: "Save Fees", exact: true }).click();
  const refused = page.getByRole("form", { name: "USSD: Fees", exact: true });
  await expect(refused.getByLabel("Twi (blank: English)")).toHaveAccessibleDescription(/Keep \{paid\}/);
  await expect(refused.getByLabel("Twi (blank: English)")).toHaveValue("{ward}: ɛsɛ sɛ wotua {due}.");
  await refused
    .getByLabel("Twi (blank: English)")
    .fill("{ward}: ɛsɛ sɛ wotua {due}, wotuaa {paid}, aka {balance}. Krataa {receipt}.");
  await refused.getByRole("button", { name: "Save Fees", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Wording saved");

  // The demo parent's first call asks the language once; Twi is chosen, and the fees screen is the school's Twi.
  const first = hubtelUssdSession(url, DEMO_PARENT);
  const ask = await first.dial();
  expect(ask).toMatchObject({ Type: "response", DataType: "input" });
  expect(ask.Message).toContain("1. English\n2. Twi");
  expect((await first.answer("2")).Message).toBe(
    "Yaw Owusu\n1. Enrolment status\n2. Fees\n3. Class pages by SMS\n4. Contact the school\n5. Language\n6. Progress\n8. Pay fees",
  );
  const twiFees = await first.answer("2");
  expect(twiFees).toMatchObject({ Type: "release", ClientState: "" });
  expect(twiFees.Message).toMatch(/^Yaw Owusu: ese se wotua GHS [\d.]+, wotuaa GHS [\d.]+, aka GHS [\d.]+\. Krataa /);

  // A later call goes straight to the menu, and every option answers.
  for (const option of ["1", "2", "3", "4", "6"]) {
    const call = hubtelUssdSession(url, DEMO_PARENT);
    expect((await call.dial()).Message).toMatch(/^Yaw Owusu\n1\. /);
    const end = await call.answer(option);
    expect(end.Type).toBe("release");
    expectShowable(call.screens);
  }

  // Another family, its ward named Ɔdɔmankoma Ɛsi Asantewaa, chose English on the form: English, in 7-bit.
  const other = uniquePhone();
  const enrolled = await page.request.post(`${app.url}/registration`, {
    form: enrolmentForm({ whatsappNumber: other, wardName: "Ɔdɔmankoma Ɛsi Asantewaa", smsLanguage: "en" }),
    maxRedirects: 0,
  });
  expect(enrolled.status()).toBe(302);
  const theirs = hubtelUssdSession(url, normalizePhone(other));
  await theirs.dial();
  expect((await theirs.answer("1")).Message).toMatch(/^Odomankoma Esi Asantewaa\n1\. Enrolment status/);
  expect((await theirs.answer("2")).Message).toMatch(/^Odomankoma Esi Asantewaa: due GHS /);
  for (const option of ["1", "3", "4", "5"]) {
    const call = hubtelUssdSession(url, normalizePhone(other));
    await call.dial();
    await call.answer(option);
    if (option === "5") expect((await call.answer("1")).Message).toBe("Language: English. Dial again for the menu.");
    expectShowable(call.screens);
  }
  expectShowable([...first.screens, ...theirs.screens]);

  // An SMS to the school through Hubtel (pushed as a query string): ENGLISH turns the demo parent back to English.
  const inbound = await fetch(
    `${app.url}/callbacks/hubtel/sms-inbound/demo-callback-secret?From=233244000003&To=1444&Fulltext=ENGLISH&MessageId=hub-in-1`,
  );
  expect(await inbound.text()).toBe("queued");
  const reply = await database
    .collection<{ key: string; text: string }>("outbox")
    .findOne({ key: "sms-reply:hub-in-1" });
  expect(reply?.text).toBe(
    "Vacation Classes: messages to this number will now be in English. Send ENGLISH or TWI to change.",
  );
  const english = hubtelUssdSession(url, DEMO_PARENT);
  await english.dial();
  expect((await english.answer("2")).Message).toMatch(/^Yaw Owusu: due GHS /);

  // A session the person ends is released without a screen; a body that is not Hubtel's is a 400.
  const ended = hubtelUssdSession(url, DEMO_PARENT);
  await ended.dial();
  expect(await ended.release()).toMatchObject({ Type: "release", Message: "" });
  expect(
    (await fetch(url, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } })).status,
  ).toBe(400);
});

test("@no-js-only the demo parent pays Yaw Owusu's fees from the USSD menu: the TEST gateway's prompt, approved or declined", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const url = `${app.url}/ussd/hubtel/demo-callback-secret`;
  const cedis = (text: string) => Math.round(Number(text) * 100);
  const payScreen = async () => {
    const call = hubtelUssdSession(url, DEMO_PARENT);
    expect((await call.dial()).Message).toMatch(/\n8\. Pay fees$/);
    return { call, screen: (await call.answer("8")).Message };
  };

  // The menu offers the balance or another amount; the network is Hubtel's Operator, so it is not asked.
  const before = await payScreen();
  const balance = cedis(/balance GHS ([\d.]+)\./.exec(before.screen)![1]);
  expect(before.screen).toMatch(/^Yaw Owusu: balance GHS [\d.]+\.\n1\. Pay GHS [\d.]+\n2\. Another amount$/);
  expect((await before.call.answer("2")).Message).toMatch(/^Amount in cedis, from GHS [\d.]+ to GHS [\d.]+:$/);
  expect((await before.call.answer("100")).Message).toBe(
    "Pay GHS 100.00 for Yaw Owusu from this number?\n1. Yes\n2. No",
  );
  const prompted = await before.call.answer("1");
  expect(prompted).toMatchObject({
    Type: "release",
    Message: "Approve the prompt for GHS 100.00 on your phone. The receipt comes by SMS.",
  });
  expectShowable(before.call.screens);

  // The TEST gateway lists the prompt it "sent" to the demo parent's phone; Approve is the parent's PIN.
  await page.goto(`${app.url}/test-gateway`);
  const row = page.getByRole("listitem").filter({ hasText: "GH₵ 100.00 to 024" });
  await expect(row).toContainText("MTN MoMo");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "GH₵ 100.00 to 024" })).toContainText("success");
  const payment = await database
    .collection<{ _id: string; state: string; receiptCode: string }>("payments")
    .findOne({ method: "gateway-momo", amount: 10000, payerPhone: DEMO_PARENT });
  expect(payment?.state).toBe("confirmed");
  const receipt = await database
    .collection<{ to: string; text: string }>("outbox")
    .findOne({ key: `payment-confirmed:${payment?._id}:sms` });
  expect(receipt?.to).toBe(DEMO_PARENT);
  expect(receipt?.text).toContain(payment?.receiptCode);
  expect((await payScreen()).screen).toContain(`balance GHS ${((balance - 10000) / 100).toFixed(2)}.`);
  // The parent's Payment History shows it confirmed, and the office's Messages the receipt SMS.
  await page.goto(`${app.url}/portal?role=parent`);
  const signIn = page.locator("form#sign-in");
  await signIn.getByLabel("Phone number").fill("0244000003");
  await signIn.getByLabel(/^Password/).fill("demo-parent-2025");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await page.goto(`${app.url}/dashboard/payments`);
  await expect(page.getByRole("row").filter({ hasText: payment!.receiptCode })).toContainText("GH₵ 100.00");
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto(`${app.url}/admin/messages`);
  await expect(page.getByText(`GHS 100.00 for Yaw Owusu received, receipt ${payment!.receiptCode}`)).toBeVisible();

  // Declined: the balance is as it was, and the next visit says the prompt was not paid.
  const again = await payScreen();
  await again.call.answer("2");
  await again.call.answer("50");
  await again.call.answer("1");
  await page.goto(`${app.url}/test-gateway`);
  await page
    .getByRole("listitem")
    .filter({ hasText: "GH₵ 50.00 to 024" })
    .getByRole("button", { name: "Decline" })
    .click();
  const after = await payScreen();
  expect(after.screen).toBe(
    `Your last prompt for GHS 50.00 was not paid.\nYaw Owusu: balance GHS ${((balance - 10000) / 100).toFixed(2)}.\n1. Pay GHS ${((balance - 10000) / 100).toFixed(2)}\n2. Another amount`,
  );
});
