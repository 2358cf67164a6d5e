import { z } from "zod";
import { checkbox, requiredText } from "#app/forms/parse.ts";
import { isPlausiblePhone, normalizePhone } from "#app/domain/phone.ts";
import { SUPPORT_HOURS_MAX } from "#app/domain/school.ts";
import { smsLength, toGsm7 } from "#app/domain/sms.ts";
import { EMAIL_PROVIDERS, PAYMENT_GATEWAYS, PHONE_AGGREGATORS, SMS_PROVIDERS } from "#app/domain/settings.ts";

/** A settings tab and its page: General at /admin/settings, every other tab below it. */
const settingsTab = <T extends string>(tab: T, label: string) => ({
  tab,
  label,
  path: tab === "general" ? "/admin/settings" : `/admin/settings/${tab}`,
});
export const SETTINGS_TABS = [
  settingsTab("general", "General"),
  settingsTab("notifications", "Notifications"),
  settingsTab("security", "Security"),
  settingsTab("integrations", "Integrations"),
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]["tab"];

export const PASSWORD_REQUIREMENTS = [
  { value: "basic", label: "Basic (length only)" },
  { value: "standard", label: "Standard (letters and numbers)" },
  { value: "strong", label: "Strong (letters, numbers and symbols)" },
] as const;

export const EMAIL_PROVIDER_OPTIONS = [
  { value: "built-in", label: "Built-in test provider (sends nothing; see Messages)" },
  { value: "smtp", label: "SMTP server (SMTP_URL; SendGrid's SMTP relay too)" },
] as const satisfies ReadonlyArray<{ value: (typeof EMAIL_PROVIDERS)[number]; label: string }>;

export const SMS_PROVIDER_OPTIONS = [
  { value: "none", label: "Built-in test provider (demo only: sends nothing; see Messages)" },
  { value: "hubtel", label: "Hubtel" },
  { value: "arkesel", label: "Arkesel" },
  { value: "africastalking", label: "Africa's Talking" },
] as const satisfies ReadonlyArray<{ value: (typeof SMS_PROVIDERS)[number]; label: string }>;

