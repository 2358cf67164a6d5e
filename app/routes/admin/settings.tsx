import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form } from "react-router";
import { SettingsPage } from "#app/routes/admin/+shared/settings-nav.tsx";
import type { Route } from "./+types/settings";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  EMAIL_PROVIDER_OPTIONS,
  PASSWORD_REQUIREMENTS,
  SETTINGS_SCHEMAS,
  SETTINGS_TABS,
  PAYMENT_GATEWAY_OPTIONS,
  SMS_PROVIDER_OPTIONS,
  type SettingsTab,
} from "#app/forms/admin-settings.schema.ts";
import { maskSecret, type PortalSettings } from "#app/domain/settings.ts";
import { SETTINGS_SAVED } from "#app/domain/messages.ts";
import { SCHOOL_NAME, SUPPORT_HOURS_MAX } from "#app/domain/school.ts";
import {
  CheckboxField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  type AnyField,
} from "#app/components/form/fields.tsx";
import { getSettings, saveSettings } from "#app/models/settings.server.ts";
import { wakeWaitingMessages } from "#app/models/outbox.server.ts";
import { WAITING_FOR_SETTINGS } from "#app/services/messaging/sms-provider.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { env } from "#app/models/env.server.ts";
import { smsCanLeave } from "#app/services/messaging/providers.server.ts";
import { formatStoredPhone } from "#app/domain/phone.ts";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

const TWO_FACTOR_NEEDS_SMS =
  "Two-factor sign-in sends its codes by SMS, and no SMS can leave the portal yet: choose an SMS provider and enter its account under Integrations first. Otherwise no admin could sign in.";

function tabFromParams(params: { tab?: string }): SettingsTab {
  const tab = params.tab ?? "general";
  const found = SETTINGS_TABS.find((t) => t.tab === tab && t.tab !== "general");
  if (params.tab === undefined) return "general";
  if (!found) throw data("Not found", { status: 404 });
  return found.tab;
}

/** What a tab may show: everything but the secrets, which are masked (decisions: never shown back in full). */
function visibleSettings(settings: PortalSettings) {
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

/** The stored secrets, each with its "remove" box: a blank field keeps what is stored. */
const SECRETS = [
  { field: "paystackSecretKey", clear: "clearPaystackSecretKey" },
  { field: "smsApiKey", clear: "clearSmsApiKey" },
] as const;

/** Marked on every switch and provider that nothing in the portal uses yet: a setting never pretends. */
const NOT_CONNECTED =
  "Not connected: the portal does not send these messages or use this service yet. The choice is only stored.";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "can_edit_settings");
  const tab = tabFromParams(params);
  return { tab, settings: visibleSettings(await getSettings()) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, "can_edit_settings");
  const tab = tabFromParams(params);
  const submission = parseWithZod(await request.formData(), { schema: SETTINGS_SCHEMAS[tab] });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRETS.map((s) => s.field) }) }, { status: 400 });
  }
  // Each tab saves only its own fields.
  const changes = { ...submission.value } as Partial<PortalSettings> & Record<string, unknown>;
  if (tab === "integrations") {
    for (const secret of SECRETS) {
      const clear = changes[secret.clear];
      delete changes[secret.clear];
      if (clear) changes[secret.field] = "";
      else if (!changes[secret.field]) delete changes[secret.field]; // blank keeps the stored key
    }
  }
  // Two-factor with no SMS that can leave would lock every admin out (the codes never reach a phone).
  if (tab === "security" && changes.twoFactorAuth && !smsCanLeave(await getSettings(), env.demo)) {
    return data(
      { result: submission.reply({ fieldErrors: { twoFactorAuth: [TWO_FACTOR_NEEDS_SMS] }, hideFields: [] }) },
      { status: 400 },
    );
  }
  await saveSettings(changes);
  // Messages that waited for a provider (or its credit) are tried again now, not in up to five minutes.
  if (tab === "integrations") await wakeWaitingMessages(WAITING_FOR_SETTINGS);
  await audit("settings.save", user._id, null, { tab, fields: Object.keys(changes) });
  const path = SETTINGS_TABS.find((t) => t.tab === tab)!.path;
  return redirectWithToast(path, {
    type: "success",
    title: SETTINGS_SAVED,
    description: "Your changes have been saved.",
  });
}

