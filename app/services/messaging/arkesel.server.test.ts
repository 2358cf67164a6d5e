import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startArkeselStandIn } from "#tests/support/stand-ins/arkesel.ts";
import { arkesel, arkeselConfig } from "#app/services/messaging/arkesel.server.ts";
import { refusal, silenceOutcome } from "#tests/support/provider-refusal.ts";

let standIn: Awaited<ReturnType<typeof startArkeselStandIn>>;
beforeAll(async () => {
  standIn = await startArkeselStandIn();
});
afterAll(() => standIn.close());

const provider = (apiKey = "ark-test-key") => arkesel({ apiKey, senderId: "VacClasses", host: standIn.host });
const send = (to: string, p = provider()) => p.send({ to, text: "Hello Kɔfi" }, AbortSignal.timeout(2_000));

describe("Arkesel", () => {
  it("posts the documented JSON (the number without +) and returns Arkesel's id", async () => {
    expect(await send("+233240000001")).toEqual({ providerMessageId: expect.stringMatching(/^ark-\d+$/) });
    expect(standIn.received.at(-1)).toEqual({
      sender: "VacClasses",
      message: "Hello Kɔfi",
      recipients: ["233240000001"],
    });
  });

  it("retries a wrong key and an empty balance; a request it will never take and an invalid number are final", async () => {
    expect(await refusal(send("+233240000001", provider("wrong")))).toMatchObject({
      permanent: false,
      message: "Arkesel answered 401: Invalid API key",
    });
    expect(await refusal(send("+233240000402"))).toMatchObject({
      permanent: false,
      message: "SMS account out of credit (Arkesel): Insufficient balance",
    });
    // A 422 about the sender id waits for Settings to be fixed; one about the message is final.
    expect(await refusal(send("+233240000422"))).toMatchObject({
      permanent: false,
      message: /refused the sender id: \["The sender is invalid."\]/,
    });
    expect(await refusal(send("+233240000423"))).toMatchObject({ permanent: true, message: /given data was invalid/ });
    expect(await refusal(send("+233240000400"))).toMatchObject({ permanent: true, message: /invalid number/ });
  });

  it("looks up a sent message's delivery: delivered, failed with its reason, or not yet final", async () => {
    const check = (id: string, p = provider()) => p.checkDelivery!(id, AbortSignal.timeout(2_000));
    standIn.lookups.set("ark-d1", {
      status: "success",
      data: { id: "ark-d1", recipient: "233240000001", status: "DELIVERED" },
    });
    standIn.lookups.set("ark-d2", {
      status: "success",
      data: { id: "ark-d2", status: "UNDELIVERED", reason: "Absent subscriber" },
    });
    standIn.lookups.set("ark-d3", { status: "success", data: { id: "ark-d3", status: "SUBMITTED" } });
    expect(await check("ark-d1")).toEqual({ state: "delivered" });
    expect(await check("ark-d2")).toEqual({ state: "failed", reason: "Absent subscriber" });
    expect(await check("ark-d3")).toEqual({ state: "pending" });
    await expect(check("ark-none")).rejects.toThrow(/answered 404 to a status look-up/);
    await expect(check("ark-d1", provider("wrong"))).rejects.toThrow(/401/);
  });

  it("takes Arkesel's id as the message's, however it echoes the number (never sent twice for a changed echo)", async () => {
    expect(await send("+233240000077")).toEqual({ providerMessageId: expect.stringMatching(/^ark-\d+$/) });
  });

  it("asks for delivery reports at the portal's callback URL when APP_ORIGIN and SMS_CALLBACK_SECRET are set", async () => {
    const config = arkeselConfig({
      ARKESEL_API_KEY: "ark-test-key",
      ARKESEL_SENDER_ID: "VacClasses",
      ARKESEL_HOST: standIn.host,
      APP_ORIGIN: "https://portal.example.org/",
      SMS_CALLBACK_SECRET: "s3cret",
    })!;
    await arkesel(config).send({ to: "+233240000001", text: "x" }, AbortSignal.timeout(2_000));
    expect(standIn.received.at(-1)).toMatchObject({
      callback_url: "https://portal.example.org/callbacks/arkesel/sms-delivery/s3cret",
    });
  });

  it("gives up on an unanswered request when its signal says so", async () => {
    expect(await silenceOutcome(provider())).toBe("TimeoutError");
  });

  it("is configured from the environment: a key and a sender id", () => {
    expect(arkeselConfig({ ARKESEL_API_KEY: "k" })).toBeNull();
    expect(arkeselConfig({ ARKESEL_API_KEY: "k", ARKESEL_SENDER_ID: "School" })).toEqual({
      apiKey: "k",
      senderId: "School",
      host: "https://sms.arkesel.com",
      callbackUrl: null,
    });
  });
});
