import { describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
import { Outbox, countWaitingMessages } from "#app/models/outbox.server.ts";

useTestDatabase("outbox_model_test");

describe("countWaitingMessages", () => {
  it("counts the queued messages by the reason their last error starts with, leaving out the sent and the others", async () => {
    const message = (n: number, state: string, lastError: string | null) => ({
      key: `k${n}`,
      channel: "sms",
      to: "+233244000003",
      template: "receipt",
      text: "Paid",
      state,
      lastError,
    });
    await Outbox.insertMany([
      message(1, "queued", "SMS provider not configured: choose one"),
      message(2, "queued", "SMS provider not configured"),
      message(3, "queued", "SMS account out of credit"),
      message(4, "queued", "timeout"),
      message(5, "sent", "SMS provider not configured"),
      message(6, "queued", null),
    ]);
    expect(
      await countWaitingMessages({
        sms: "SMS provider not configured",
        email: "E-mail provider not configured",
        credit: "SMS account out of credit",
      }),
    ).toEqual({ sms: 2, email: 0, credit: 1 });
  });
});