type Visible = ReturnType<typeof visibleSettings>;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, settings } = loaderData;
  const label = SETTINGS_TABS.find((t) => t.tab === tab)!.label;
  return (
    <SettingsPage title={<>{label} Settings</>}>
      {/* key: a fresh form per tab, so one tab's values never leak into another */}
      <TabForm key={tab} tab={tab} settings={settings} lastResult={actionData?.result} />
    </SettingsPage>
  );
}

function TabForm({
  tab,
  settings,
  lastResult,
}: {
  tab: SettingsTab;
  settings: Visible;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const schema = SETTINGS_SCHEMAS[tab];
  const [form, fields] = useSchemaForm(
    `settings-${tab}`,
    schema,
    lastResult,
    // Conform turns the booleans and numbers into the inputs' text itself.
    { ...settings, paystackSecretKey: "", smsApiKey: "" } as unknown as Record<string, string | null | undefined>,
  );
  const f = fields as Record<string, AnyField>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <FormErrors form={form} />
      {tab === "general" ? (
        <>
          <TextField field={f.siteName} label="Site name" inputProps={{ maxLength: 100 }} />
          <TextField
            field={f.adminEmail}
            label="Admin email"
            type="email"
            inputProps={{ maxLength: 254, autoComplete: "email" }}
          />
          <TextareaField field={f.siteDescription} label="Site description" rows={3} />
          <CheckboxField
            field={f.maintenanceMode}
            label="Maintenance mode"
            hint="Everyone except admins sees a maintenance page."
          />
          <CheckboxField
            field={f.registrationEnabled}
            label="Registration enabled"
            hint="When off, /registration says registration is closed."
          />
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-gray-900">How parents reach the school</legend>
            <p className="text-sm text-gray-700">
              Shown on the home page, in the footer, on the offline and receipt pages, and said in SMS and on the USSD
              menu's contacts screen.
            </p>
            <TextField
              field={f.contactEmail}
              label="School e-mail"
              type="email"
              inputProps={{ maxLength: 254, autoComplete: "off" }}
            />
            <TextField
              field={f.supportPhone}
              label="Support phone number"
              type="tel"
              hint="A Ghanaian mobile number, e.g. 024 123 4567."
              inputProps={{ maxLength: 30, autoComplete: "off" }}
            />
            <TextField
              field={f.supportPhone2}
              label="Second support phone number (optional)"
              type="tel"
              inputProps={{ maxLength: 30, autoComplete: "off" }}
            />
            <TextField
              field={f.supportHours}
              label="Support hours"
              hint={`When someone answers, e.g. 7:30am to 5:30pm, Monday to Friday. At most ${SUPPORT_HOURS_MAX} characters.`}
              inputProps={{ maxLength: SUPPORT_HOURS_MAX }}
            />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-gray-900">The school's social pages (optional)</legend>
            <p className="text-sm text-gray-700">Shown under "Follow us" in the site's footer; empty ones are not.</p>
            <TextField field={f.facebookUrl} label="Facebook page" type="url" inputProps={{ maxLength: 300 }} />
            <TextField field={f.instagramUrl} label="Instagram page" type="url" inputProps={{ maxLength: 300 }} />
            <TextField field={f.xUrl} label="X (Twitter) page" type="url" inputProps={{ maxLength: 300 }} />
          </fieldset>
        </>
      ) : tab === "notifications" ? (
        <>
          <CheckboxField field={f.whatsappNotifications} label="WhatsApp notifications" hint={NOT_CONNECTED} />
          <CheckboxField
            field={f.smsNotifications}
            label="SMS notifications"
            hint="Parents get an SMS when a ward is enrolled (reference, claim code, link). Every message is listed under Messages."
          />
          <CheckboxField field={f.assignmentReminders} label="Assignment reminders" hint={NOT_CONNECTED} />
          <CheckboxField
            field={f.paymentNotifications}
            label="Payment notifications"
            hint="With SMS notifications on: parents get an SMS when a payment is confirmed (receipt, balance) or refused."
          />
          <CheckboxField
            field={f.weeklyProgressSms}
            label="Weekly progress SMS"
            hint="Fridays from 4 pm while lessons run: one SMS to each parent with their wards' lessons attended, work missing and average mark. Numbers that sent STOP get none. Messages shows this week's and sends it now."
          />
        </>
      ) : tab === "security" ? (
        <>
          <CheckboxField
            field={f.twoFactorAuth}
            label="Two-factor authentication"
            hint="On: an admin's sign-in also asks for a code sent by SMS to the admin's phone. Needs an SMS provider that sends (Integrations)."
          />
          <TextField
            field={f.sessionTimeout}
            label="Session timeout (minutes)"
            type="number"
            hint="Between 5 and 1440. Applies to new sign-ins and active sessions."
            inputProps={{ min: 5, max: 1440, step: 1 }}
          />
          <SelectField
            field={f.passwordRequirements}
            label="Password requirements"
            options={PASSWORD_REQUIREMENTS}
            placeholder={null}
            hint="Basic: length only. Standard: a letter and a digit. Strong: upper case, lower case, a digit and a symbol. Applies at sign-up, password reset and create-admin; existing passwords keep working."
          />
          <TextField
            field={f.minPasswordLength}
            label="Minimum password length"
            type="number"
            hint="Between 6 and 64."
            inputProps={{ min: 6, max: 64, step: 1 }}
          />
          <TextField
            field={f.maxLoginAttempts}
            label="Max login attempts"
            type="number"
            hint="Between 1 and 50. After that many failures a client is held back from the account for 15 minutes, doubling on repeats."
            inputProps={{ min: 1, max: 50, step: 1 }}
          />
        </>
      ) : (
        <>
          <SelectField
            field={f.paymentGateway}
            label="Payment gateway"
            options={PAYMENT_GATEWAY_OPTIONS}
            placeholder={null}
            hint="Where Pay with Mobile Money goes. Paystack needs its secret key below, or PAYSTACK_SECRET_KEY (docs/payments.md)."
          />
          <SecretField
            field={f.paystackSecretKey}
            clear={f.clearPaystackSecretKey}
            label="Paystack secret key"
            masked={settings.masked.paystackSecretKey}
          />
          <SelectField
            field={f.emailProvider}
            label="Email provider"
            options={EMAIL_PROVIDER_OPTIONS}
            placeholder={null}
            hint="SMTP reads SMTP_URL and EMAIL_FROM (docs/messages.md). E-mail goes only to addresses people gave."
          />
          <SelectField
            field={f.smsProvider}
            label="SMS provider"
            options={SMS_PROVIDER_OPTIONS}
            placeholder={null}
            hint="Every message is listed under Messages. The account below, or the environment (docs/messages.md). A provider without its account sends nothing: messages wait, and the overview says so."
          />
          <TextField
            field={f.smsUsername}
            label="SMS account username (Africa's Talking) or client id (Hubtel)"
            inputProps={{ autoComplete: "off", maxLength: 100 }}
          />
          <SecretField
            field={f.smsApiKey}
            clear={f.clearSmsApiKey}
            label="SMS API key"
            masked={settings.masked.smsApiKey}
          />
          <TextField
            field={f.smsSenderId}
            label="SMS sender id"
            hint="The name or short code messages come from (at most 11 characters). It must be registered with the provider, which has it approved by the networks; an unregistered one is refused."
            inputProps={{ autoComplete: "off", maxLength: 11 }}
          />
          <CheckboxField field={f.whatsappIntegration} label="WhatsApp integration" hint={NOT_CONNECTED} />
          <CheckboxField field={f.analyticsTracking} label="Analytics tracking" hint={NOT_CONNECTED} />
        </>
      )}
      <SubmitButton pendingLabel="Saving...">Save Settings</SubmitButton>
    </Form>
  );
}

/** A stored secret: never shown back but for its last four characters; blank keeps it; a box removes it. */
function SecretField(props: { field: AnyField; clear: AnyField; label: string; masked: string | null }) {
  return (
    <>
      <TextField
        field={props.field}
        label={props.label}
        type="password"
        hint={props.masked ? `A key is saved (${props.masked}). Leave blank to keep it.` : "No key saved."}
        inputProps={{ autoComplete: "off", maxLength: 300 }}
      />
      {props.masked ? <CheckboxField field={props.clear} label={`Remove the saved ${props.label}`} /> : null}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const label = SETTINGS_TABS.find((t) => t.tab === loaderData?.tab)?.label ?? "Settings";
  return [{ title: `${label} Settings | Admin | ${SCHOOL_NAME}` }];
}
