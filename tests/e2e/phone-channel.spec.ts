import type { APIRequestContext } from "@playwright/test";
import { test, expect, connectTestDb, enrolmentForm, uniquePhone } from "#tests/support/fixtures.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { networkOfNumber } from "#app/domain/checkout.ts";
import { TestGatewayTransaction } from "#app/models/test-gateway-transaction.server.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { Settings } from "#app/models/settings.server.ts";
import { smsCedis } from "#app/domain/sms.ts";

const USSD = `/ussd/africastalking/${E2E.ussdCallbackSecret}`;
const SMS_IN = `/callbacks/africastalking/sms-inbound/${E2E.ussdCallbackSecret}`;
const DEMO_PARENT = "+233244000003";

let session = 0;
/** One screen of a USSD session, posted as Africa's Talking posts it. */
async function dial(request: APIRequestContext, sessionId: string, phoneNumber: string, text: string, path = USSD) {
  const post = () =>
    request.post(path, { form: { sessionId, serviceCode: "*920*44#", phoneNumber, text, networkCode: "62001" } });
  // A kept-alive connection the server closed as it was reused (a reset before any answer) is sent again on a new
  // one, as an aggregator does; an answer of any status is never sent twice.
  const response = await post().catch((error: Error) => {
    if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
    return post();
  });
  return { status: response.status(), body: await response.text() };
}

/**
 * Dials the demo parent's menu: answers English when the number is asked its language (its first visit), and picks
 * Yaw Owusu when other tests gave the number more wards.
 */
async function demoMenu(request: APIRequestContext, sessionId: string) {
  let first = await dial(request, sessionId, DEMO_PARENT, "");
  let prefix = "";
  if (first.body.includes("Choose your language")) {
    prefix = "1*";
    first = await dial(request, sessionId, DEMO_PARENT, "1");
  }
  if (!first.body.includes("choose a ward")) return { prefix, first };
  const line = first.body.split("\n").find((l) => l.includes("Yaw Owusu"))!;
  return { prefix: `${prefix}${line.split(".")[0]}*`, first };
}

