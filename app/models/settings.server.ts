import { Schema } from "mongoose";
import { passwordPolicyFrom, type PasswordPolicy } from "#app/domain/password-policy.ts";
import {
  DEFAULT_SETTINGS,
  EMAIL_PROVIDERS,
  PAYMENT_GATEWAYS,
  PHONE_AGGREGATORS,
  SMS_PROVIDERS,
  type PortalSettings,
} from "#app/domain/settings.ts";
import { CLASS_SIZE_MAX, CLASS_SIZE_MIN } from "#app/domain/classes.ts";
import { briefCache } from "#app/models/infra/brief-cache.server.ts";
import { DEFAULT_CONTACTS, type SchoolContacts } from "#app/domain/school.ts";
import { formatStoredPhone } from "#app/domain/phone.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

const SETTINGS_ID = "global";

const settingsSchema = new Schema(
  {
    _id: { type: String, default: SETTINGS_ID },
    siteName: { type: String, maxlength: 100 },
    adminEmail: { type: String, maxlength: 254 },
    siteDescription: { type: String, maxlength: 500 },
    maintenanceMode: Boolean,
    registrationEnabled: Boolean,
    whatsappNotifications: Boolean,
    smsNotifications: Boolean,
    assignmentReminders: Boolean,
    paymentNotifications: Boolean,
    weeklyProgressSms: Boolean,
    classSize: { type: Number, min: CLASS_SIZE_MIN, max: CLASS_SIZE_MAX },
    twoFactorAuth: Boolean,
    sessionTimeout: { type: Number, min: 5, max: 1440 },
    passwordRequirements: { type: String, maxlength: 60 },
    minPasswordLength: { type: Number, min: 6, max: 64 },
    maxLoginAttempts: { type: Number, min: 1, max: 50 },
    paymentGateway: { type: String, enum: PAYMENT_GATEWAYS },
    paystackSecretKey: { type: String, maxlength: 300 },
    emailProvider: { type: String, enum: EMAIL_PROVIDERS },
    smsProvider: { type: String, enum: SMS_PROVIDERS },
    smsUsername: { type: String, maxlength: 100 },
    smsApiKey: { type: String, maxlength: 300 },
    smsSenderId: { type: String, maxlength: 11 },
    whatsappIntegration: Boolean,
    analyticsTracking: Boolean,
    ussdServiceCode: { type: String, maxlength: 30 },
    phoneAggregator: { type: String, enum: PHONE_AGGREGATORS },
    phoneCallbackSecret: { type: String, maxlength: 100 },
    facebookUrl: { type: String, maxlength: 300 },
    instagramUrl: { type: String, maxlength: 300 },
    xUrl: { type: String, maxlength: 300 },
    contactEmail: { type: String, maxlength: 254 },
    supportPhone: { type: String, maxlength: 20 },
    supportPhone2: { type: String, maxlength: 20 },
    supportHours: { type: String, maxlength: 40 },
  },
  { timestamps: true, collection: "settings", minimize: false },
);

type SettingsDoc = Partial<PortalSettings> & { _id: string };
export const Settings = defineModel<SettingsDoc>("Settings", settingsSchema);

// Read on every request (maintenance mode, session timeout), so kept for 1 s per process (brief-cache.server.ts), plus
// at most one second in the page cache (server/tuning/page-cache.ts): a change reaches every instance within 2 s, and this
// machine's other workers at once, so an admin's next page after saving shows it whichever worker serves it.
const cache = briefCache<PortalSettings>("settings");
const forgetSettings = () => cache.forget();

export function getSettings(): Promise<PortalSettings> {
  return cache.get(SETTINGS_ID, async () => {
    const row = await Settings.findById(SETTINGS_ID).lean();
    const value = { ...DEFAULT_SETTINGS };
    if (row) {
      for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof PortalSettings)[]) {
        const v = row[key];
        if (v !== undefined && v !== null) (value as Record<string, unknown>)[key] = v;
      }
    }
    return value;
  });
}

/**
 * The demo's settings: SMS notifications on (off by default), so that an enrolment or a confirmed payment
 * in the demo shows its message under Admin → Messages, through the built-in test provider; and the USSD code and
 * callback secret the README's curl commands use. Only on a database
 * whose settings were never saved: a choice an admin made stays.
 */
export const DEMO_PHONE_CALLBACK_SECRET = "demo-callback-secret";

export async function seedDemoSettings() {
  await Settings.updateOne(
    { _id: SETTINGS_ID },
    {
      $setOnInsert: {
        smsNotifications: true,
        smsProvider: "none",
        // The phone channel, tryable with curl (README): a known secret, like the demo passwords. Replace it for real use.
        ussdServiceCode: "*920*44#",
        phoneCallbackSecret: DEMO_PHONE_CALLBACK_SECRET,
      },
    },
    { upsert: true },
  );
  forgetSettings();
}

export async function saveSettings(changes: Partial<PortalSettings>) {
  await Settings.updateOne({ _id: SETTINGS_ID }, { $set: changes }, { upsert: true, runValidators: true });
  forgetSettings();
}

/** The school's contacts as pages, SMS and USSD show them (app/domain/school.ts); the defaults for any part unset. */
export function schoolContacts(
  settings: Pick<PortalSettings, "contactEmail" | "supportPhone" | "supportPhone2" | "supportHours"> | null,
): SchoolContacts {
  if (!settings) return DEFAULT_CONTACTS;
  const phones = [settings.supportPhone, settings.supportPhone2]
    .filter((tel) => tel)
    .map((tel) => ({ display: formatStoredPhone(tel), tel }));
  return {
    email: settings.contactEmail || DEFAULT_CONTACTS.email,
    phones: phones.length ? phones : DEFAULT_CONTACTS.phones,
    hours: settings.supportHours || DEFAULT_CONTACTS.hours,
  };
}

/** The security settings' password rules (app/domain/password-policy.ts); the defaults when the settings cannot be read. */
export async function getPasswordPolicy(): Promise<PasswordPolicy> {
  return passwordPolicyFrom(await getSettings().catch(() => null));
}