/** Settings → USSD & SMS: the code parents dial. */
export const UssdSettingsSchema = z.object({
  ussdServiceCode: z
    .string()
    .trim()
    .max(30, "A USSD code has at most 30 characters")
    .regex(/^(\*[0-9*]+#)?$/, "A USSD code looks like *920*44#")
    .optional()
    .default(""),
  phoneAggregator: z.enum(PHONE_AGGREGATORS, { error: "Choose the aggregator" }),
});

export const PHONE_AGGREGATOR_OPTIONS = [
  { value: "hubtel", label: "Hubtel (MTN, Telecel, AirtelTigo)" },
  { value: "africastalking", label: "Africa's Talking" },
] as const satisfies ReadonlyArray<{ value: (typeof PHONE_AGGREGATORS)[number]; label: string }>;

export const PAYMENT_GATEWAY_OPTIONS = [
  { value: "test", label: "Built-in TEST gateway (no money moves; demo only)" },
  { value: "paystack", label: "Paystack (MTN MoMo, Telecel Cash, AirtelTigo Money)" },
] as const satisfies ReadonlyArray<{ value: (typeof PAYMENT_GATEWAYS)[number]; label: string }>;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number between ${min} and ${max}` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** A link to the school's own page on `site`: https, on that site, with a path (not the site's front page). */
const socialUrl = (site: string) =>
  z
    .string()
    .trim()
    .max(300, "A link has at most 300 characters")
    .refine((v) => {
      if (!URL.canParse(v)) return false;
      const url = new URL(v);
      return (
        url.protocol === "https:" &&
        (url.hostname === site || url.hostname.endsWith(`.${site}`)) &&
        url.pathname.replace(/\/+$/, "") !== ""
      );
    }, `Enter the school's page on ${site}, e.g. https://www.${site}/yourschool`)
    .optional()
    .transform((v) => v ?? "");

export const INVALID_SUPPORT_PHONE = "Enter a Ghanaian mobile number, e.g. 024 123 4567";

/** A Ghanaian number under the portal's phone rules (app/domain/phone.ts), stored E.164. */
const supportPhone = (required: boolean) =>
  z
    .string()
    .trim()
    .max(30, "Phone number is too long")
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => (v ? isPlausiblePhone(v) && normalizePhone(v).startsWith("+233") : !required), {
      message: required ? "Enter the school's phone number, e.g. 024 123 4567" : INVALID_SUPPORT_PHONE,
    })
    .transform((v) => (v ? normalizePhone(v) : ""));

export const GeneralSettingsSchema = z
  .object({
    siteName: requiredText("Site name is required", 100, "Site name must be at most 100 characters"),
    adminEmail: z.email("Enter a valid email address").max(254),
    siteDescription: z
      .string()
      .trim()
      .max(500, "Description must be at most 500 characters")
      .optional()
      .transform((v) => v ?? ""),
    maintenanceMode: checkbox,
    registrationEnabled: checkbox,
    facebookUrl: socialUrl("facebook.com"),
    instagramUrl: socialUrl("instagram.com"),
    xUrl: socialUrl("x.com"),
    contactEmail: z.email("Enter a valid email address, e.g. info@yourschool.edu.gh").max(254),
    supportPhone: supportPhone(true),
    supportPhone2: supportPhone(false),
    // Said on USSD screens and in SMS: the 7-bit alphabet, so every phone shows it as typed.
    supportHours: requiredText(
      "Enter the hours someone answers, e.g. 7:30am to 5:30pm, Monday to Friday",
      SUPPORT_HOURS_MAX,
      `Support hours have at most ${SUPPORT_HOURS_MAX} characters`,
    ).refine(
      (v) => toGsm7(v) === v && !/[\r\n]/.test(v) && smsLength(v).units === v.length,
      "Use letters, digits and plain punctuation only, on one line: this text goes out by SMS and USSD",
    ),
  })
  .refine((v) => !v.supportPhone2 || v.supportPhone2 !== v.supportPhone, {
    path: ["supportPhone2"],
    message: "The second number is the same as the first: leave it empty or give another",
  });

export const NotificationSettingsSchema = z.object({
  whatsappNotifications: checkbox,
  smsNotifications: checkbox,
  assignmentReminders: checkbox,
  paymentNotifications: checkbox,
  weeklyProgressSms: checkbox,
});

export const SecuritySettingsSchema = z.object({
  twoFactorAuth: checkbox,
  sessionTimeout: wholeNumber("Session timeout", 5, 1440),
  passwordRequirements: z.enum(["basic", "standard", "strong"], { error: "Choose a password requirement" }),
  minPasswordLength: wholeNumber("Minimum password length", 6, 64),
  maxLoginAttempts: wholeNumber("Max login attempts", 1, 50),
});

export const IntegrationSettingsSchema = z.object({
  /** Blank keeps the stored key (it is never shown back in full). */
  paymentGateway: z.enum(PAYMENT_GATEWAYS, { error: "Choose a payment gateway" }),
  paystackSecretKey: z
    .string()
    .trim()
    .max(300, "The key must be at most 300 characters")
    .regex(/^(sk_(test|live)_[A-Za-z0-9]+)?$/, "A Paystack secret key starts with sk_live_ or sk_test_")
    .optional(),
  clearPaystackSecretKey: checkbox,
  // Only what has an adapter is offered (a stored "sendgrid" from before stays readable, refused by the sender).
  emailProvider: z.enum(["built-in", "smtp"], { error: "Choose an email provider" }),
  smsProvider: z.enum(SMS_PROVIDERS, { error: "Choose an SMS provider" }),
  smsUsername: z.string().trim().max(100, "The username must be at most 100 characters").optional().default(""),
  /** Blank keeps the stored key (it is never shown back in full). */
  smsApiKey: z
    .string()
    .trim()
    .max(300, "The key must be at most 300 characters")
    .regex(/^[\x21-\x7e]*$/, "The key may contain only letters, digits and symbols, no spaces")
    .optional(),
  clearSmsApiKey: checkbox,
  smsSenderId: z
    .string()
    .trim()
    .max(11, "A sender id has at most 11 characters")
    .regex(/^[A-Za-z0-9 ]*$/, "A sender id has letters, digits and spaces only")
    .optional()
    .default(""),
  whatsappIntegration: checkbox,
  analyticsTracking: checkbox,
});

export const SETTINGS_SCHEMAS = {
  general: GeneralSettingsSchema,
  notifications: NotificationSettingsSchema,
  security: SecuritySettingsSchema,
  integrations: IntegrationSettingsSchema,
} as const;

/** The stored secrets, each with its "remove" box: a blank field keeps what is stored. */
export const SETTINGS_SECRETS = [
  { field: "paystackSecretKey", clear: "clearPaystackSecretKey" },
  { field: "smsApiKey", clear: "clearSmsApiKey" },
] as const;