test.describe("@no-js-only the phone channel: USSD and SMS keywords", () => {
  // In order, in one worker: the last test replaces the callback secret the others use, then puts it back.
  test.describe.configure({ mode: "serial" });

  test("the demo parent's number gets the menu, the ward's status, the balance of the portal and class links by SMS", async ({
    request,
  }) => {
    const sessionId = `ATUid_e2e_${Date.now()}_${++session}`;
    const { prefix, first } = await demoMenu(request, sessionId);
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/^CON /);
    const menu = prefix ? (await dial(request, sessionId, DEMO_PARENT, prefix.slice(0, -1))).body : first.body;
    expect(menu).toBe(
      "CON Yaw Owusu\n1. Enrolment status\n2. Fees\n3. Class pages by SMS\n4. Contact the school\n5. Language\n6. Progress\n8. Pay fees",
    );
    // The demo's held lessons: Yaw missed one Mathematics lesson and was late to Physics.
    const progress = await dial(request, sessionId, DEMO_PARENT, `${prefix}6`);
    // And the demo marked his Quadratic equations work 15 of 20.
    expect(progress.body).toBe(
      "END Yaw Owusu: attended 2 of 3 lessons held (67%).\nAverage mark: 75% (Good).\nMathematics 1/2\nPhysics 1/1",
    );

    const status = await dial(request, sessionId, DEMO_PARENT, `${prefix}1`);
    expect(status.body).toMatch(
      /^END Yaw Owusu: General Science, 6 subject\(s\), enrolled; fees (unpaid|part-paid|paid|overpaid)\.$/,
    );
    await connectTestDb();
    const reg = await Registration.findOne({ reference: "demoyawowusu" }).lean();
    const fees = await dial(request, sessionId, DEMO_PARENT, `${prefix}2`);
    expect(fees.body).toContain(`balance ${smsCedis(reg!.amountDue! - (reg!.amountPaid ?? 0))}`);

    // The demo data has a class page for every science subject.
    const links = await dial(request, sessionId, DEMO_PARENT, `${prefix}3`);
    expect(links.body).toBe("END We are sending Yaw Owusu's class-page links by SMS to this number.");
    const sms = await Outbox.findOne({ key: `ussd-links:${sessionId}:${reg!._id}` }).lean();
    expect(sms).toMatchObject({ to: DEMO_PARENT, channel: "sms" });
    expect(sms!.text).toContain("https://chat.whatsapp.com/");

    for (const screen of [first, status, fees, links]) expect([...screen.body].length).toBeLessThanOrEqual(182);
  });

  test("an unknown number gets the contacts and how to enrol; a wrong secret is 404 and reads nothing", async ({
    request,
  }) => {
    // The address to enrol at is the portal's own, whatever Host the request named.
    const response = await request.post(USSD, {
      form: {
        sessionId: `ATUid_u_${Date.now()}`,
        serviceCode: "*920*44#",
        phoneNumber: `+23350${uniquePhone().slice(-7)}`,
        text: "",
      },
      headers: { Host: "evil.example" },
    });
    const unknown = await response.text();
    expect(unknown).toMatch(/^END No registration gives this number\. Enrol at .*\/registration or call 024 000 0001/);
    expect(unknown).toContain(`Enrol at ${new URL(E2E.baseURL).host}/registration`);
    expect(unknown).not.toContain("evil.example");
    expect((await dial(request, "s", DEMO_PARENT, "", "/ussd/africastalking/wrong-secret")).status).toBe(404);
    expect((await dial(request, "s", DEMO_PARENT, "", `/ussd/hubtel/${E2E.ussdCallbackSecret}`)).status).toBe(404);
    expect((await request.post(USSD, { data: "{}", headers: { "Content-Type": "application/json" } })).status()).toBe(
      400,
    );
  });

  test("an SMS saying bal from the demo parent's number queues a reply with the balance, once", async ({ request }) => {
    const id = `ATXid_in_${Date.now()}`;
    const post = () =>
      request.post(SMS_IN, {
        form: { from: DEMO_PARENT, to: "20880", text: "bal", id, date: "2026-11-26 10:00:00", linkId: "" },
      });
    expect(await (await post()).text()).toBe("queued");
    expect(await (await post()).text()).toBe("repeat");
    await connectTestDb();
    const reply = await Outbox.findOne({ key: `sms-reply:${id}` }).lean();
    const reg = await Registration.findOne({ reference: "demoyawowusu" }).lean();
    expect(reply).toMatchObject({ to: DEMO_PARENT, template: "reply:balance" });
    expect(reply!.text).toContain(`Yaw Owusu: due ${smsCedis(reg!.amountDue!)}`);
    expect(
      (
        await request.post("/callbacks/africastalking/sms-inbound/nope", {
          form: { from: DEMO_PARENT, text: "bal", id: "x" },
        })
      ).status(),
    ).toBe(404);
    // A session id that is not a token (a newline would forge a line of the log) is refused.
    expect((await dial(request, "ATUid_x\n[ussd] session=forged", DEMO_PARENT, "")).status).toBe(400);
  });

  test("PAY by SMS lists what is owed, starts a prompt of that amount on the TEST gateway, and refuses a second or a wrong amount", async ({
    request,
  }) => {
    // A family of its own: the demo parent's balance stays as other tests read it.
    const phone = uniquePhone();
    const enrolled = await request.post("/registration", {
      form: enrolmentForm({ whatsappNumber: phone, wardName: "Ama Pay", smsLanguage: "en" }),
      maxRedirects: 0,
    });
    expect(enrolled.status()).toBe(302);
    const from = normalizePhone(phone)!;
    await connectTestDb();
    const reg = await Registration.findOne({ whatsappNumberNormalized: from }).lean();
    const balance = reg!.amountDue! - (reg!.amountPaid ?? 0);
    let n = 0;
    const sms = async (text: string) => {
      const id = `ATXid_pay_${Date.now()}_${++n}`;
      const answer = await request.post(SMS_IN, { form: { from, to: "20880", text, id, date: "", linkId: "" } });
      expect(await answer.text()).toBe("queued");
      return (await Outbox.findOne({ key: `sms-reply:${id}` }).lean())!.text;
    };
    expect(await sms("PAY")).toBe(
      `Vacation Classes: fees owed:\n1. Ama Pay ${smsCedis(balance)}\nReply PAY ${Math.floor(balance / 100)} for a Mobile Money prompt on this phone for that amount.`,
    );
    expect(await sms(`PAY ${Math.floor(balance / 100) + 1}`)).toMatch(
      /^Vacation Classes: for Ama Pay, pay from GHS [\d.]+ to /,
    );
    expect(await sms("pay 100")).toBe(
      "Vacation Classes: approve the prompt for GHS 100.00 for Ama Pay on your phone. The receipt comes by SMS.",
    );
    const prompt = await TestGatewayTransaction.findOne({ phone: from, prompt: true }).lean();
    // An SMS carries no network: the one the number was issued by.
    expect(prompt).toMatchObject({ amount: 10000, status: "pending", network: networkOfNumber(from) ?? "mtn" });
    expect(await sms("PAY 50")).toMatch(/no prompt was sent: A payment for this ward is still open/);
  });

  test("the admin sees the callback URLs once when making a secret, and recent sessions with numbers masked", async ({
    page,
    loginAs,
    request,
  }) => {
    await dial(request, `ATUid_v_${Date.now()}`, DEMO_PARENT, "");
    await loginAs("admin");
    await page.goto("/admin/settings/ussd");
    // (Other specs post to every route, this one's save included: the code is set here, not assumed.)
    await page.getByLabel("USSD service code").fill("*920*55#");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status")).toContainText("Settings Saved");
    await expect(page.getByLabel("USSD service code")).toHaveValue("*920*55#");
    await expect(page.getByText("A secret is set; it ends in ••••cret.")).toBeVisible();
    await expect(page.getByRole("row", { name: /024 ••• ••03/ }).first()).toBeVisible();
    expect(await page.content()).not.toContain(E2E.ussdCallbackSecret);
    await expectNoA11yViolations(page);
    await page.getByLabel("USSD service code").fill("920");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByLabel("USSD service code")).toHaveAccessibleDescription(/A USSD code looks like \*920\*44#/);

    // A new secret: its URLs are shown in this answer only; the old URL stops working, the new one works.
    await page.getByRole("button", { name: "Replace the callback secret" }).click();
    await expect(page.getByText("New secret made. Copy these now: they are not shown again.")).toBeVisible();
    const ussdUrl = (await page.getByText(/\/ussd\/africastalking\//).textContent())!;
    const path = new URL(ussdUrl).pathname;
    try {
      await expect.poll(async () => (await dial(request, "s2", DEMO_PARENT, "", path)).status).toBe(200);
      expect((await dial(request, "s3", DEMO_PARENT, "")).status).toBe(404);
      await page.goto("/admin/settings/ussd");
      expect(await page.content()).not.toContain(path.split("/").pop()!);
    } finally {
      // Back to the demo's secret for the other tests.
      await connectTestDb();
      await Settings.updateOne({ _id: "global" }, { $set: { phoneCallbackSecret: E2E.ussdCallbackSecret } });
      await expect.poll(async () => (await dial(request, "s4", DEMO_PARENT, "")).status).toBe(200);
    }
  });
});
