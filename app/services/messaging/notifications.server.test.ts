import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { createRegistration } from "#tests/support/fixtures.ts";
import { Outbox } from "#app/models/outbox.server.ts";
import { Registration } from "#app/models/registration.server.ts";
import { saveSettings } from "#app/models/settings.server.ts";
import {
  clearQueuedFlags,
  queueEnrolmentMessages,
  repairPendingMessages,
} from "#app/services/messaging/notifications.server.ts";

useTestDatabase("notifications_test", { init: [Outbox, Registration] });

const pending = async (id: string) =>
  (await Registration.findById(id).select("messagesPending").lean<{ messagesPending?: boolean }>())?.messagesPending;
const messagesOf = (id: string) => Outbox.countDocuments({ key: `enrolment:${id}:sms` });

describe("an enrolment's SMS, queued beside its registration", () => {
  it("queues the message at once and clears the registrations' flags soon after", async () => {
    await saveSettings({ smsNotifications: true });
    const regs = await Promise.all([1, 2, 3].map(() => createRegistration({ messagesPending: true })));
    await Promise.all(regs.map((r) => queueEnrolmentMessages(r)));
    for (const r of regs) expect(await messagesOf(r._id)).toBe(1);
    await expect
      .poll(async () => Promise.all(regs.map((r) => pending(r._id))))
      .toEqual([undefined, undefined, undefined]);
  });

  it("queues, once, the message of a registration a stopped process left flagged", async () => {
    await saveSettings({ smsNotifications: true });
    // Written by a process that stopped before queueing its message, two minutes ago.
    const left = await createRegistration({ messagesPending: true, createdAt: new Date(Date.now() - 120_000) });
    // Its message queued after all, but the process stopped before its flag was cleared.
    const queued = await createRegistration({ messagesPending: true, createdAt: new Date(Date.now() - 120_000) });
    await queueEnrolmentMessages(queued);
    await clearQueuedFlags();
    await Registration.updateOne({ _id: queued._id }, { $set: { messagesPending: true } });
    // An enrolment under way on another instance: not the repair's.
    const recent = await createRegistration({ messagesPending: true });

    expect(await repairPendingMessages()).toBe(2);
    await clearQueuedFlags();
    expect(await messagesOf(left._id)).toBe(1);
    expect(await messagesOf(queued._id)).toBe(1);
    expect(await messagesOf(recent._id)).toBe(0);
    expect(await pending(left._id)).toBeUndefined();
    expect(await pending(queued._id)).toBeUndefined();
    expect(await pending(recent._id)).toBe(true);
    expect(await repairPendingMessages()).toBe(0);
  });
});
