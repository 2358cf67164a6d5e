/**
 * The providers in use, for SMS and for e-mail: each is one module written from its documented API behind the small
 * interface of sms-provider.ts; Settings → Integrations choose them, the account comes from Settings or the environment.
 */
import type { PortalSettings } from "#app/domain/settings.ts";
import { africasTalking, africasTalkingConfig } from "#app/services/messaging/africastalking.server.ts";
import { type MessageProvider, ProviderError, type SmsProvider } from "#app/services/messaging/sms-provider.ts";
import { testProvider } from "#app/services/messaging/test-provider.server.ts";
import { smtpConfig, smtpProvider } from "#app/services/messaging/smtp.server.ts";
import { arkesel, arkeselConfig } from "#app/services/messaging/arkesel.server.ts";

export { ProviderError, type SmsProvider };

/** The e-mail provider Settings choose: SMTP (SMTP_URL), else the built-in test provider. */
export function emailProviderFor(settings: Pick<PortalSettings, "emailProvider">, env = process.env): MessageProvider {
  if (settings.emailProvider === "smtp") {
    const config = smtpConfig(env);
    return config ? smtpProvider(config) : unconfigured("smtp", "SMTP_URL is not set");
  }
  return testProvider;
}

/** The provider Settings choose. One that is chosen but not configured refuses every message, and says why. */
export function smsProviderFor(
  settings: Pick<PortalSettings, "smsProvider" | "smsUsername" | "smsApiKey" | "smsSenderId">,
  processEnv = process.env,
): SmsProvider {
  // The account saved in Settings, else the environment's.
  const env = {
    ...processEnv,
    ...(settings.smsApiKey ? { AFRICASTALKING_API_KEY: settings.smsApiKey, ARKESEL_API_KEY: settings.smsApiKey } : {}),
    ...(settings.smsUsername ? { AFRICASTALKING_USERNAME: settings.smsUsername } : {}),
    ...(settings.smsSenderId
      ? { AFRICASTALKING_SENDER_ID: settings.smsSenderId, ARKESEL_SENDER_ID: settings.smsSenderId }
      : {}),
  };
  if (settings.smsProvider === "arkesel") {
    const config = arkeselConfig(env);
    return config
      ? arkesel(config)
      : unconfigured("arkesel", "no API key and sender id in Settings → Integrations or the environment");
  }
  if (settings.smsProvider === "africastalking") {
    const config = africasTalkingConfig(env);
    return config
      ? africasTalking(config)
      : unconfigured("africastalking", "no username and API key in Settings → Integrations or the environment");
  }
  return testProvider;
}

function unconfigured(name: string, why: string): SmsProvider & { unconfigured: true } {
  return {
    name,
    unconfigured: true,
    async send() {
      throw new ProviderError(`${name} is not configured: ${why}`, false);
    },
  };
}

/**
 * Whether an SMS can leave the portal with these settings: a real provider chosen and configured. The built-in test
 * provider sends nothing, so it counts only in demo mode (docs/decisions/0086). Two-factor sign-in needs this.
 */
export function smsCanLeave(
  settings: Pick<PortalSettings, "smsProvider" | "smsUsername" | "smsApiKey" | "smsSenderId">,
  demo: boolean,
  processEnv = process.env,
): boolean {
  const provider = smsProviderFor(settings, processEnv);
  if (provider === testProvider) return demo;
  return !("unconfigured" in provider);
}
