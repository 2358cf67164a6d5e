import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "#app/domain/settings.ts";
import {
  emailBlocked,
  emailProviderFor,
  smsBlocked,
  smsCanLeave,
  smsProviderFor,
} from "#app/services/messaging/providers.server.ts";
import { ProviderNotConfigured } from "#app/services/messaging/sms-provider.ts";

const settings = (changes: Partial<typeof DEFAULT_SETTINGS>) => ({ ...DEFAULT_SETTINGS, ...changes });
const refusalOf = (provider: { send: (m: { to: string; text: string }, s: AbortSignal) => Promise<unknown> }) =>
  provider.send({ to: "+233240000001", text: "x" }, AbortSignal.timeout(1_000)).then(
    () => null,
    (e: unknown) => e,
  );

describe("the provider Settings choose", () => {
  it("is the built-in test provider by default in demo mode, for SMS and e-mail", () => {
    expect(smsProviderFor(settings({}), true, {}).name).toBe("test");
    expect(emailProviderFor(settings({}), true, {}).name).toBe("test");
  });

  it("outside demo mode, by default, refuses every message: nothing is marked sent that did not leave", async () => {
    const sms = await refusalOf(smsProviderFor(settings({}), false, {}));
    expect(sms).toBeInstanceOf(ProviderNotConfigured);
    expect((sms as Error).message).toMatch(/^SMS provider not configured: choose an SMS provider/);
    const email = await refusalOf(emailProviderFor(settings({}), false, {}));
    expect((email as Error).message).toMatch(/^E-mail provider not configured/);
  });

  it("takes the account saved in Settings, else the environment's; without either it refuses, saying why", async () => {
    const arkesel = { smsProvider: "arkesel" as const };
    expect(smsProviderFor(settings({ ...arkesel, smsApiKey: "k", smsSenderId: "School" }), false, {}).name).toBe(
      "arkesel",
    );
    expect(smsProviderFor(settings(arkesel), false, { ARKESEL_API_KEY: "k", ARKESEL_SENDER_ID: "School" }).name).toBe(
      "arkesel",
    );
    const at = { smsProvider: "africastalking" as const, smsUsername: "school", smsApiKey: "k" };
    expect(smsProviderFor(settings(at), false, {}).name).toBe("africastalking");
    const hub = { smsProvider: "hubtel" as const, smsUsername: "id", smsApiKey: "secret", smsSenderId: "School" };
    expect(smsProviderFor(settings(hub), false, {}).name).toBe("hubtel");
    // Chosen without an account, in demo mode too: refused, never the test provider.
    for (const name of ["arkesel", "africastalking", "hubtel"] as const) {
      const error = await refusalOf(smsProviderFor(settings({ smsProvider: name }), true, {}));
      expect(error).toBeInstanceOf(ProviderNotConfigured);
      expect((error as Error).message).toMatch(/^SMS provider not configured: /);
    }
  });

  it("has no SendGrid adapter: a stored SendGrid choice refuses, pointing at its SMTP relay", () => {
    expect(emailBlocked(settings({ emailProvider: "sendgrid" }), true, {})).toMatch(/SMTP relay/);
    expect(emailBlocked(settings({ emailProvider: "smtp" }), false, { SMTP_URL: "smtp://x" })).toMatch(
      /SMTP needs SMTP_URL and EMAIL_FROM/,
    );
    const smtp = { SMTP_URL: "smtp://x", EMAIL_FROM: "Office <office@school.example.org>" };
    expect(emailBlocked(settings({ emailProvider: "smtp" }), false, smtp)).toBeNull();
  });
});

describe("whether an SMS can leave (what two-factor sign-in and the overview's warning read)", () => {
  it("not through the built-in test provider outside demo mode, nor a provider chosen without its account", () => {
    expect(smsCanLeave(settings({}), false, {})).toBe(false);
    expect(smsCanLeave(settings({}), true, {})).toBe(true);
    expect(smsBlocked(settings({ smsProvider: "arkesel" }), false, {})).toMatch(/needs an API key/);
    expect(smsCanLeave(settings({ smsProvider: "arkesel", smsApiKey: "k", smsSenderId: "School" }), false, {})).toBe(
      true,
    );
  });
});
