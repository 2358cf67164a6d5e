import type { SubmissionResult } from "@conform-to/react";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import {
  EMAIL_PROVIDER_OPTIONS,
  PASSWORD_REQUIREMENTS,
  SETTINGS_SCHEMAS,
  PAYMENT_GATEWAY_OPTIONS,
  SMS_PROVIDER_OPTIONS,
  type SettingsTab,
} from "#app/forms/admin-settings.schema.ts";
import { SUPPORT_HOURS_MAX } from "#app/domain/school.ts";
import {
  CheckboxField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  type AnyField,
  SchemaForm,
} from "#app/components/form/fields.tsx";
import type { VisibleSettings as Visible } from "#app/services/content/school-settings.server.ts";

/** One settings tab's form (app/routes/admin/settings.tsx), its fields as the tab's schema names them. */

/** Marked on every switch and provider that nothing in the portal uses yet: a setting never pretends. */
const NOT_CONNECTED =
  "Not connected: the portal does not send these messages or use this service yet. The choice is only stored.";

export function TabForm({
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
    <SchemaForm form={form} className="space-y-5">
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
    </SchemaForm>
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
