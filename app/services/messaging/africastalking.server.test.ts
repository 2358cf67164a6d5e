import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAfricasTalkingStandIn } from "#tests/support/stand-ins/africastalking.ts";
import { africasTalking, africasTalkingConfig } from "#app/services/messaging/africastalking.server.ts";
import { refusal, silenceOutcome } from "#tests/support/provider-refusal.ts";

let standIn: Awaited<ReturnType<typeof startAfricasTalkingStandIn>>;
beforeAll(async () => {
  standIn = await startAfricasTalkingStandIn();
});
afterAll(() => standIn.close());

const provider = () =>
  africasTalking({ username: "school", apiKey: "at-test-key", senderId: "VACCLASSES", host: standIn.host });
const signal = () => AbortSignal.timeout(2_000);

describe("Africa's Talking", () => {
  it("sends the documented form with the API key header and returns the message id", async () => {
    const result = await provider().send({ to: "+233240000001", text: "Hello Ɛsi" }, signal());
    expect(result.providerMessageId).toMatch(/^ATXid_\d+$/);
    expect(standIn.received.at(-1)).toEqual({
      username: "school",
      to: "+233240000001",
      message: "Hello Ɛsi",
      from: "VACCLASSES",
    });
  });

  it("treats a wrong key as worth retrying (an operator fixes it), an invalid number or a blacklisted one as final", async () => {
    const wrongKey = africasTalking({ username: "school", apiKey: "nope", senderId: null, host: standIn.host });
    expect(await refusal(wrongKey.send({ to: "+233240000001", text: "x" }, signal()))).toMatchObject({
      permanent: false,
      message: expect.stringMatching(/refused the credentials: The supplied authentication is invalid/),
    });
    expect(await refusal(provider().send({ to: "+233240000403", text: "x" }, signal()))).toMatchObject({
      permanent: true,
      message: "Africa's Talking: InvalidPhoneNumber (403)",
    });
    expect(await refusal(provider().send({ to: "+233240000406", text: "x" }, signal()))).toMatchObject({
      permanent: true,
    });
    // A number under Do Not Disturb refuses again on every try.
    expect(await refusal(provider().send({ to: "+233240000409", text: "x" }, signal()))).toMatchObject({
      permanent: true,
      message: "Africa's Talking: DoNotDisturbRejection (409)",
    });
  });

  it("waits for credit on an empty balance, as every provider's 'out of credit' (the overview warns of it)", async () => {
    expect(await refusal(provider().send({ to: "+233240000405", text: "x" }, signal()))).toMatchObject({
      permanent: false,
      message: "SMS account out of credit (Africa's Talking): InsufficientBalance",
    });
  });

  it("gives up on an unanswered request when its signal says so", async () => {
    expect(await silenceOutcome(provider())).toBe("TimeoutError");
  });

  it("is configured from the environment; the sandbox username selects the sandbox host", () => {
    expect(africasTalkingConfig({})).toBeNull();
    expect(africasTalkingConfig({ AFRICASTALKING_USERNAME: "sandbox", AFRICASTALKING_API_KEY: "k" })).toEqual({
      username: "sandbox",
      apiKey: "k",
      senderId: null,
      host: "https://api.sandbox.africastalking.com",
    });
  });
});
