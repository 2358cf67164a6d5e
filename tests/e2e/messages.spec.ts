/**
 * Messages beyond the payments journey (which reads the parent's enrolment and receipt SMS under Admin → Messages):
 * a provider's delivery report is taken only with the callback URL's secret, and moves the message to delivered or
 * failed; an admin retries a failed message.
 */
import { test, expect, connectTestDb, createUser, signInAs, uniquePhone } from "#tests/support/fixtures.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { Outbox, queueMessage } from "#app/models/outbox.server.ts";
import { normalizePhone } from "#app/domain/phone.ts";

const report = (secret: string, form: Record<string, string>, request: import("@playwright/test").APIRequestContext) =>
  request.post(`/callbacks/africastalking/sms-delivery/${secret}`, { form, maxRedirects: 0 });

test("@js-only a delivery report needs the URL's secret, then marks the message delivered or failed", async ({
  request,
}) => {
  await connectTestDb();
  const key = `e2e-delivery:${Date.now()}`;
  await Outbox.insertMany(
    ["ok", "ko"].map((k) => ({
      key: `${key}:${k}`,
      channel: "sms",
      to: "+233240000001",
      template: "test",
      text: `delivery ${k}`,
      state: "sent",
      provider: "africastalking",
      providerMessageId: `ATXid_${key}_${k}`,
    })),
  );
  const wrong = await report("not-the-secret", { id: `ATXid_${key}_ok`, status: "Success" }, request);
  expect(wrong.status()).toBe(404);
  // The secret is checked before the body is read: a wrong one with a body that is not a form is still a 404; the right
  // one with such a body is a 400.
  const notAForm = (secret: string) =>
    request.post(`/callbacks/africastalking/sms-delivery/${secret}`, { data: { id: "x" }, maxRedirects: 0 });
  expect((await notAForm("not-the-secret")).status()).toBe(404);
  expect((await notAForm(E2E.smsCallbackSecret)).status()).toBe(400);
  expect((await Outbox.findOne({ key: `${key}:ok` }).lean())?.state).toBe("sent");

  const ok = await report(
    E2E.smsCallbackSecret,
    { id: `ATXid_${key}_ok`, status: "Success", phoneNumber: "+233240000001" },
    request,
  );
  expect(await ok.text()).toBe("recorded");
  const ko = await report(
    E2E.smsCallbackSecret,
    { id: `ATXid_${key}_ko`, status: "Rejected", failureReason: "DeliveryFailure" },
    request,
  );
  expect(await ko.text()).toBe("recorded");
  const rows = await Outbox.find({ key: { $regex: `^${key}` } })
    .sort({ key: 1 })
    .lean();
  expect(rows.map((r) => [r.text, r.state, r.lastError])).toEqual([
    ["delivery ko", "failed", "DeliveryFailure"],
    ["delivery ok", "delivered", null],
  ]);
  expect((await report(E2E.smsCallbackSecret, { id: "ATXid_unknown", status: "Success" }, request)).status()).toBe(200);
});

test("@js-only Arkesel's and Hubtel's delivery reports (JSON) mark their own messages; another provider's path is a 404", async ({
  request,
}) => {
  await connectTestDb();
  const key = `e2e-delivery-json:${Date.now()}`;
  const sent = (provider: string, k: string) => ({
    key: `${key}:${provider}:${k}`,
    channel: "sms",
    to: "+233240000001",
    template: "test",
    text: `${provider} ${k}`,
    state: "sent",
    provider,
    providerMessageId: `${provider}-${key}-${k}`,
  });
  await Outbox.insertMany([sent("arkesel", "ok"), sent("hubtel", "ok"), sent("hubtel", "ko")]);
  const post = (provider: string, data: Record<string, string>, secret = E2E.smsCallbackSecret) =>
    request.post(`/callbacks/${provider}/sms-delivery/${secret}`, { data, maxRedirects: 0 });
  expect((await post("somebody", { id: "x", status: "DELIVERED" })).status()).toBe(404);
  expect((await post("hubtel", { MessageId: "x", Status: "Delivered" }, "not-the-secret")).status()).toBe(404);
  expect(await (await post("arkesel", { sms_id: `arkesel-${key}-ok`, status: "DELIVERED" })).text()).toBe("recorded");
  expect(await (await post("hubtel", { MessageId: `hubtel-${key}-ok`, Status: "Delivered" })).text()).toBe("recorded");
  // The same report again (providers retry until answered): the message stays delivered.
  expect(await (await post("hubtel", { MessageId: `hubtel-${key}-ok`, Status: "Delivered" })).text()).toBe("recorded");
  expect(await (await post("hubtel", { MessageId: `hubtel-${key}-ko`, Status: "Undelivered" })).text()).toBe(
    "recorded",
  );
  // A report for another provider's message id changes nothing.
  expect(await (await post("hubtel", { MessageId: `arkesel-${key}-ok`, Status: "Undelivered" })).text()).toBe(
    "unknown",
  );
  const rows = await Outbox.find({ key: { $regex: `^${key}` } })
    .sort({ key: 1 })
    .lean();
  expect(rows.map((r) => [r.text, r.state])).toEqual([
    ["arkesel ok", "delivered"],
    ["hubtel ko", "failed"],
    ["hubtel ok", "delivered"],
  ]);
});

test("an admin retries a failed message from Admin → Messages", async ({ page }) => {
  await connectTestDb();
  const phone = uniquePhone();
  const key = `e2e-retry:${phone}`;
  await queueMessage({ key, channel: "sms", to: normalizePhone(phone), template: "test", text: "Retry me" });
  await Outbox.updateOne({ key }, { $set: { state: "failed", attempts: 5, lastError: "InsufficientBalance" } });
  const admin = await createUser({ role: "admin" });
  await signInAs(page.context(), admin);
  await page.goto(`/admin/messages?q=${encodeURIComponent(phone)}`);
  const item = page.getByRole("listitem").filter({ hasText: "Retry me" });
  await expect(item).toContainText("Failed");
  await expect(item).toContainText("Error: InsufficientBalance");
  await item.getByRole("button", { name: /Retry the message/ }).click();
  await expect(page.getByText("Message queued again")).toBeVisible();
  // Back on the same filtered list.
  await expect(page).toHaveURL(/\/admin\/messages\?q=/);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  // The built-in test provider takes it within a second or two.
  await expect.poll(async () => (await Outbox.findOne({ key }).lean())?.state, { timeout: 10_000 }).toBe("sent");
});
