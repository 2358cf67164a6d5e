import type { RouteHandle } from "#app/utils/route-rules.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";

import { data, Form } from "react-router";
import type { Route } from "./+types/settings-ussd";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { PHONE_AGGREGATOR_OPTIONS, UssdSettingsSchema } from "#app/forms/admin-settings.schema.ts";
import { SETTINGS_SAVED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { maskSecret, type PhoneAggregator } from "#app/domain/settings.ts";
import { getSettings, saveSettings } from "#app/models/settings.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import {
  phoneCallbackSecret,
  phoneChannelActivity,
  replacePhoneCallbackSecret,
} from "#app/services/messaging/phone-channel.server.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import { SelectField, SubmitButton, TextField, type AnyField, SchemaForm } from "#app/components/form/fields.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { SettingsPage } from "#app/routes/admin/+shared/settings-nav.tsx";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

const PATH = "/admin/settings/ussd";

/** The two URLs to paste into the aggregator's account, with the secret (or its masked form). */
function callbackUrls(origin: string, aggregator: PhoneAggregator, secret: string) {
  return {
    ussd: `${origin}/ussd/${aggregator}/${secret}`,
    sms: `${origin}/callbacks/${aggregator}/sms-inbound/${secret}`,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const [settings, secret, activity] = await Promise.all([
    getSettings(),
    phoneCallbackSecret(),
    phoneChannelActivity(),
  ]);
  return {
    serviceCode: settings.ussdServiceCode,
    aggregator: settings.phoneAggregator,
    secret: secret ? { masked: maskSecret(secret), fromEnvironment: !settings.phoneCallbackSecret } : null,
    urls: secret ? callbackUrls(appOrigin(), settings.phoneAggregator, maskSecret(secret)) : null,
    sessions: activity.sessions.map((s) => ({
      id: String(s._id),
      when: formatDateTime(s.updatedAt),
      number: s.phoneMasked,
      screens: s.screens,
      last: s.last,
    })),
    inbound: activity.inbound.map((m) => ({
      id: String(m._id),
      when: formatDateTime(m.createdAt),
      number: m.fromMasked,
      keyword: m.keyword.toUpperCase(),
      replied: m.replied ? "Yes" : "No (over the number's limit)",
    })),
  };
}

/** Save the service code, or make a new callback secret: shown once, in this answer only. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "new-secret":
      return newSecret(appOrigin(), (await getSettings()).phoneAggregator, user._id);
    // The settings form's own submit.
    case null:
      return save(formData, user._id);
    default:
      return unknownIntent();
  }
}

/** A new secret for the callback addresses: the old addresses stop working at once, and the new ones are shown once. */
async function newSecret(origin: string, aggregator: PhoneAggregator, actor: string) {
  const secret = await replacePhoneCallbackSecret();
  await audit("settings.phone-callback-secret", actor, null, null);
  return data({ newUrls: callbackUrls(origin, aggregator, secret), result: undefined });
}

async function save(formData: FormData, actor: string) {
  const submission = parseWithZod(formData, { schema: UssdSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), newUrls: null }, { status: 400 });
  await saveSettings(submission.value);
  await audit("settings.save", actor, null, { tab: "ussd", fields: Object.keys(submission.value) });
  return redirectWithToast(PATH, {
    type: "success",
    title: SETTINGS_SAVED,
    description: "Your changes have been saved.",
  });
}

export default function UssdSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { serviceCode, aggregator, secret, urls, sessions, inbound } = loaderData;
  const [form, fields] = useSchemaForm("settings-ussd", UssdSettingsSchema, actionData?.result, {
    ussdServiceCode: serviceCode,
    phoneAggregator: aggregator,
  });
  const f = fields as unknown as Record<string, AnyField>;
  const newUrls = actionData?.newUrls ?? null;
  return (
    <SettingsPage
      title="USSD & SMS Settings"
      after={
        <>
          <RecentLog
            id="ussd-sessions"
            title="Recent USSD sessions"
            columns={{ when: "When", number: "Number", screens: "Screens", last: "Last screen" }}
            rows={sessions}
            emptyText="No session yet."
          />
          <RecentLog
            id="inbound-sms"
            title="Recent SMS to the school"
            columns={{ when: "When", number: "Number", keyword: "Keyword", replied: "Replied" }}
            rows={inbound}
            emptyText="No SMS yet."
          />
        </>
      }
    >
      <p className="text-sm text-gray-700">
        Parents without a smartphone dial the school's USSD code, or send STATUS, BAL or LINKS by SMS, and get their
        wards' status, fees and class-page links; TWI or ENGLISH chooses their language, STOP stops announcements
        (docs/phones-without-a-browser.md).
      </p>
      <SchemaForm form={form} className="space-y-4">
        <TextField
          field={f.ussdServiceCode}
          label="USSD service code"
          hint="As the aggregator gave it, e.g. *920*44#. Shown in the menu's messages."
          inputProps={{ maxLength: 30, autoComplete: "off" }}
        />
        <SelectField
          field={f.phoneAggregator}
          label="Aggregator"
          options={PHONE_AGGREGATOR_OPTIONS}
          placeholder={null}
          hint="Who forwards the school's USSD code and SMS keywords. Only its callback URLs answer; the other's are refused."
        />
        <SubmitButton pendingLabel="Saving...">Save Settings</SubmitButton>
      </SchemaForm>
      <h3 className="text-base font-semibold text-gray-900">Callback URLs</h3>
      {newUrls ? (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          <p className="font-semibold">New secret made. Copy these now: they are not shown again.</p>
          <CallbackUrls urls={newUrls} />
        </div>
      ) : urls ? (
        <div className="text-sm text-gray-800">
          <p>
            A secret is set{secret?.fromEnvironment ? " (USSD_CALLBACK_SECRET)" : ""}; it ends in {secret?.masked}.
          </p>
          <CallbackUrls urls={urls} />
        </div>
      ) : (
        <p className="text-sm text-gray-800">No secret yet: the USSD and SMS URLs answer 404 until one is made.</p>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="new-secret" />
        <SubmitButton variant="secondary" pendingLabel="Making...">
          {urls ? "Replace the callback secret" : "Make a callback secret"}
        </SubmitButton>
      </Form>
    </SettingsPage>
  );
}

function CallbackUrls({ urls }: { urls: { ussd: string; sms: string } }) {
  return (
    <dl className="mt-2 grid gap-1">
      <dt className="font-semibold">USSD callback (Hubtel: the service interaction URL)</dt>
      <dd className="font-mono break-all">{urls.ussd}</dd>
      <dt className="font-semibold">Incoming messages callback</dt>
      <dd className="font-mono break-all">{urls.sms}</dd>
    </dl>
  );
}

export function meta() {
  return [{ title: `USSD & SMS Settings | Admin | ${SCHOOL_NAME}` }];
}

/** One of the phone channel's recent logs: a titled table, a column per field. */
function RecentLog<K extends string>({
  id,
  title,
  columns,
  rows,
  emptyText,
}: {
  id: string;
  title: string;
  columns: Record<K, string>;
  rows: Array<{ id: string } & Record<NoInfer<K>, string | number>>;
  emptyText: string;
}) {
  const keys = Object.keys(columns) as K[];
  return (
    <Section id={id} title={title} headingClassName="mb-3 text-lg font-semibold text-gray-900">
      <DataTable label={title} headers={keys.map((k) => columns[k])} rows={rows} emptyText={emptyText}>
        {(row) => (
          <>
            {keys.map((k) => (
              <td key={k} className="p-3">
                {row[k]}
              </td>
            ))}
          </>
        )}
      </DataTable>
    </Section>
  );
}
