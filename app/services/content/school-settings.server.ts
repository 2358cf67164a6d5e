/**
 * The office's settings, tab by tab (app/routes/admin/settings.tsx): what a tab may show (secrets masked, the school's
 * numbers as people type them) and saving one tab's fields — a blank secret keeps the stored one, its box removes it;
 * two-factor sign-in is refused while no SMS can leave (no admin could sign in); messages waiting for a provider are
 * woken; the change is audited.
 */
import { maskSecret, type PortalSettings } from "#app/domain/settings.ts";
import { formatStoredPhone } from "#app/domain/phone.ts";
import { refuse, type Result } from "#app/domain/result.ts";
import { SETTINGS_SECRETS, type SettingsTab } from "#app/forms/admin-settings.schema.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { env } from "#app/models/infra/env.server.ts";
import { wakeWaitingMessages } from "#app/models/outbox.server.ts";
import { getSettings, saveSettings } from "#app/models/settings.server.ts";
import { smsCanLeave } from "#app/services/messaging/providers.server.ts";
import { WAITING_FOR_SETTINGS } from "#app/services/messaging/sms-provider.ts";

export const TWO_FACTOR_NEEDS_SMS =
  "Two-factor sign-in sends its codes by SMS, and no SMS can leave the portal yet: choose an SMS provider and enter its account under Integrations first. Otherwise no admin could sign in.";

/** What a tab may show: everything but the secrets, which are masked (decisions: never shown back in full). */
export function visibleSettings(settings: PortalSettings) {
  // The phone channel's callback secret is shown once, on its own page (settings-ussd.tsx), never here.
  const { paystackSecretKey, smsApiKey, phoneCallbackSecret: _callbackSecret, ...rest } = settings;
  // Each stored secret as its last four characters, or null when none is stored.
  const masked = {
    paystackSecretKey: paystackSecretKey ? maskSecret(paystackSecretKey) : null,
    smsApiKey: smsApiKey ? maskSecret(smsApiKey) : null,
  };
  // The school's numbers as people type them (stored E.164).
  const phones = {
    supportPhone: formatStoredPhone(rest.supportPhone),
    supportPhone2: formatStoredPhone(rest.supportPhone2),
  };
  return { ...rest, ...phones, masked };
}

export type VisibleSettings = ReturnType<typeof visibleSettings>;

/** Saves one tab's fields (the schema of the tab accepted them), or refuses two-factor sign-in without SMS. */
export async function saveSettingsTab(
  tab: SettingsTab,
  values: Record<string, unknown>,
  actorId: string,
): Promise<Result<object, "twoFactorAuth">> {
  // Each tab saves only its own fields.
  const changes = { ...values } as Partial<PortalSettings> & Record<string, unknown>;
  if (tab === "integrations") {
    for (const secret of SETTINGS_SECRETS) {
      const clear = changes[secret.clear];
      delete changes[secret.clear];
      if (clear) changes[secret.field] = "";
      else if (!changes[secret.field]) delete changes[secret.field]; // blank keeps the stored key
    }
  }
  // Two-factor with no SMS that can leave would lock every admin out (the codes never reach a phone).
  if (tab === "security" && changes.twoFactorAuth && !smsCanLeave(await getSettings(), env.demo))
    return refuse(400, TWO_FACTOR_NEEDS_SMS, "twoFactorAuth");
  await saveSettings(changes);
  // Messages that waited for a provider (or its credit) are tried again now, not in up to five minutes.
  if (tab === "integrations") await wakeWaitingMessages(WAITING_FOR_SETTINGS);
  await audit("settings.save", actorId, null, { tab, fields: Object.keys(changes) });
  return { ok: true };
}
