import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "#app/domain/settings.ts";
import { emailProviderFor, smsCanLeave, smsProviderFor } from "#app/services/messaging/providers.server.ts";

const settings = (changes: Partial<typeof DEFAULT_SETTINGS>) => ({ ...DEFAULT_SETTINGS, ...changes });

describe("the provider Settings choose", () => {
  it("is the built-in test provider by default, for SMS and e-mail", () => {
    expect(smsProviderFor(settings({}), {}).name).toBe("test");
    expect(emailProviderFor(settings({}), {}).name).toBe("test");
  });

  it("takes the account saved in Settings, else the environment's; without either it refuses, saying why", async () => {
    const arkesel = { smsProvider: "arkesel" as const };
    expect(smsProviderFor(settings({ ...arkesel, smsApiKey: "k", smsSenderId: "School" }), {}).name).toBe("arkesel");
    expect(smsProviderFor(settings(arkesel), { ARKESEL_API_KEY: "k", ARKESEL_SENDER_ID: "School" }).name).toBe(
      "arkesel",
    );
    const none = smsProviderFor(settings(arkesel), {});
    await expect(none.send({ to: "+233240000001", text: "x" }, AbortSignal.timeout(1_000))).rejects.toThrow(
      /arkesel is not configured: no API key and sender id in Settings/,
    );
    const at = { smsProvider: "africastalking" as const, smsUsername: "school", smsApiKey: "k" };
    expect(smsProviderFor(settings(at), {}).name).toBe("africastalking");
  });
});

describe("whether an SMS can leave (what two-factor sign-in needs before it may be switched on)", () => {
  it("not through the built-in test provider outside demo mode, nor a provider chosen without its account", () => {
    expect(smsCanLeave(settings({}), false, {})).toBe(false);
    expect(smsCanLeave(settings({}), true, {})).toBe(true);
    expect(smsCanLeave(settings({ smsProvider: "arkesel" }), false, {})).toBe(false);
    expect(smsCanLeave(settings({ smsProvider: "arkesel", smsApiKey: "k", smsSenderId: "School" }), false, {})).toBe(
      true,
    );
  });
});
