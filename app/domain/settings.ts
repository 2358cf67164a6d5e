import { CLASS_SIZE_DEFAULT } from "#app/domain/classes.ts";
import { DEFAULT_CONTACTS } from "#app/domain/school.ts";

/** "test" is the built-in TEST gateway (demo and tests); "paystack" takes real Mobile Money (docs/payments.md). */
export const PAYMENT_GATEWAYS = ["test", "paystack"] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
export const EMAIL_PROVIDERS = ["built-in", "sendgrid", "smtp"] as const;
/** "none" is the built-in test provider: nothing leaves the portal (app/services/messaging/test-provider.server.ts). */
export const SMS_PROVIDERS = ["none", "africastalking", "hubtel", "arkesel"] as const;
/** Who forwards the USSD screens and the SMS to the school's number (docs/phones-without-a-browser.md). */
export const PHONE_AGGREGATORS = ["hubtel", "africastalking"] as const;
export type PhoneAggregator = (typeof PHONE_AGGREGATORS)[number];

export interface PortalSettings {
  siteName: string;
  adminEmail: string;
  siteDescription: string;
  maintenanceMode: boolean;
  registrationEnabled: boolean;
  whatsappNotifications: boolean;
  smsNotifications: boolean;
  assignmentReminders: boolean;
  paymentNotifications: boolean;
  /** The most students in one class of a subject (docs/decisions/0112-classes-of-a-workable-size.md). */
  classSize: number;
  /** Each parent's weekly progress SMS on Fridays (docs/decisions/0109-weekly-progress-by-sms.md). */
  weeklyProgressSms: boolean;
  twoFactorAuth: boolean;
  sessionTimeout: number;
  passwordRequirements: string;
  minPasswordLength: number;
  maxLoginAttempts: number;
  /** Where "Pay with Mobile Money" goes (app/services/money/gateway/); Paystack's secret key (a secret, never shown back). */
  paymentGateway: PaymentGatewayName;
  paystackSecretKey: string;
  emailProvider: (typeof EMAIL_PROVIDERS)[number];
  smsProvider: (typeof SMS_PROVIDERS)[number];
  /** The SMS account (docs/messages.md): Africa's Talking's username; the provider's API key (a secret); the sender id. */
  smsUsername: string;
  smsApiKey: string;
  smsSenderId: string;
  whatsappIntegration: boolean;
  analyticsTracking: boolean;
  /** The phone channel (docs/phones-without-a-browser.md): the USSD code parents dial, e.g. *920*44#. */
  ussdServiceCode: string;
  /** The aggregator whose callbacks answer; the other's answer 404. */
  phoneAggregator: PhoneAggregator;
  /** The secret in the USSD and inbound-SMS callback URLs (a secret: shown once, when made). */
  phoneCallbackSecret: string;
  /** The school's own pages, linked from the public footer ("Follow us" is hidden while all three are empty). */
  facebookUrl: string;
  instagramUrl: string;
  xUrl: string;
  /**
   * How parents reach the school (app/domain/school.ts SchoolContacts): its e-mail, one or two Ghanaian numbers
   * (stored E.164; the second may be empty) and the hours someone answers, shown across the site, in SMS and on USSD.
   */
  contactEmail: string;
  supportPhone: string;
  supportPhone2: string;
  supportHours: string;
}

/** docs/product.md#constants defaults. */
export const DEFAULT_SETTINGS: PortalSettings = {
  siteName: "Vacation Classes",
  adminEmail: "admin@vacationclasses.example",
  siteDescription: "Online vacation classes for Form 1 to Form 3 students in Ghana.",
  maintenanceMode: false,
  registrationEnabled: true,
  whatsappNotifications: true,
  smsNotifications: false,
  assignmentReminders: true,
  paymentNotifications: true,
  weeklyProgressSms: true,
  classSize: CLASS_SIZE_DEFAULT,
  twoFactorAuth: false,
  sessionTimeout: 60,
  passwordRequirements: "standard",
  minPasswordLength: 8,
  maxLoginAttempts: 5,
  paymentGateway: "test",
  paystackSecretKey: "",
  emailProvider: "built-in",
  smsProvider: "none",
  smsUsername: "",
  smsApiKey: "",
  smsSenderId: "",
  whatsappIntegration: false,
  analyticsTracking: true,
  ussdServiceCode: "",
  // What a portal spoke before Hubtel was offered: an existing install keeps answering its aggregator.
  phoneAggregator: "africastalking",
  phoneCallbackSecret: "",
  facebookUrl: "",
  instagramUrl: "",
  xUrl: "",
  contactEmail: DEFAULT_CONTACTS.email,
  supportPhone: DEFAULT_CONTACTS.phones[0]!.tel,
  supportPhone2: DEFAULT_CONTACTS.phones[1]!.tel,
  supportHours: DEFAULT_CONTACTS.hours,
};

/** The footer's "Follow us" links: only those the school has set. */
export function socialLinks(settings: Pick<PortalSettings, "facebookUrl" | "instagramUrl" | "xUrl"> | null) {
  if (!settings) return [];
  return [
    { label: "Facebook", href: settings.facebookUrl },
    { label: "Instagram", href: settings.instagramUrl },
    { label: "X (Twitter)", href: settings.xUrl },
  ].filter((l) => l.href);
}

/** Minimum password length at sign-up (docs/product.md#constants). */
export const MIN_PASSWORD_LENGTH = 6;
/** Failed sign-ins are counted, and a first block lasts, this long (app/utils/sign-in-limits.server.ts). */
export const LOGIN_LOCK_MINUTES = 15;

/** Show a secret as its last 4 characters only. */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return "";
  return value.length <= 4 ? "••••" : `••••${value.slice(-4)}`;
}
