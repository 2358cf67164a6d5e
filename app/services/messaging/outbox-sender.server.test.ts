import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import {
  MAX_ATTEMPTS,
  Outbox,
  RETRY_DELAYS_MS,
  claimNextMessage,
  markSent,
  queueMessage,
  queueMessages,
  recordDelivery,
  retryMessage,
  STATUS_CHECK_AFTER_MS,
  wakeWaitingMessages,
} from "#app/models/outbox.server.ts";
import {
  NO_CREDIT,
  ProviderError,
  WAITING_FOR_SETTINGS,
  type DeliveryCheck,
  type SmsProvider,
} from "#app/services/messaging/sms-provider.ts";
import { providerFailures } from "#app/models/infra/metrics.server.ts";
import { smsProviderFor } from "#app/services/messaging/providers.server.ts";
import { DEFAULT_SETTINGS } from "#app/domain/settings.ts";
import mongoose from "mongoose";
import { env } from "#app/models/infra/env.server.ts";
import {
  OUTBOX_RETENTION,
  giveDoneMessagesTheirKeepTime,
} from "#app/models/migrations/outbox-retention-migration.server.ts";
import { checkNextDelivery, sendNextMessage, startOutboxSender } from "#app/services/messaging/outbox-sender.server.ts";

useTestDatabase("outbox_test", { init: [Outbox] });

beforeEach(async () => {
  await Outbox.deleteMany({});
});

const sms = (n: number) => ({
  key: `test:${n}:sms`,
  channel: "sms" as const,
  to: `+23324000${String(n).padStart(4, "0")}`,
  template: "test",
  text: `message ${n}`,
});

/** A provider that records every call, and answers as `answer` says. */
function recordingProvider(answer: (to: string) => Promise<void> = async () => {}) {
  const calls: string[] = [];
  const provider: SmsProvider = {
    name: "recording",
    async send({ to }) {
      calls.push(to);
      await answer(to);
      return { providerMessageId: `id-${to}` };
    },
  };
  return { calls, providerFor: async () => provider };
}

describe("queueMessage", () => {
  it("queues one message per key: a repeated event leaves the first message as it is", async () => {
    await queueMessage(sms(1));
    await queueMessage({ ...sms(1), text: "another text" });
    const rows = await Outbox.find().lean();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text: "message 1", state: "queued", attempts: 0 });
    // Its id is a document id like every other (a cuid2 string, not the driver's ObjectId).
    expect(rows[0]._id).toMatch(/^[a-z][a-z0-9]{23}$/);
  });
});

