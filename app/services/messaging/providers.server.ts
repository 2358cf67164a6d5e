/**
 * The providers in use, for SMS and for e-mail: each is one module written from its documented API behind the small
 * interface of sms-provider.ts; Settings → Integrations choose them, the account comes from Settings or the environment.
 * Never a silent "sent" (docs/decisions/0093): a provider chosen but not built or not configured refuses every message
 * with ProviderNotConfigured, and outside demo mode the built-in test provider is no default at all.
 */
import type { PortalSettings } from "#app/domain/settings.ts";
import { africasTalking, africasTalkingConfig } from "#app/services/messaging/africastalking.server.ts";
import {
  EMAIL_NOT_CONFIGURED,
  type MessageProvider,
  ProviderError,
  ProviderNotConfigured,
  SMS_NOT_CONFIGURED,
  type SmsProvider,
} from "#app/services/messaging/sms-provider.ts";
import { testProvider } from "#app/services/messaging/test-provider.server.ts";
import { smtpConfig, smtpProvider } from "#app/services/messaging/smtp.server.ts";
import { arkesel, arkeselConfig } from "#app/services/messaging/arkesel.server.ts";
import { hubtel, hubtelConfig } from "#app/services/messaging/hubtel.server.ts";

export { ProviderError, type SmsProvider };

type SmsSettings = Pick<PortalSettings, "smsProvider" | "smsUsername" | "smsApiKey" | "smsSenderId">;

/**
 * The e-mail provider Settings choose: SMTP (SMTP_URL and EMAIL_FROM); the built-in test provider only in demo mode.
 * SendGrid has no adapter of its own: its SMTP relay (smtp.sendgrid.net) is an SMTP server.
 */
export function emailProviderFor(
  settings: Pick<PortalSettings, "emailProvider">,
  demo: boolean,
  env = process.env,
): MessageProvider {
  if (settings.emailProvider === "smtp") {
    const config = smtpConfig(env);
    return config
      ? smtpProvider(config)
      : unconfigured("smtp", EMAIL_NOT_CONFIGURED, "SMTP needs SMTP_URL and EMAIL_FROM");
  }
  if (settings.emailProvider === "sendgrid")
    return unconfigured(
      "sendgrid",
      EMAIL_NOT_CONFIGURED,
      "SendGrid is reached through its SMTP relay: choose SMTP server and set SMTP_URL",
    );
  return demo
    ? testProvider
    : unconfigured("test", EMAIL_NOT_CONFIGURED, "choose an e-mail provider under Settings → Integrations");
}

/** The provider Settings choose. One that is chosen but not configured refuses every message, and says why. */
export function smsProviderFor(settings: SmsSettings, demo: boolean, processEnv = process.env): SmsProvider {
  // The account saved in Settings, else the environment's; made only for a real provider (a copy of the whole
  // environment is dear, and the admin's pages ask on every view whether SMS can leave).
  const env = () => ({
    ...processEnv,
    ...(settings.smsApiKey
      ? {
          AFRICASTALKING_API_KEY: settings.smsApiKey,
          ARKESEL_API_KEY: settings.smsApiKey,
          HUBTEL_CLIENT_SECRET: settings.smsApiKey,
        }
      : {}),
    ...(settings.smsUsername
      ? { AFRICASTALKING_USERNAME: settings.smsUsername, HUBTEL_CLIENT_ID: settings.smsUsername }
      : {}),
    ...(settings.smsSenderId
      ? {
          AFRICASTALKING_SENDER_ID: settings.smsSenderId,
          ARKESEL_SENDER_ID: settings.smsSenderId,
          HUBTEL_SENDER_ID: settings.smsSenderId,
        }
      : {}),
  });
  switch (settings.smsProvider) {
    case "arkesel": {
      const config = arkeselConfig(env());
      return config
        ? arkesel(config)
        : unconfigured("arkesel", SMS_NOT_CONFIGURED, "Arkesel needs an API key and a sender id");
    }
    case "africastalking": {
      const config = africasTalkingConfig(env());
      return config
        ? africasTalking(config)
        : unconfigured("africastalking", SMS_NOT_CONFIGURED, "Africa's Talking needs a username and an API key");
    }
    case "hubtel": {
      const config = hubtelConfig(env());
      return config
        ? hubtel(config)
        : unconfigured("hubtel", SMS_NOT_CONFIGURED, "Hubtel needs a client id, a client secret and a sender id");
    }
    default:
      return demo
        ? testProvider
        : unconfigured("test", SMS_NOT_CONFIGURED, "choose an SMS provider under Settings → Integrations");
  }
}

function unconfigured(name: string, what: string, why: string): SmsProvider & { unconfigured: string } {
  const reason = `${what}: ${why} (Settings → Integrations, or the environment: docs/messages.md).`;
  return {
    name,
    unconfigured: reason,
    async send() {
      throw new ProviderNotConfigured(reason);
    },
  };
}

const reasonOf = (provider: MessageProvider) =>
  "unconfigured" in provider && typeof provider.unconfigured === "string" ? provider.unconfigured : null;

/** Why no SMS can leave with these settings, or null when one can (a provider chosen and configured, or the demo). */
export function smsBlocked(settings: SmsSettings, demo: boolean, processEnv = process.env): string | null {
  return reasonOf(smsProviderFor(settings, demo, processEnv));
}

/** Why no e-mail can leave with these settings, or null when one can. */
export function emailBlocked(
  settings: Pick<PortalSettings, "emailProvider">,
  demo: boolean,
  processEnv = process.env,
): string | null {
  return reasonOf(emailProviderFor(settings, demo, processEnv));
}

/**
 * Whether an SMS can leave the portal with these settings: a real provider chosen and configured. The built-in test
 * provider sends nothing, so it counts only in demo mode (docs/decisions/0086). Two-factor sign-in needs this.
 */
export function smsCanLeave(settings: SmsSettings, demo: boolean, processEnv = process.env): boolean {
  return smsBlocked(settings, demo, processEnv) === null;
}
