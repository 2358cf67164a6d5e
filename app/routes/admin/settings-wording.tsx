import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { useEffect, useState } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/settings-wording";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { WordingSchema } from "#app/forms/wording.schema.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { WORDING, WORDING_KEYS, measureWording, ussdLimit, type WordingKey } from "#app/domain/wording.ts";
import { getSchoolWording, saveSchoolWording } from "#app/models/wording.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { FormErrors, SubmitButton, TextareaField, type AnyField } from "#app/components/form/fields.tsx";
import { SettingsPage } from "#app/routes/admin/+shared/settings-nav.tsx";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

const PATH = "/admin/settings/wording";

/** Every SMS and USSD text, with the school's own English and Twi where it wrote them. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const school = await getSchoolWording();
  return {
    items: WORDING_KEYS.map((key) => ({ key, en: school[key]?.en ?? "", tw: school[key]?.tw ?? "" })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: WordingSchema });
  if (submission.status !== "success")
    return data({ key: String(formData.get("key") ?? ""), result: submission.reply() }, { status: 400 });
  const key = submission.value.key as WordingKey;
  await saveSchoolWording(key, { en: submission.value.en ?? null, tw: submission.value.tw ?? null }, user._id);
  await audit("settings.wording", user._id, null, { key });
  return redirectWithToast(`${PATH}#wording-${key}`, {
    type: "success",
    title: "Wording saved",
    description: `${WORDING[key].channel === "sms" ? "SMS" : "USSD"}: ${WORDING[key].label}.`,
  });
}

export default function WordingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const sms = loaderData.items.filter((i) => WORDING[i.key].channel === "sms");
  const ussd = loaderData.items.filter((i) => WORDING[i.key].channel === "ussd");
  const lastFor = (key: string) => (actionData?.key === key ? actionData.result : undefined);
  return (
    <SettingsPage title="Message Wording Settings">
      <p className="text-sm text-gray-700">
        Every SMS and USSD screen the portal sends, in the school's words. Leave a box blank to keep the portal's
        English; a parent who chose Twi gets the Twi text where one is written here, English otherwise. Placeholders in
        braces, such as {"{ward}"}, are filled in for each parent; the ones a text needs must stay. USSD screens go out
        in the 7-bit alphabet every phone shows (ɛ becomes e, ɔ becomes o); an SMS with Twi letters costs more parts.
        Sent messages are under Messages, not here.
      </p>
      <h3 className="text-base font-semibold text-gray-900">SMS</h3>
      {sms.map((item) => (
        <WordingForm key={item.key} item={item} lastResult={lastFor(item.key)} />
      ))}
      <h3 className="text-base font-semibold text-gray-900">USSD screens</h3>
      {ussd.map((item) => (
        <WordingForm key={item.key} item={item} lastResult={lastFor(item.key)} />
      ))}
    </SettingsPage>
  );
}

type Item = { key: WordingKey; en: string; tw: string };

function WordingForm({ item, lastResult }: { item: Item; lastResult?: SubmissionResult<string[]> }) {
  const entry = WORDING[item.key];
  const [form, fields] = useSchemaForm(`wording-${item.key}`, WordingSchema, lastResult, {
    key: item.key,
    en: item.en,
    tw: item.tw,
  });
  const f = fields as unknown as Record<string, AnyField>;
  const placeholders = entry.placeholders.map((p) => `{${p}}`).join(" ") || "none";
  const required = entry.required.map((p) => `{${p}}`).join(" ") || "none";
  return (
    // Saved, the page comes back to this text (its form's id, `wording-<key>`, is the address's fragment).
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-lg border border-gray-200 p-4"
      aria-labelledby={`${item.key}-title`}
    >
      <h4 id={`${item.key}-title`} className="font-semibold text-gray-900">
        {entry.channel === "sms" ? "SMS" : "USSD"}: {entry.label}
      </h4>
      <p className="text-sm text-gray-700">{entry.hint}</p>
      <p className="text-sm text-gray-700">
        Placeholders: {placeholders}. Must keep: {required}.
      </p>
      <div>
        <p className="text-sm font-medium text-gray-900">The portal's English</p>
        <p className="mt-1 rounded bg-gray-100 p-2 font-mono text-sm break-words whitespace-pre-wrap text-gray-900">
          {entry.english}
        </p>
        <Meter itemKey={item.key} text={entry.english} />
      </div>
      <FormErrors form={form} />
      <input type="hidden" name="key" value={item.key} />
      <TextareaField field={f.en} label="The school's English (blank: the portal's)" rows={2} />
      <Meter itemKey={item.key} text={item.en} watch={f.en.id} />
      <TextareaField field={f.tw} label="Twi (blank: English)" rows={2} />
      <Meter itemKey={item.key} text={item.tw} watch={f.tw.id} />
      <SubmitButton variant="secondary" pendingLabel="Saving...">
        Save {entry.label}
      </SubmitButton>
    </Form>
  );
}

/**
 * A text's size with the longest names and amounts: characters, alphabet and SMS parts; with JavaScript it follows the
 * box as the admin types (the server checks again on save).
 */
function Meter({ itemKey, text, watch }: { itemKey: WordingKey; text: string; watch?: string }) {
  const [value, setValue] = useState(text);
  useEffect(() => {
    if (!watch) return;
    const box = document.getElementById(watch) as HTMLTextAreaElement | null;
    if (!box) return;
    const update = () => setValue(box.value);
    box.addEventListener("input", update);
    return () => box.removeEventListener("input", update);
  }, [watch]);
  if (!value.trim()) return null;
  const m = measureWording(itemKey, value);
  const ussd = WORDING[itemKey].channel === "ussd";
  return (
    <p className="text-xs text-gray-700" aria-live={watch ? "polite" : undefined}>
      {ussd
        ? `${m.units} of ${ussdLimit(itemKey)} characters, 7-bit`
        : `${m.units} characters, ${m.alphabet}, ${m.parts} SMS part${m.parts === 1 ? "" : "s"}`}{" "}
      with the longest names and amounts.
    </p>
  );
}

export function meta() {
  return [{ title: `Message Wording Settings | Admin | ${SCHOOL_NAME}` }];
}