describe("a provider chosen but not configured", () => {
  const hubtelWithoutKeys = async () => smsProviderFor({ ...DEFAULT_SETTINGS, smsProvider: "hubtel" }, false, {});

  it("never marks a message sent: it waits, queued, with the reason, its attempts not counted, until Settings are saved", async () => {
    await queueMessage(sms(1));
    expect(await sendNextMessage("a", { providerFor: hubtelWithoutKeys })).toBe(true);
    const waiting = await Outbox.findOne().lean();
    expect(waiting).toMatchObject({ state: "queued", attempts: 0, provider: "hubtel" });
    expect(waiting!.lastError).toMatch(/^SMS provider not configured: Hubtel needs a client id/);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    // Not due, however often the sender looks...
    expect(await sendNextMessage("a", { providerFor: hubtelWithoutKeys })).toBe(false);
    // ...until the office saves the provider's account: then it goes at once.
    expect(await wakeWaitingMessages(WAITING_FOR_SETTINGS)).toBe(1);
    const { calls, providerFor } = recordingProvider();
    expect(await sendNextMessage("a", { providerFor })).toBe(true);
    expect(calls).toEqual(["+233240000001"]);
    expect(await Outbox.findOne().lean()).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("counts each failure for /metrics by provider, channel and what the operator does about it", async () => {
    const count = async (reason: string) =>
      (await providerFailures.get()).values.find(
        (v) => v.labels.provider === "hubtel" && v.labels.channel === "sms" && v.labels.reason === reason,
      )?.value ?? 0;
    const before = { unconfigured: await count("not-configured"), credit: await count("no-credit") };
    await queueMessage(sms(5));
    await sendNextMessage("a", { providerFor: hubtelWithoutKeys });
    expect(await count("not-configured")).toBe(before.unconfigured + 1);
    await Outbox.updateMany({}, { $set: { nextAttemptAt: new Date() } });
    const broke: SmsProvider = {
      name: "hubtel",
      send: async () => {
        throw new ProviderError(`${NO_CREDIT} (Hubtel): Insufficient balance`, false);
      },
    };
    await sendNextMessage("a", { providerFor: async () => broke });
    expect(await count("no-credit")).toBe(before.credit + 1);
  });

  it("saving Settings wakes only messages waiting for an account or credit, not those backing off after an error", async () => {
    await queueMessage(sms(3));
    const failing = recordingProvider(async () => {
      throw new ProviderError("Hubtel answered 500: Internal error", false);
    });
    await sendNextMessage("a", { providerFor: failing.providerFor });
    const before = await Outbox.findOne().lean();
    expect(before).toMatchObject({ state: "queued", attempts: 1 });
    expect(await wakeWaitingMessages(WAITING_FOR_SETTINGS)).toBe(0);
    expect((await Outbox.findOne().lean())!.nextAttemptAt).toEqual(before!.nextAttemptAt);
  });

  it("fails a one-time code at once (it is valid only 10 minutes) and drops its sealed code", async () => {
    await queueMessage({ ...sms(2), template: "code:verify-phone", secret: "sealed" });
    await sendNextMessage("a", { providerFor: hubtelWithoutKeys });
    const failed = await Outbox.findOne().lean();
    expect(failed).toMatchObject({ state: "failed", secret: null });
    expect(failed!.lastError).toMatch(/^SMS provider not configured/);
  });
});

describe("checkNextDelivery: the provider's status look-up", () => {
  /** A provider with a look-up that answers each asked id from `states` (pending when absent). */
  function lookingUp(states: Map<string, DeliveryCheck>) {
    const asked: string[] = [];
    const provider: SmsProvider = {
      name: "lookup",
      send: async ({ to }) => ({ providerMessageId: `lk-${to}` }),
      async checkDelivery(id) {
        asked.push(id);
        return states.get(id) ?? { state: "pending" };
      },
    };
    return { asked, providerFor: async () => provider };
  }
  /** Moves every planned check to now (as if that much time had passed since sending). */
  const due = () => Outbox.updateMany({ statusCheckAt: { $ne: null } }, { $set: { statusCheckAt: new Date() } });

  it("asks a minute after sending, then at 10 minutes, 1 hour and 6 hours, then says the delivery is unknown", async () => {
    await queueMessage(sms(1));
    const { asked, providerFor } = lookingUp(new Map());
    await sendNextMessage("a", { providerFor });
    const sent = (await Outbox.findOne().lean())!;
    expect(sent.statusCheckAt!.getTime() - sent.sentAt!.getTime()).toBe(STATUS_CHECK_AFTER_MS[0]);
    // Not due yet: nothing is asked.
    expect(await checkNextDelivery({ providerFor })).toBe(false);
    for (const [i, after] of STATUS_CHECK_AFTER_MS.slice(1).entries()) {
      await due();
      expect(await checkNextDelivery({ providerFor })).toBe(true);
      const row = (await Outbox.findOne().lean())!;
      expect(row.statusChecks).toBe(i + 1);
      expect(row.statusCheckAt!.getTime() - row.sentAt!.getTime()).toBe(after);
    }
    await due();
    expect(await checkNextDelivery({ providerFor })).toBe(true);
    expect(asked).toHaveLength(STATUS_CHECK_AFTER_MS.length);
    expect(await Outbox.findOne().lean()).toMatchObject({ state: "sent", statusCheckAt: null, deliveryUnknown: true });
    expect(await checkNextDelivery({ providerFor })).toBe(false);
  });

  it("records a final answer as a report would, and a report settles the message so it is not asked again", async () => {
    await queueMessages([sms(1), sms(2), sms(3)]);
    const states = new Map<string, DeliveryCheck>([
      ["lk-+233240000001", { state: "delivered" }],
      ["lk-+233240000002", { state: "failed", reason: "Absent subscriber" }],
    ]);
    const { asked, providerFor } = lookingUp(states);
    while (await sendNextMessage("a", { providerFor }));
    // The third one's delivery report arrives before any look-up.
    expect(await recordDelivery("lookup", "lk-+233240000003", true)).toBe(true);
    await due();
    while (await checkNextDelivery({ providerFor }));
    expect(asked.sort()).toEqual(["lk-+233240000001", "lk-+233240000002"]);
    const rows = await Outbox.find().sort({ to: 1 }).lean();
    expect(rows.map((r) => [r.state, r.statusCheckAt, r.lastError])).toEqual([
      ["delivered", null, null],
      ["failed", null, "Absent subscriber"],
      ["delivered", null, null],
    ]);
  });

  it("asks nothing of a provider without a look-up", async () => {
    await queueMessage(sms(1));
    const { providerFor } = recordingProvider();
    await sendNextMessage("a", { providerFor });
    expect(await Outbox.findOne().lean()).toMatchObject({ state: "sent", statusCheckAt: null });
  });
});

describe("sendNextMessage", () => {
  it("sends a due message and records the provider's id", async () => {
    await queueMessage(sms(1));
    const { calls, providerFor } = recordingProvider();
    expect(await sendNextMessage("a", { providerFor })).toBe(true);
    expect(await sendNextMessage("a", { providerFor })).toBe(false);
    expect(calls).toEqual(["+233240000001"]);
    expect(await Outbox.findOne().lean()).toMatchObject({
      state: "sent",
      attempts: 1,
      provider: "recording",
      providerMessageId: "id-+233240000001",
    });
  });

  it("queues a failed attempt again after a growing delay, and fails it for good after the last one", async () => {
    await queueMessage(sms(1));
    const { calls, providerFor } = recordingProvider(async () => {
      throw new ProviderError("InsufficientBalance", false);
    });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = Date.now();
      expect(await sendNextMessage("a", { providerFor })).toBe(true);
      const row = (await Outbox.findOne().lean())!;
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe("InsufficientBalance");
      if (attempt < MAX_ATTEMPTS) {
        expect(row.state).toBe("queued");
        const wait = row.nextAttemptAt.getTime() - before;
        expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[attempt - 1]);
        expect(wait).toBeLessThan(RETRY_DELAYS_MS[attempt - 1] + 5_000);
        // Not due before its delay: nothing to send now.
        expect(await sendNextMessage("a", { providerFor })).toBe(false);
        await Outbox.updateOne({}, { $set: { nextAttemptAt: new Date() } });
      } else expect(row.state).toBe("failed");
    }
    expect(calls).toHaveLength(MAX_ATTEMPTS);
    expect(await sendNextMessage("a", { providerFor })).toBe(false);
  });

  it("fails at once on a permanent refusal (an invalid number), and on a provider that does not answer in time retries", async () => {
    await queueMessage(sms(1));
    await queueMessage(sms(2));
    const { providerFor } = recordingProvider(async (to) => {
      if (to.endsWith("1")) throw new ProviderError("InvalidPhoneNumber", true);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    await sendNextMessage("a", { providerFor, timeoutMs: 100 });
    await sendNextMessage("a", { providerFor, timeoutMs: 100 });
    const rows = await Outbox.find().sort({ key: 1 }).lean();
    expect(rows.map((r) => [r.state, r.lastError])).toEqual([
      ["failed", "InvalidPhoneNumber"],
      ["queued", "The provider did not answer in time."],
    ]);
  });
});

describe("leases", () => {
  it("a message taken by a sender that died is taken again only once its lease has run out; the dead sender's late word is ignored", async () => {
    await queueMessage(sms(1));
    const taken = (await claimNextMessage("dead", 200))!;
    expect(taken.state).toBe("sending");
    expect(await claimNextMessage("alive", 200)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = (await claimNextMessage("alive", 60_000))!;
    expect(again).toMatchObject({ _id: taken._id, attempts: 2, leaseOwner: "alive" });
    await markSent(taken, "late", "late-id");
    expect(await Outbox.findById(taken._id).lean()).toMatchObject({ state: "sending", leaseOwner: "alive" });
  });

  it("two senders on one database send each of 200 messages exactly once", async () => {
    for (let n = 0; n < 200; n++) await queueMessage(sms(n));
    const { calls, providerFor } = recordingProvider(() => new Promise((resolve) => setTimeout(resolve, 2)));
    const a = startOutboxSender({ providerFor, pollMs: 20, concurrency: 3, schedule: false });
    const b = startOutboxSender({ providerFor, pollMs: 20, concurrency: 3, schedule: false });
    const deadline = Date.now() + 20_000;
    while ((await Outbox.countDocuments({ state: "sent" })) < 200 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([a.stop(), b.stop()]);
    expect(await Outbox.countDocuments({ state: "sent" })).toBe(200);
    expect(calls).toHaveLength(200);
    expect(new Set(calls).size).toBe(200);
  });
});

describe("one-time codes in the outbox (outside demo mode)", () => {
  it("are stored masked and sealed, go out whole, and the sealed code is gone once sent", async () => {
    const { sendCodeToAccount } = await import("#app/services/people/phone-codes.server.ts");
    const { CODE_MASK } = await import("#app/models/outbox.server.ts");
    await sendCodeToAccount("verify-phone", "+233240001234");
    const stored = (await Outbox.findOne({ template: "code:verify-phone" }).lean())!;
    expect(stored.text).toContain(CODE_MASK);
    expect(stored.text).not.toMatch(/\d{6}/);
    expect(stored.secret).toBeTruthy();
    expect(stored.secret).not.toMatch(/\d{6}/);

    const texts: string[] = [];
    const provider: SmsProvider = {
      name: "recording",
      async send({ text }) {
        texts.push(text);
        return { providerMessageId: "id-1" };
      },
    };
    expect(await sendNextMessage("a", { providerFor: async () => provider })).toBe(true);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/: \d{6} is your code to confirm your phone number/);
    expect(await Outbox.findOne({ template: "code:verify-phone" }).lean()).toMatchObject({
      state: "sent",
      secret: null,
      text: stored.text,
    });
  });

  it("a code message whose sealed code is gone fails for good instead of sending the mask", async () => {
    const { CODE_MASK } = await import("#app/models/outbox.server.ts");
    await queueMessage({ ...sms(1), template: "code:verify-phone", text: `Your code ${CODE_MASK}` });
    const { calls, providerFor } = recordingProvider();
    await sendNextMessage("a", { providerFor });
    expect(calls).toEqual([]);
    expect(await Outbox.findOne().lean()).toMatchObject({
      state: "failed",
      lastError: expect.stringMatching(/new code/),
    });
  });
});

describe("how long messages are kept", () => {
  const DAY = 86_400_000;
  const keep = env.outboxKeepDays * DAY;

  it("a message sent, or failed for good, is kept OUTBOX_KEEP_DAYS and then removed by the database; a queued one and one retried have no end", async () => {
    await queueMessage(sms(1));
    await queueMessage(sms(2));
    const before = Date.now();
    expect(await sendNextMessage("a", recordingProvider())).toBe(true);
    const failing = recordingProvider(async () => {
      throw new ProviderError("InvalidPhoneNumber", true);
    });
    expect(await sendNextMessage("a", failing)).toBe(true);
    const [sent, failed] = await Promise.all([
      Outbox.findOne({ key: sms(1).key }),
      Outbox.findOne({ key: sms(2).key }),
    ]);
    expect(sent!.state).toBe("sent");
    expect(failed!.state).toBe("failed");
    for (const m of [sent!, failed!]) {
      expect(m.keepUntil!.getTime()).toBeGreaterThanOrEqual(before + keep);
      expect(m.keepUntil!.getTime()).toBeLessThanOrEqual(Date.now() + keep);
    }
    expect(await retryMessage(failed!._id)).toBe(true);
    expect((await Outbox.findOne({ key: sms(2).key }))!.keepUntil).toBeNull();
    await queueMessage(sms(3));
    expect((await Outbox.findOne({ key: sms(3).key }))!.keepUntil).toBeNull();
    // The database removes it then: a TTL index on keepUntil.
    const ttl = Object.values(await Outbox.collection.indexInformation({ full: true })).find(
      (ix: { key: object }) => JSON.stringify(ix.key) === JSON.stringify({ keepUntil: 1 }),
    );
    expect(ttl).toMatchObject({ expireAfterSeconds: 0 });
  });

  it("messages done before this version are kept OUTBOX_KEEP_DAYS from the upgrade, once per database", async () => {
    await queueMessage(sms(1));
    await queueMessage(sms(2));
    await Outbox.collection.updateOne({ key: sms(1).key }, { $set: { state: "delivered" }, $unset: { keepUntil: "" } });
    const now = new Date("2026-11-29T12:00:00Z");
    await mongoose.connection.collection("migrations").deleteOne({ _id: OUTBOX_RETENTION as never });
    expect(await giveDoneMessagesTheirKeepTime(now)).toBe(1);
    expect(await giveDoneMessagesTheirKeepTime(now), "once per database").toBeNull();
    expect((await Outbox.findOne({ key: sms(1).key }))!.keepUntil).toEqual(new Date(now.getTime() + keep));
    expect((await Outbox.findOne({ key: sms(2).key }))!.keepUntil).toBeNull();
  });
});
