import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, createRegistration, createUser, connectTestDb, signInAs } from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { TestGatewayTransaction } from "#app/models/test-gateway-transaction.server.ts";
import { User } from "#app/models/user.server.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { maskPhone } from "#app/domain/registration.ts";
import { signWebhook } from "#app/services/money/gateway/gateway.ts";
import { testGatewayKeyFor } from "#app/services/money/gateway/test-gateway.server.ts";

/** The TEST gateway's webhook key in the e2e app (derived from its session secret). */
const TEST_KEY = testGatewayKeyFor(E2E.sessionSecret);

/** A `charge.success` event in Paystack's shape, for GHS `amount` pesewas. */
const chargeSuccess = (reference: string, amount: number) =>
  JSON.stringify({
    event: "charge.success",
    data: { reference, status: "success", amount, currency: "GHS", authorization: { bank: "MTN" } },
  });

/**
 * What the network did with a TEST checkout, as the TEST gateway then verifies it: the webhook is only the signal, the
 * verification the truth (app/services/money/checkout.server.ts).
 */
async function networkTook(reference: string, amount: number) {
  await connectTestDb();
  await TestGatewayTransaction.updateOne(
    { _id: reference },
    { $set: { status: "success", amount, decidedAt: new Date() } },
  );
}

/** Posts an event to the TEST gateway's webhook, signed with `key` as Paystack signs. */
const postWebhook = (request: APIRequestContext, body: string, key = TEST_KEY) =>
  request.post("/webhooks/payments/test", {
    data: body,
    headers: { "Content-Type": "application/json", "x-paystack-signature": signWebhook(key, body) },
  });

/** A parent with one ward who owes GH₵ 400.00 (the season's fee). */
async function parentWithBalance(loginAs: (role: "parent") => Promise<{ id: string }>) {
  const parent = await loginAs("parent");
  const reg = await createRegistration({
    parentUserId: parent.id,
    amountDue: 40000,
    amountPaid: 0,
    feeSeason: "E2E Season",
    paymentStatus: "unpaid",
  });
  return { parent, reg };
}

/** "Pay with Mobile Money" for the ward, for `amount` cedis, to the TEST gateway's page. */
async function payFromPortal(page: Page, wardName: string, amount: string) {
  await page.goto("/dashboard/payments");
  const field = page.getByLabel(`Amount to pay for ${wardName} (GH₵)`);
  await field.fill(amount);
  await page.getByRole("button", { name: "Pay with Mobile Money" }).click();
  await expect(page).toHaveURL(/\/test-gateway\/[a-z0-9]+$/);
  await expect(page.getByText("TEST gateway: no money moves.")).toBeVisible();
}

