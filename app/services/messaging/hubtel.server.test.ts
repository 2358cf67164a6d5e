import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubtelSmsStandIn } from "#tests/support/stand-ins/hubtel.ts";
import { hubtel, hubtelConfig } from "#app/services/messaging/hubtel.server.ts";
import { refusal, silenceOutcome } from "#tests/support/provider-refusal.ts";

let standIn: Awaited<ReturnType<typeof startHubtelSmsStandIn>>;
beforeAll(async () => {
  standIn = await startHubtelSmsStandIn();
});
afterAll(() => standIn.close());

const provider = (clientSecret = "hub-secret") =>
  hubtel({ clientId: "hub-id", clientSecret, senderId: "VacClasses", host: standIn.host });
const send = (to: string, p = provider()) => p.send({ to, text: "Hello Kɔfi" }, AbortSignal.timeout(2_000));

describe("Hubtel SMS", () => {
  it("posts the documented JSON with Basic authentication (the number without +) and returns Hubtel's message id", async () => {
    expect(await send("+233240000011")).toEqual({ providerMessageId: expect.stringMatching(/^hub-\d+$/) });
    expect(standIn.received.at(-1)).toEqual({ From: "VacClasses", To: "233240000011", Content: "Hello Kɔfi" });
  });

  it("takes the wrapped answer of Hubtel's developer portal, and a 2xx it cannot read, as sent: never sent twice", async () => {
    expect(await send("+233240000201")).toEqual({ providerMessageId: expect.stringMatching(/^hub-\d+$/) });
    expect(await send("+233240000202")).toEqual({ providerMessageId: null });
    // A wrapped answer that names a refusal is not taken.
    expect(await refusal(send("+233240000203"))).toMatchObject({ permanent: false, message: /Invalid sender id/ });
  });

  it("retries a refused login, too little credit and a server error; a bad number or text, or no consent, is final", async () => {
    expect(await refusal(send("+233240000011", provider("wrong")))).toMatchObject({
      permanent: false,
      message: /Hubtel refused the client id and secret/,
    });
    expect(await refusal(send("+233240000402"))).toMatchObject({
      permanent: false,
      message: /^SMS account out of credit \(Hubtel\)/,
    });
    expect(await refusal(send("+233240000500"))).toMatchObject({ permanent: false, message: /answered 500/ });
    // Subcode 2 is the sender id: fixed in Settings, the waiting messages go.
    expect(await refusal(send("+233240000002"))).toMatchObject({ permanent: false, message: /answered 400 \(2\)/ });
    expect(await refusal(send("+233240000001"))).toMatchObject({
      permanent: true,
      message: /invalid destination number \(1\)/,
    });
    expect(await refusal(send("+233240000006"))).toMatchObject({ permanent: true, message: /content rejected/ });
    expect(await refusal(send("+233240000403"))).toMatchObject({ permanent: true, message: /not agreed/ });
  });

  it("looks up a sent message's delivery in either documented shape; a word on the way is not final", async () => {
    const check = (id: string) => provider().checkDelivery!(id, AbortSignal.timeout(2_000));
    standIn.lookups.set("hub-d1", { messageId: "hub-d1", status: "Delivered", rate: 0.0309 });
    standIn.lookups.set("hub-d2", {
      message: "Success",
      responseCode: "0000",
      data: { messageId: "hub-d2", status: "Undeliverable", statusDescription: "Handset unreachable" },
    });
    standIn.lookups.set("hub-d3", { MessageId: "hub-d3", Status: "Sent" });
    expect(await check("hub-d1")).toEqual({ state: "delivered" });
    expect(await check("hub-d2")).toEqual({ state: "failed", reason: "Handset unreachable" });
    expect(await check("hub-d3")).toEqual({ state: "pending" });
    // An id Hubtel does not know, or a refused login: asked again later.
    await expect(check("hub-none")).rejects.toThrow(/answered 404 to a status look-up/);
    await expect(provider("wrong").checkDelivery!("hub-d1", AbortSignal.timeout(2_000))).rejects.toThrow(/401/);
  });

  it("gives up on an unanswered request when its signal says so", async () => {
    expect(await silenceOutcome(provider())).toBe("TimeoutError");
  });

  it("is configured from the environment: a client id, its secret and a sender id", () => {
    expect(hubtelConfig({ HUBTEL_CLIENT_ID: "i", HUBTEL_CLIENT_SECRET: "s" })).toBeNull();
    expect(hubtelConfig({ HUBTEL_CLIENT_ID: "i", HUBTEL_CLIENT_SECRET: "s", HUBTEL_SENDER_ID: "School" })).toEqual({
      clientId: "i",
      clientSecret: "s",
      senderId: "School",
      host: "https://sms.hubtel.com",
    });
  });
});
