import type { SmsProvider } from "#app/services/messaging/sms-provider.ts";

/**
 * The built-in test provider, the default: sends nothing and accepts every message, whose full text stays in the
 * outbox (Admin → Messages shows it: the demo reads one-time codes there). Needs no configuration.
 */
export const testProvider: SmsProvider = {
  name: "test",
  async send() {
    return { providerMessageId: null };
  },
};