test.describe("paying fees by Mobile Money from the portal", () => {
  test("the parent pays part of the fee (Approve): confirmed with a receipt and a new balance; Decline changes nothing @both", async ({
    page,
    loginAs,
  }) => {
    const { reg } = await parentWithBalance(loginAs);
    await page.goto("/dashboard/payments");
    const field = page.getByLabel(`Amount to pay for ${reg.wardName} (GH₵)`);
    await expect(field).toHaveValue("400.00");
    await expectNoA11yViolations(page);

    // More than the balance is refused by the field, the amount kept, nothing started.
    await field.fill("450");
    await page.getByRole("button", { name: "Pay with Mobile Money" }).click();
    await expect(field).toHaveAccessibleDescription(/Pay at most the balance, GH₵ 400.00/);
    await expect(field).toHaveValue("450");
    await connectTestDb();
    expect(await Payment.countDocuments({ registrationId: reg._id })).toBe(0);

    await payFromPortal(page, reg.wardName, "150");
    await expect(page.getByText("GH₵ 150.00")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/payment-success\?reference=/);
    await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
    await expect(page.getByText(/reached the school: receipt VC-E2E-SEASON-\d{6}/)).toBeVisible();
    await expect(page.getByLabel("Your payment")).toContainText("GH₵ 250.00");
    expect(await Registration.findById(reg._id).lean()).toMatchObject({
      amountPaid: 15000,
      paymentStatus: "part-paid",
    });
    // The receipt and the way back, one tap each; next steps for a confirmed payment; no "Sign In" for a parent.
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /Download receipt VC-E2E-SEASON-\d{6} \(PDF\)/ })).toHaveAttribute(
      "href",
      /^\/payments\/[a-z0-9]+\/receipt\.pdf$/,
    );
    await expect(main.getByText("Keep the receipt")).toBeVisible();
    await expect(main.getByText("Keep the Mobile Money confirmation message")).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await main.getByRole("link", { name: "Back to Payment History" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payments$/);

    // An open payment the parent changes their mind about: cancelled from Payment History, nothing taken.
    await payFromPortal(page, reg.wardName, "50");
    await page.goto("/dashboard/payments");
    await page.getByRole("button", { name: "Cancel this payment" }).click();
    await expect(page.getByRole("status")).toContainText("Payment cancelled");
    await expect(page.getByRole("row", { name: /Rejected.*GH₵ 50.00/ })).toBeVisible();

    await payFromPortal(page, reg.wardName, "100");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("heading", { name: "The payment did not go through" })).toBeVisible();
    await expect(page.getByText("The balance is unchanged.")).toBeVisible();
    await page.goto("/dashboard/payments");
    await expect(page.getByLabel(`Amount to pay for ${reg.wardName} (GH₵)`)).toHaveValue("250.00");
    await expect(
      page.getByRole("row", { name: /Confirmed.*GH₵ 150.00.*Mobile Money \(gateway\), MTN MoMo/ }),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: /Rejected.*GH₵ 100.00/ })).toBeVisible();
    expect(await Registration.findById(reg._id).lean()).toMatchObject({ amountPaid: 15000 });
  });

  test("with no answer the return page waits, refreshing itself, until the payment is approved", async ({
    page,
    loginAs,
  }) => {
    const { reg } = await parentWithBalance(loginAs);
    await payFromPortal(page, reg.wardName, "400");
    const checkout = page.url();
    await page.getByRole("button", { name: "No answer" }).click();
    await expect(page.getByRole("heading", { name: "Approve the prompt on your phone" })).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "5");
    const waiting = page.url();
    // Meanwhile Payment History holds the open payment instead of a second one: continue it (or cancel it).
    await page.goto("/dashboard/payments");
    const open = page.getByRole("group", { name: `Open payment for ${reg.wardName}` });
    await expect(open).toContainText("A Mobile Money payment of GH₵ 400.00");
    await expect(page.getByLabel(`Amount to pay for ${reg.wardName} (GH₵)`)).toHaveCount(0);
    await open.getByRole("link", { name: "Continue the payment" }).click();
    await expect(page).toHaveURL(checkout);
    // The payer approves later (on the phone): the waiting page then shows the payment confirmed.
    const other = await page.context().newPage();
    await other.goto(checkout);
    await other.getByRole("button", { name: "Approve" }).click();
    await expect(other.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
    await other.close();
    await page.goto(waiting);
    await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  });

  test("@no-js-only the webhook answers 401 to a wrong signature and settles a signed one once", async ({
    page,
    loginAs,
    request,
  }) => {
    const { reg } = await parentWithBalance(loginAs);
    await payFromPortal(page, reg.wardName, "120");
    const reference = page.url().split("/").pop()!;
    const body = chargeSuccess(reference, 12000);
    const post = (key = TEST_KEY) => postWebhook(request, body, key);
    await networkTook(reference, 12000);
    const wrong = await post("not-the-key");
    expect(wrong.status()).toBe(401);
    await connectTestDb();
    expect(await Payment.findById(reference).lean()).toMatchObject({ state: "pending", receiptNumber: null });

    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status(), second.status()]).toEqual([200, 200]);
    // Once: one of the two confirms (or a reconciliation run by another test did, and both find it done).
    const answers = [await first.text(), await second.text()];
    expect(answers.filter((a) => a === "confirmed").length).toBeLessThanOrEqual(1);
    expect(answers.every((a) => a === "confirmed" || a === "already")).toBe(true);
    const payment = await Payment.findById(reference).lean();
    expect(payment).toMatchObject({ state: "confirmed" });
    expect(payment!.receiptNumber).toBeGreaterThan(0);
    expect((await request.post("/webhooks/payments/nowhere", { data: body })).status()).toBe(404);
  });

  test("the office's Confirm asks the gateway first: unapproved, it needs a reason (audited); a later void tells the parent", async ({
    page,
    browser,
    loginAs,
  }) => {
    const { reg } = await parentWithBalance(loginAs);
    // The parent opens the checkout but never approves it.
    await payFromPortal(page, reg.wardName, "120");
    const reference = page.url().split("/").pop()!;

    const office = await browser.newContext({
      baseURL: E2E.baseURL,
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    });
    const adminPage = await office.newPage();
    await signInAs(office, await createUser({ role: "admin" }));
    await adminPage.goto(`/admin/registrations/${reg._id}`);
    await adminPage.getByRole("button", { name: `Confirm payment ${reference}` }).click();
    const reason = adminPage.getByLabel("Reason, only to confirm GH₵ 120.00 without the gateway's approval");
    await expect(reason).toHaveAccessibleDescription(/The gateway has not approved this payment/);
    await connectTestDb();
    expect(await Payment.findById(reference).lean()).toMatchObject({ state: "pending", receiptNumber: null });

    await reason.fill("Seen on the MoMo statement, 27 Nov");
    await adminPage.getByRole("button", { name: `Confirm payment ${reference}` }).click();
    await expect(adminPage.getByRole("status")).toContainText("Without the gateway's approval");
    await expect(adminPage.getByRole("region", { name: "Audit trail" })).toContainText(
      "confirmed without the gateway's approval: Seen on the MoMo statement",
    );
    expect(await Payment.findById(reference).lean()).toMatchObject({ state: "confirmed" });

    // Voided later: the parent, who had the receipt by SMS, is told too.
    await adminPage.getByLabel(/^Reason for voiding/).fill("The money never arrived");
    await adminPage.getByRole("button", { name: "Void" }).click();
    await expect(adminPage.getByRole("status")).toContainText("Payment voided");
    await expect
      .poll(async () => (await Outbox.findOne({ key: `payment-voided:${reference}:sms` }).lean())?.text ?? "")
      .toContain("was cancelled by the school: The money never arrived");
    await office.close();
  });

  test("the office decides an amount that differs on the reconciliation page, and runs a reconciliation", async ({
    page,
    browser,
    loginAs,
    request,
  }) => {
    const { reg } = await parentWithBalance(loginAs);
    await payFromPortal(page, reg.wardName, "300");
    const reference = page.url().split("/").pop()!;
    // The network took GH₵ 30.00 instead of GH₵ 300.00: the signed webhook flags the payment instead of confirming it.
    await networkTook(reference, 3000);
    const flagged = await postWebhook(request, chargeSuccess(reference, 3000));
    expect(await flagged.text()).toBe("flagged");
    await page.goto("/dashboard/payments");
    await expect(page.getByText("Needs checking by the office: The gateway reports GHS 30.00")).toBeVisible();

    const office = await browser.newContext({
      baseURL: E2E.baseURL,
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    });
    const adminPage = await office.newPage();
    await signInAs(office, await createUser({ role: "admin" }));
    await adminPage.goto("/admin/payments");
    await adminPage.getByRole("link", { name: "Reconciliation" }).click();
    await expect(adminPage.getByRole("heading", { name: "Payments reconciliation" })).toBeVisible();
    const row = adminPage.getByRole("row", { name: new RegExp(reference) });
    await expect(row).toContainText("The amounts differ");
    await expect(row).toContainText("GH₵ 300.00");
    await expect(row).toContainText("GH₵ 30.00");
    await expectNoA11yViolations(adminPage);
    await row.getByRole("button", { name: "Confirm" }).click();
    await expect(adminPage.getByRole("status")).toContainText("Exception confirmed");
    await connectTestDb();
    expect(await Payment.findById(reference).lean()).toMatchObject({ state: "confirmed", amount: 3000 });
    expect(await Registration.findById(reg._id).lean()).toMatchObject({ amountPaid: 3000 });

    await adminPage.getByRole("button", { name: "Reconcile the last two days" }).click();
    await expect(adminPage.getByRole("status")).toContainText("Reconciliation done");
    await expect(adminPage.getByRole("row", { name: /TEST gateway/ }).first()).toContainText("transactions");
    await office.close();
  });
});

