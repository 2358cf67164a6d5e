import { readableReference } from "#app/domain/registration-reference.ts";
import type { Browser, Page } from "@playwright/test";
import {
  test,
  expect,
  createRegistration,
  createUser,
  connectTestDb,
  signInAs,
  uniquePhone,
  setPermissions,
  type TestUser,
  fieldError,
  DEMO_VACATION,
} from "#tests/support/fixtures.ts";
import { expectNoA11yViolations } from "#tests/support/axe.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { feeFor } from "#app/domain/fees.ts";
import { REGISTRATION_FIELD_LABELS as L } from "#app/forms/registration.schema.ts";
import { Registration } from "#app/models/registration.server.ts";
import { Payment } from "#app/models/payment.server.ts";
import { FeeScheduleModel } from "#app/models/fee-schedule.server.ts";
import { AuditLog } from "#app/models/audit-log.server.ts";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A control by its visible label; required fields add a decorative " *". */
const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}( \\*)?$`));
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const today = () => new Date().toISOString().slice(0, 10);

/** A second signed-in browser context with the project's JavaScript setting. */
async function contextAs(browser: Browser, user: TestUser) {
  const context = await browser.newContext({ baseURL: E2E.baseURL, javaScriptEnabled: jsOn() });
  await signInAs(context, user);
  return { context, page: await context.newPage() };
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

test.describe("fees and payments", () => {
  test("admin sets a fee: refused input stays by its field; the saved amount shows on the landing page @both", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    await page.goto("/admin/settings/fees");
    await expect(
      page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Fees" }),
    ).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);
    const business = page.getByLabel("Business fee (GH₵)");
    await business.fill("12.345");
    await page.getByRole("button", { name: "Save Fees" }).click();
    await expect(fieldError(page, "Enter an amount like 450 or 450.50 (at most two decimals)")).toBeVisible();
    await expect(business).toHaveValue("12.345");
    await expect(business).toHaveAttribute("aria-invalid", "true");

    // Both projects save the same value, so running side by side cannot disagree.
    await business.fill("410.50");
    await page.getByRole("button", { name: "Save Fees" }).click();
    await expect(page.getByText("The fee schedule has been saved.")).toBeVisible();
    await connectTestDb();
    // The fees of the vacation taking enrolments (the demo's).
    expect((await FeeScheduleModel.findById(DEMO_VACATION).lean())?.fees?.business).toBe(41050);

    await page.goto("/#fees-payment");
    const fees = page.locator("#fees-payment");
    await expect(fees.getByRole("row", { name: /Business/ })).toContainText("GH₵ 410.50");
    await expect(fees.getByRole("row", { name: /General Science/ })).toContainText("GH₵ 450.00");
    await expect(fees).toContainText("0554000010");
  });

  test("parent enrols and sees the amount, reports a MoMo payment, the admin confirms it, the parent downloads the receipt", async ({
    page,
    loginAs,
    browser,
  }) => {
    test.slow(); // one whole journey across three pages and two users, with four axe runs
    const parent = await loginAs("parent");
    const tag = uniquePhone().slice(-6);
    const wardName = `Ɛfua Ɔdɔ Ŋmɛbɛŋ ${tag}`;

    // Enrol as the signed-in parent (their phone is the parent WhatsApp number).
    await page.goto("/registration");
    await byLabel(page, L.parentName).fill(parent.fullName);
    await byLabel(page, L.whatsappNumber).fill(parent.localPhone);
    await byLabel(page, L.wardName).fill(wardName);
    await byLabel(page, L.wardWhatsapp).fill(uniquePhone());
    await byLabel(page, L.currentSchool).fill("Accra Academy");
    await byLabel(page, L.wardForm).selectOption("form-2");
    await byLabel(page, L.specificClass).fill("2S1");
    await byLabel(page, L.programme).selectOption("science");
    if (!jsOn()) await page.getByRole("button", { name: "Show subjects" }).click();
    for (const s of PROGRAMME_SUBJECTS.science.slice(0, 2))
      await page.getByRole("checkbox", { name: s, exact: true }).check();
    await page.getByRole("checkbox", { name: "WhatsApp", exact: true }).check();
    await byLabel(page, L.referralName).fill("Mr. Owusu");
    await byLabel(page, L.referralStatus).selectOption("teacher");
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByRole("heading", { name: "Registration received" })).toBeVisible();
    const feesBox = page
      .getByRole("region", { name: "Fees" })
      .or(page.locator("section", { has: page.getByRole("heading", { name: "Fees", exact: true }) }));
    await expect(feesBox).toContainText("GH₵ 450.00");
    await expect(feesBox).toContainText("0554000010");
    await expectNoA11yViolations(page);
    await connectTestDb();
    const registration = await Registration.findOne({ wardName }).lean();
    expect(registration).toMatchObject({ amountDue: 45000, paymentStatus: "unpaid" });

    // Payment History: the balance, then "I have paid".
    await page.goto("/dashboard/payments");
    // The innermost section holding the ward heading: that ward's balance card.
    const card = page.locator("section", { has: page.getByRole("heading", { name: wardName }) }).last();
    await expect(card).toContainText("GH₵ 450.00");
    await expect(card).toContainText("Unpaid");
    await expect(card.getByRole("button", { name: "Pay with Mobile Money" })).toBeVisible();
    await expectNoA11yViolations(page);
    const reference = `MP${tag}.E2E.${test.info().project.name.toUpperCase()}`;
    // Sent empty: every error at once, the transaction reference's with the amount's.
    await page.getByRole("button", { name: "Send payment details" }).click();
    await expect(page.getByLabel("Amount paid (GH₵)")).toHaveAccessibleDescription(/Enter an amount in Ghana cedis/);
    await expect(page.getByLabel(/Transaction reference/)).toHaveAccessibleDescription(
      /Enter the transaction reference/,
    );
    await page.getByLabel("Ward").selectOption({ label: wardName });
    await page.getByLabel("How you paid").selectOption("mtn-momo");
    await page.getByLabel(/Transaction reference/).fill(reference);
    await page.getByLabel("Amount paid (GH₵)").fill("0.001");
    await page.getByLabel("Date paid").fill(today());
    await page.getByRole("button", { name: "Send payment details" }).click();
    await expect(fieldError(page, "Enter an amount like 450 or 450.50 (at most two decimals)")).toBeVisible();
    await expect(page.getByLabel(/Transaction reference/)).toHaveValue(reference);
    await page.getByLabel("Amount paid (GH₵)").fill("450");
    await page.getByRole("button", { name: "Send payment details" }).click();
    await expect(page.getByText("Payment details sent")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(escapeRe(reference)) });
    await expect(row).toContainText("Pending confirmation");
    // The balance card says the money is on its way and offers no second payment of it.
    await expect(card).toContainText(
      `GH₵ 450.00 for ${wardName} is waiting for the school's confirmation. Nothing more to pay until the school has checked it.`,
    );
    await expect(card.getByRole("button", { name: "Pay with Mobile Money" })).toHaveCount(0);

    // The same reference again is refused by its field, values kept; nothing new is stored.
    await dismissToast(page);
    await page.getByLabel("Ward").selectOption({ label: wardName });
    await page.getByLabel(/Transaction reference/).fill(reference.toLowerCase());
    await page.getByLabel("Amount paid (GH₵)").fill("450.00");
    await page.getByLabel("Date paid").fill(today());
    await page.getByRole("button", { name: "Send payment details" }).click();
    await expect(fieldError(page, /has already been recorded/)).toBeVisible();
    await expect(page.getByLabel(/Transaction reference/)).toHaveValue(reference.toLowerCase());
    expect(await Payment.countDocuments({ registrationId: registration!._id })).toBe(1);

    // The admin confirms it on the registration page, reached from the list.
    const admin = await createUser({ role: "admin" });
    const { context: adminContext, page: adminPage } = await contextAs(browser, admin);
    await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(tag)}`);
    await adminPage.getByRole("link", { name: wardName, exact: true }).click();
    await expect(adminPage.getByRole("heading", { level: 1, name: wardName })).toBeVisible();
    await expectNoA11yViolations(adminPage);
    await adminPage.getByRole("button", { name: `Confirm payment ${reference}` }).click();
    await expect(adminPage.getByText("Payment confirmed")).toBeVisible();
    const fees = adminPage
      .getByRole("region", { name: "Fees and payments" })
      .or(adminPage.locator("section", { has: adminPage.getByRole("heading", { name: "Fees and payments" }) }));
    await expect(fees.getByText("Paid", { exact: true })).toBeVisible();
    await expect(adminPage.getByText(/Payment of GH₵ 450.00 confirmed, receipt VC-/)).toBeVisible();

    // The parent's phone got both messages, as Admin → Messages shows them (the built-in test provider keeps the
    // text): the enrolment with its reference and claim code, then the receipt with the balance.
    await adminPage.goto(`/admin/messages?q=${encodeURIComponent(parent.localPhone)}`);
    const messages = adminPage.getByRole("listitem");
    await expect(messages.filter({ hasText: readableReference(registration!.reference) })).toContainText(
      `claim code ${registration!.claimCode}`,
    );
    await expect(messages.filter({ hasText: /receipt VC-/ })).toContainText("payment of GHS 450.00");
    await expect(messages.filter({ hasText: /receipt VC-/ })).toContainText("Balance GHS 0.00");
    await expectNoA11yViolations(adminPage);
    await adminContext.close();

    // The parent sees it confirmed and downloads the receipt.
    await page.goto("/dashboard/payments");
    await expect(row).toContainText("Confirmed");
    await expect(card).toContainText("Paid");
    const link = row.getByRole("link", { name: /Download receipt VC-/ });
    const href = await link.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    // One line per text object ("Label: " and its value are two): compare with spaces collapsed.
    const text = pdfText(await response.body()).replace(/\s+/g, " ");
    expect(text).toContain(wardName);
    expect(text).toContain("GH₵ 450.00");
    expect(text).toContain("Four hundred fifty Ghana cedis only");
    expect(text).toContain(reference);
    expect(text).toContain("Balance after this payment: GH₵ 0.00");
    const stored = await Payment.findOne({ registrationId: registration!._id }).lean();
    expect(text).toContain(`Payment receipt Receipt number: ${stored!.receiptCode}`);

    await page.goto("/parent-dashboard");
    await expect(
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: wardName }) }),
    ).toContainText("balance GH₵ 0.00");

    // The gateway's return page shows this payment by its id; anything else is the generic page.
    await page.goto(`/payment-success?reference=${stored!._id}`);
    await expect(page.getByRole("definition").filter({ hasText: "GH₵ 450.00" })).toBeVisible();
    await expectNoA11yViolations(page);
    // Anyone else holding the id (it travels in SMS and logs) sees only that there is a payment, not whose or how much.
    const stranger = await browser.newContext({ baseURL: E2E.baseURL, javaScriptEnabled: jsOn() });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/payment-success?reference=${stored!._id}`);
    await expect(strangerPage.getByRole("link", { name: "Sign in to the parent portal" })).toBeVisible();
    await expect(strangerPage.getByText("GH₵")).toHaveCount(0);
    await expect(strangerPage.getByText(wardName)).toHaveCount(0);
    await stranger.close();
    await page.goto("/payment-success?reference=nonsense");
    await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
    await expect(page.getByText("GH₵")).toHaveCount(0);
  });

  test("admin records partial payments that add up, refuses a missing reference, and voids with a reason", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    const reg = await createRegistration({ amountDue: 40000, feeSeason: "E2E Season", paymentStatus: "unpaid" });
    await page.goto(`/admin/registrations/${reg._id}`);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Record payment" }) });
    await form.getByLabel("Amount (GH₵)").fill("100.10");
    await form.getByLabel("Method").selectOption("telecel-cash");
    await form.getByLabel("Transaction reference").fill("");
    await form.getByRole("button", { name: "Record payment" }).click();
    await expect(fieldError(form, "Enter the transaction reference")).toBeVisible();
    await expect(form.getByLabel("Amount (GH₵)")).toHaveValue("100.10");

    await form.getByLabel("Method").selectOption("cash");
    await form.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByText("Payment recorded")).toBeVisible();
    await dismissToast(page);
    await form.getByLabel("Amount (GH₵)").fill("0.20");
    await form.getByLabel("Method").selectOption("cash");
    await form.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("row", { name: /^\S+ GH₵ 0.20/ })).toBeVisible();
    await connectTestDb();
    // 100.10 + 0.20 is exactly 100.30: integer pesewas, no floats.
    expect(await Registration.findById(reg._id).lean()).toMatchObject({
      amountPaid: 10030,
      paymentStatus: "part-paid",
    });
    await expect(page.getByText("GH₵ 100.30", { exact: true })).toBeVisible();
    await expect(page.getByText("GH₵ 299.70", { exact: true })).toBeVisible();

    // A payment and the line of actions under it are one row group.
    const small = page.getByRole("rowgroup").filter({ has: page.getByRole("row", { name: /^\S+ GH₵ 0.20/ }) });
    await small.getByRole("button", { name: "Void" }).click();
    await expect(small.getByText("Give a reason")).toBeVisible();
    await small.getByLabel(/Reason for voiding/).fill("Entered by mistake");
    await small.getByRole("button", { name: "Void" }).click();
    await expect(page.getByText("Payment voided")).toBeVisible();
    await expect(page.getByText("Payment of GH₵ 0.20 voided: Entered by mistake")).toBeVisible();
    expect(await Registration.findById(reg._id).lean()).toMatchObject({ amountPaid: 10010 });
    expect(await Payment.countDocuments({ registrationId: reg._id })).toBe(2); // voided, never deleted
    expect(await AuditLog.countDocuments({ targetId: reg._id, action: "payment.void" })).toBe(1);
  });

  test("@js-only a parent can neither see nor submit for another family's ward; an admin without can_manage_payments cannot change money", async ({
    page,
    loginAs,
    request,
  }) => {
    const other = await createRegistration({ amountDue: 40000, feeSeason: "E2E Season", paymentStatus: "unpaid" });
    await loginAs("parent");
    const post = await page.request.post("/dashboard/payments", {
      headers: { Origin: E2E.baseURL },
      form: {
        registrationId: String(other._id),
        method: "mtn-momo",
        reference: `X${uniquePhone()}`,
        amount: "10",
        paidOn: today(),
      },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(404);
    await connectTestDb();
    expect(await Payment.countDocuments({ registrationId: other._id })).toBe(0);

    const admin = await createUser({ role: "admin" });
    await setPermissions(admin.id, { can_manage_payments: false });
    const { context, page: adminPage } = await contextAs(page.context().browser()!, admin);
    await adminPage.goto(`/admin/registrations/${other._id}`);
    await expect(adminPage.getByRole("button", { name: "Record payment" })).toHaveCount(0);
    const refused = await adminPage.request.post(`/admin/registrations/${other._id}`, {
      headers: { Origin: E2E.baseURL },
      form: { intent: "record", amount: "10", method: "cash", paidOn: today() },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    await context.close();

    // A confirmed payment's receipt is not found for a stranger.
    const confirmed = await Payment.findOne({ state: "confirmed", receiptCode: { $ne: null } }).lean();
    const stranger = (await request.get(`/payments/${confirmed!._id}/receipt.pdf`, { maxRedirects: 0 })).status();
    expect(stranger).toBe(302);
    expect((await page.request.get(`/payments/${confirmed!._id}/receipt.pdf`)).status()).toBe(404);
  });
});

test.describe("payment states in Registration Management", () => {
  test("the payment filter narrows the list and the row shows its state and balance", async ({ page, loginAs }) => {
    const tag = `Filt${uniquePhone().slice(-6)}`;
    await createRegistration({
      wardName: `Ward ${tag} Over`,
      amountDue: 40000,
      amountPaid: 50000,
      paymentStatus: "overpaid",
    });
    await createRegistration({
      wardName: `Ward ${tag} Part`,
      amountDue: 40000,
      amountPaid: 10000,
      paymentStatus: "part-paid",
    });
    await loginAs("admin");
    await page.goto(`/admin/registrations?q=${tag}`);
    await page.getByLabel("Payment", { exact: true }).selectOption("part-paid");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/payment=part-paid/);
    const rows = page.getByRole("row").filter({ hasText: tag });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Ward ${tag} Part`);
    await expect(rows.first()).toContainText("Part-paid");
    await expect(rows.first()).toContainText("GH₵ 300.00");
    await page.goto(`/admin/registrations?q=${tag}&payment=overpaid`);
    await expect(page.getByRole("row").filter({ hasText: tag })).toHaveCount(1);
    await expect(page.getByRole("row").filter({ hasText: tag }).first()).toContainText("-GH₵ 100.00");
  });
});

test.describe("admin payments page", () => {
  test("search by reference, phone or ward; filter by state and method; pending first; CSV export of the same", async ({
    page,
    loginAs,
  }) => {
    const tag = `PAY${uniquePhone().slice(-6)}`;
    const reg = await createRegistration({
      wardName: `Ward ${tag}`,
      amountDue: 40000,
      feeSeason: DEMO_VACATION,
      paymentStatus: "unpaid",
    });
    await connectTestDb();
    const base = {
      registrationId: String(reg._id),
      season: DEMO_VACATION,
      paidOn: new Date("2026-11-02T00:00:00Z"),
      source: "admin" as const,
    };
    await Payment.create({
      ...base,
      amount: 10000,
      method: "mtn-momo",
      reference: `${tag}-OLD`,
      referenceKey: `mtn-momo:${tag}-OLD`,
      state: "confirmed",
      stateRank: 1,
      receiptCode: `VC-E2E-${tag}`,
      receiptNumber: 1,
    });
    await Payment.create({
      ...base,
      amount: 5000,
      method: "telecel-cash",
      reference: `${tag}-NEW`,
      referenceKey: `telecel-cash:${tag}-NEW`,
      state: "pending",
      stateRank: 0,
      payerPhone: "0559990000",
      source: "parent",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await loginAs("admin");

    await page.goto("/admin");
    await expect(page.getByTestId("vacation-0-Pending payments")).toBeVisible();
    // Every amount on one line, at a laptop's width as at a phone's: "GH₵" never parts from its figure.
    for (const width of [1024, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const label of ["Fees due", "Collected", "Outstanding"]) {
        const amount = page.getByTestId(`vacation-0-${label}`);
        const lines = await amount.evaluate(
          (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
        );
        expect(Math.round(lines), `${label} at ${width} px`).toBe(1);
      }
    }
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Payments", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    await page.getByLabel("Search payments").fill(`Ward ${tag}`);
    await page.getByRole("button", { name: "Filter" }).click();
    // Each payment is a row group: its row, and the line of its actions under it.
    const rows = page.getByRole("rowgroup").filter({ hasText: tag });
    await expect(rows).toHaveCount(2);
    // Pending first although it was submitted earlier.
    await expect(rows.nth(0)).toContainText("Pending confirmation");
    await expect(rows.nth(1)).toContainText("Confirmed");
    await expectNoA11yViolations(page);

    await page.getByLabel("State").selectOption("confirmed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag}-OLD`);

    await page.goto(`/admin/payments?q=0559990000&method=telecel-cash`);
    await expect(page.getByRole("rowgroup").filter({ hasText: tag })).toHaveCount(1);
    await page.goto(`/admin/payments?q=${tag}-old`);
    await expect(page.getByRole("rowgroup").filter({ hasText: tag })).toHaveCount(1);

    const csv = await page.request.get(`/admin/payments/export?q=${encodeURIComponent(`Ward ${tag}`)}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Submitted,Paid On,Ward Name,Parent Name,Parent WhatsApp,Programme,Season,Amount (GH₵),Method,Reference,Payer Phone,State,Receipt,Reason,Note",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${tag}-NEW`);
    expect(lines[1]).toContain(",50.00,Telecel Cash,");
    // Phone numbers as a spreadsheet keeps them: the leading 0 stays, no apostrophe before a +.
    expect(lines[1]).toContain(",055 999 0000,");
    expect(lines.join("\n")).not.toMatch(/'\+233|,0559990000,/);
    expect(lines[2]).toContain(`VC-E2E-${tag}`);

    // The pending one is confirmed from the list itself, as on the registration's page: a receipt, the list kept.
    await page.goto(`/admin/payments?q=${encodeURIComponent(`Ward ${tag}`)}`);
    await page.getByRole("button", { name: `Confirm payment ${tag}-NEW` }).click();
    await expect(page.getByText("Payment confirmed")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/payments\?q=Ward/);
    await expect(page.getByRole("rowgroup").filter({ hasText: `${tag}-NEW` })).toContainText("Confirmed");
    expect((await Payment.findOne({ reference: `${tag}-NEW` }).lean())?.state).toBe("confirmed");
  });
});

test("the student portal header shows the fees status beside the enrolment badge", async ({ page, loginAs }) => {
  const student = await loginAs("student");
  await createRegistration({
    wardWhatsapp: student.localPhone,
    amountDue: 45000,
    amountPaid: 20000,
    paymentStatus: "part-paid",
  });
  await page.goto("/student-dashboard");
  const header = page.getByRole("banner").filter({ hasText: "Student Portal" });
  await expect(header.getByText("Enrolled", { exact: true })).toBeVisible();
  await expect(header.getByText("Fees: Part-paid", { exact: true })).toBeVisible();
});

test.describe("registration page: correcting details", () => {
  test("an admin corrects phones, class and subjects with the enrolment rules; duplicates are refused; changes are audited", async ({
    page,
    loginAs,
  }) => {
    const tag = uniquePhone().slice(-6);
    const taken = await createRegistration({
      wardName: `Kofi Taken ${tag}`,
      programme: "science",
      subjects: ["Mathematics"],
    });
    const reg = await createRegistration({
      wardName: `Kofi Edit ${tag}`,
      programme: "science",
      subjects: ["Mathematics", "Physics"],
    });
    await loginAs("admin");
    await page.goto(`/admin/registrations/${reg._id}`);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Save corrections" }) });
    await expect(form.getByRole("checkbox", { name: "Physics", exact: true })).toBeChecked();

    await form.getByLabel(/^Ward's WhatsApp Number/).fill("12345");
    await form.getByLabel(/^Specific Class/).fill("2S3");
    await form.getByRole("button", { name: "Save corrections" }).click();
    await expect(
      fieldError(form, "Ward's WhatsApp number is required").or(fieldError(form, /valid phone number/)),
    ).toBeVisible();
    await expect(form.getByLabel(/^Specific Class/)).toHaveValue("2S3");

    // Same name and WhatsApp number as another science registration: the duplicate rule.
    await form.getByLabel(/^Ward's Name/).fill(String(taken.wardName));
    await form.getByLabel(/^Ward's WhatsApp Number/).fill(String(taken.wardWhatsapp));
    await form.getByRole("button", { name: "Save corrections" }).click();
    await expect(form.getByText(/is already registered for General Science/)).toBeVisible();

    await form.getByLabel(/^Ward's Name/).fill(`Kofi Edited ${tag}`);
    await form.getByLabel(/^Ward's WhatsApp Number/).fill(uniquePhone());
    await form.getByRole("checkbox", { name: "Chemistry", exact: true }).check();
    await form.getByRole("button", { name: "Save corrections" }).click();
    await expect(page.getByText("Registration updated")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Kofi Edited ${tag}` })).toBeVisible();
    await expect(
      page.getByText(/Details corrected: .*Ward's Name from "Kofi Edit .*" to "Kofi Edited .*"/),
    ).toBeVisible();
    await connectTestDb();
    const stored = await Registration.findById(reg._id).lean();
    expect(stored).toMatchObject({ specificClass: "2S3", subjectCount: 3, wardNameKey: `kofi edited ${tag}` });
    expect(await AuditLog.countDocuments({ targetId: reg._id, action: "registration.edit" })).toBe(1);
  });

  test("an admin moves a ward to another programme: its subjects are listed, the fee follows, the error summary has the focus", async ({
    page,
    loginAs,
  }) => {
    const tag = uniquePhone().slice(-6);
    const reg = await createRegistration({
      wardName: `Ama Move ${tag}`,
      programme: "science",
      subjects: ["Mathematics", "Physics"],
      amountDue: 45000,
      feeSeason: DEMO_VACATION,
      paymentStatus: "unpaid",
    });
    await loginAs("admin");
    await page.goto(`/admin/registrations/${reg._id}`);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Save corrections" }) });
    await expect(form.getByLabel(/^Programme/)).toHaveValue("science");

    // A bad number: the errors are listed, and without JavaScript the page opens on that list, not at its top.
    await form.getByLabel(/^Ward's WhatsApp Number/).fill("12345");
    await form.getByRole("button", { name: "Save corrections" }).click();
    const summary = form.getByRole("alert").filter({ has: page.getByRole("heading", { name: /needs? attention/ }) });
    if (!jsOn()) await expect(summary).toBeFocused();
    else await expect(fieldError(form, /valid phone number/)).toBeVisible();
    await form.getByLabel(/^Ward's WhatsApp Number/).fill(uniquePhone());

    // Business instead of science: "Show subjects" lists Business's subjects, every typed value kept, nothing saved.
    await form.getByLabel(/^Programme/).selectOption("business");
    await form.getByLabel(/^Specific Class/).fill("2B1");
    await form.getByRole("button", { name: "Show subjects" }).click();
    await expect(form.getByRole("checkbox", { name: "Accounting", exact: true })).toBeVisible();
    await expect(form.getByRole("checkbox", { name: "Physics", exact: true })).toHaveCount(0);
    await expect(form.getByRole("checkbox", { name: "Mathematics", exact: true })).toBeChecked();
    await expect(form.getByLabel(/^Specific Class/)).toHaveValue("2B1");
    await connectTestDb();
    expect((await Registration.findById(reg._id).lean())?.programme).toBe("science");

    await form.getByRole("checkbox", { name: "Accounting", exact: true }).check();
    await form.getByRole("button", { name: "Save corrections" }).click();
    await expect(page.getByText("Registration updated")).toBeVisible();
    const stored = await Registration.findById(reg._id).lean();
    const schedule = await FeeScheduleModel.findById(DEMO_VACATION).lean();
    const fee = feeFor(schedule as never, "business", 2);
    expect(stored).toMatchObject({ programme: "business", subjects: ["Mathematics", "Accounting"], amountDue: fee });
    expect(
      await AuditLog.exists({
        targetId: reg._id,
        action: "registration.amount-due",
        "details.reason": "Programme changed from General Science to Business",
      }),
    ).toBeTruthy();
    await expect(page.getByText(/Programme changed from General Science to Business/).first()).toBeVisible();
  });
});

test("a registration with confirmed payments is withdrawn, not deleted: payments and receipts stay", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  const reg = await createRegistration({ amountDue: 40000, feeSeason: "E2E Season", paymentStatus: "unpaid" });
  await page.goto(`/admin/registrations/${reg._id}`);
  const form = page.locator("form", { has: page.getByRole("button", { name: "Record payment" }) });
  await form.getByLabel("Amount (GH₵)").fill("100");
  await form.getByLabel("Method").selectOption("cash");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(/Payment of GH₵ 100.00 confirmed, receipt VC-/)).toBeVisible();

  await page.goto(`/admin/registrations/${reg._id}/delete`);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert")).toContainText("It has confirmed payments");
  await connectTestDb();
  expect(await Registration.exists({ _id: reg._id })).toBeTruthy();

  await page.getByLabel("Reason for withdrawing").fill("Moved to another school");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByRole("status")).toContainText("Ward withdrawn");
  await expect(page.getByRole("region", { name: "Withdrawn" })).toContainText("Moved to another school");
  await expect(page.getByRole("region", { name: "Audit trail" })).toContainText(
    "Ward withdrawn: Moved to another school",
  );
  expect(await Payment.countDocuments({ registrationId: reg._id, state: "confirmed" })).toBe(1);
  await page.getByRole("button", { name: "Enrol again" }).click();
  await expect(page.getByRole("status")).toContainText("Ward enrolled again");
});