test("@both pay from my phone: a prompt to the parent's proven number, approved on the TEST gateway, shown paid", async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { parent, reg } = await parentWithBalance(loginAs);
  // A number no code has proved: the form says how to prove it first.
  await connectTestDb();
  await User.updateOne({ _id: parent.id }, { $set: { phoneVerifiedAt: null } });
  await page.goto("/dashboard/payments");
  await expect(page.getByRole("link", { name: "confirm your phone number with a code" })).toBeVisible();
  const unproven = { intent: "phone-prompt", registrationId: String(reg._id), amount: "50", network: "mtn" };
  expect((await page.request.post("/dashboard/payments", { form: unproven, maxRedirects: 0 })).status()).toBe(403);
  await User.updateOne({ _id: parent.id }, { $set: { phoneVerifiedAt: new Date() } });

  await page.goto("/dashboard/payments");
  const phone = formatPhone((await User.findById(parent.id).lean())!.phone);
  const shown = maskPhone(phone);
  const amount = page.getByLabel(`Amount for a prompt to ${phone}, for ${reg.wardName} (GH₵)`);
  await amount.fill("150");
  await page.getByRole("button", { name: "Pay from my phone" }).click();
  // No network chosen: refused by its field, the amount kept as typed.
  await expect(page.getByLabel("Mobile Money network")).toHaveAccessibleDescription(/Choose your Mobile Money network/);
  await expect(amount).toHaveValue("150");
  await page.getByLabel("Mobile Money network").selectOption("telecel");
  await page.getByRole("button", { name: "Pay from my phone" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/prompt\/[a-z0-9]+$/);
  await expect(page.getByText(`A Mobile Money prompt for GH₵ 150.00 is on its way to ${shown}`)).toBeVisible();
  const promptUrl = page.url();

  // The TEST gateway lists the prompt "sent" to the parent's phone; Approve is the parent's PIN.
  await page.goto("/test-gateway");
  const row = page.getByRole("listitem").filter({ hasText: `GH₵ 150.00 to ${shown} (Telecel Cash)` });
  await row.getByRole("button", { name: "Approve" }).click();
  await page.goto(promptUrl);
  await expect(page.getByText(/^Paid: GH₵ 150\.00/)).toBeVisible();
  expect(await Registration.findById(reg._id).lean()).toMatchObject({ amountPaid: 15000 });
  await expectNoA11yViolations(page);
  // Another family's ward is not found, whatever the form says.
  const other = await createRegistration({ amountDue: 40000, amountPaid: 0, feeSeason: "E2E Season" });
  const form = { intent: "phone-prompt", registrationId: String(other._id), amount: "50", network: "mtn" };
  expect((await page.request.post("/dashboard/payments", { form, maxRedirects: 0 })).status()).toBe(404);
});
