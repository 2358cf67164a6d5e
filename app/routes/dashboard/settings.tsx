import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Link } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { NewPasswordFields } from "#app/components/form/new-password-fields.tsx";
import type { Route } from "./+types/settings";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { requireUser } from "#app/utils/auth.server.ts";
import { changePassword } from "#app/services/people/own-account.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import {
  changePasswordSchema,
  PASSWORD_CHANGED,
  PHONE_PREFERENCES_SAVED,
  PhonePreferencesSchema,
} from "#app/forms/profile.schema.ts";
import { CheckboxField, SelectField, SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { getPhonePreference, setPhoneChoices, setPhoneLanguage } from "#app/models/phone-preference.server.ts";
import { messageChoices, type MessageChoices } from "#app/domain/message-choices.ts";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getPasswordPolicy } from "#app/models/settings.server.ts";
import { getSchoolWording } from "#app/models/wording.server.ts";
import { twiCoverage } from "#app/domain/wording.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

const HIDE = ["currentPassword", "newPassword", "confirmPassword"];

/** Own account settings: change the password (the signed-in account, even while viewing as someone). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, impersonating } = await requireUser(request);
  const [policy, preference, wording] = await Promise.all([
    getPasswordPolicy(),
    user.phone && user.phoneVerifiedAt ? getPhonePreference(user.phone) : null,
    getSchoolWording(),
  ]);
  return {
    impersonating,
    policy,
    // Only a number the account proved (a code by SMS) is its to speak for: a typed one could be anyone's.
    phone: !user.phone
      ? null
      : user.phoneVerifiedAt
        ? {
            verified: true as const,
            language: preference?.language ?? "en",
            choices: messageChoices(preference),
            // What choosing Twi brings: only what the school has written in Twi.
            twi: twiCoverage(wording),
          }
        : { verified: false as const, canConfirm: user.role === "parent" || user.role === "student" },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, sessionId } = await requireUser(request);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "phone-preferences":
      return savePhonePreferences(formData, user);
    // The password form's own submit.
    case null:
      return changePasswordFrom(formData, user, sessionId);
    default:
      return unknownIntent();
  }
}

/**
 * The account's number: its language for SMS and USSD, and which of announcements, weekly summaries and reports come
 * (codes and receipts always do). The same choices as the keywords TWI, ENGLISH, STOP and START from that phone.
 */
async function savePhonePreferences(
  formData: FormData,
  user: { _id: string; phone?: string | null; phoneVerifiedAt?: Date | null },
) {
  const submission = parseWithZod(formData, { schema: PhonePreferencesSchema });
  if (submission.status !== "success") return data({ phoneResult: submission.reply() }, { status: 400 });
  if (!user.phone || !user.phoneVerifiedAt)
    return data({ phoneResult: submission.reply({ formErrors: [PHONE_NOT_CONFIRMED] }) }, { status: 403 });
  await setPhoneLanguage(user.phone, submission.value.language);
  const { announcements, summaries, reports } = submission.value;
  await setPhoneChoices(user.phone, { announcements, summaries, reports });
  return redirectWithToast("/settings", { type: "success", title: PHONE_PREFERENCES_SAVED });
}

async function changePasswordFrom(formData: FormData, user: { _id: string; phone: string }, sessionId: string) {
  // The school's password rule (admin settings) applies to a changed password as to a new account's.
  const schema = changePasswordSchema(await getPasswordPolicy());
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const changed = await changePassword(user, sessionId, submission.value);
  if (!changed.ok) return replyToRefusal(submission, changed, { hideFields: HIDE });
  return redirectWithToast("/settings", {
    type: "success",
    title: PASSWORD_CHANGED,
    description: "Your other sessions have been signed out.",
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(
    "change-password",
    changePasswordSchema(loaderData.policy),
    actionData && "result" in actionData ? actionData.result : undefined,
  );
  return (
    <DashboardPage title="Settings" description="Your account settings.">
      {loaderData.impersonating ? (
        <p className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-gray-900">
          You are viewing the portal as someone else. This page changes your own admin password.
        </p>
      ) : null}
      <Card title="Change password" className="max-w-xl">
        <p className="mb-4 text-sm text-gray-700">Changing your password signs you out on every other device.</p>
        <SchemaForm form={form} className="space-y-4">
          <TextField
            field={fields.currentPassword}
            label="Current password"
            type="password"
            inputProps={{ autoComplete: "current-password" }}
          />
          <NewPasswordFields
            password={fields.newPassword}
            confirmPassword={fields.confirmPassword}
            policy={loaderData.policy}
          />
          <SubmitButton pendingLabel="Changing...">Change password</SubmitButton>
        </SchemaForm>
      </Card>
      {loaderData.phone?.verified ? (
        <PhoneChoices
          defaults={loaderData.phone}
          lastResult={actionData && "phoneResult" in actionData ? actionData.phoneResult : undefined}
        />
      ) : loaderData.phone ? (
        <Card title="Messages to your phone" className="mt-6 max-w-xl">
          <p className="text-sm text-gray-700">
            {PHONE_NOT_CONFIRMED}{" "}
            {loaderData.phone.canConfirm ? (
              <Link to="/link-registration" className="font-semibold text-brand-700 underline">
                Confirm your phone
              </Link>
            ) : null}
          </p>
        </Card>
      ) : null}
    </DashboardPage>
  );
}

function PhoneChoices({
  defaults,
  lastResult,
}: {
  defaults: { language: string; choices: MessageChoices; twi: ReturnType<typeof twiCoverage> };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm("phone-preferences", PhonePreferencesSchema, lastResult, {
    language: defaults.language,
    announcements: defaults.choices.announcements ? "on" : undefined,
    summaries: defaults.choices.summaries ? "on" : undefined,
    reports: defaults.choices.reports ? "on" : undefined,
  });
  return (
    <Card title="Messages to your phone" className="mt-6 max-w-xl">
      <SchemaForm form={form} className="space-y-4">
        <input type="hidden" name="intent" value="phone-preferences" />
        <SelectField
          field={fields.language}
          label="Language of SMS and USSD"
          options={LANGUAGE_OPTIONS}
          placeholder={null}
          hint={`The school's messages and the USSD menu, where the school has written them in Twi; English otherwise. In Twi now: ${defaults.twi.ussd.twi} of ${defaults.twi.ussd.all} USSD screens and ${defaults.twi.sms.twi} of ${defaults.twi.sms.all} SMS. This page stays in English.`}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-900">By SMS</legend>
          <p className="text-sm text-gray-700">
            Codes and payment receipts always come. STOP to the school&apos;s number stops all three, START brings them
            back.
          </p>
          <CheckboxField
            field={fields.announcements}
            label="Announcements and reminders"
            hint="The school's news, evaluation reminders, a new vacation, a cancelled lesson."
          />
          <CheckboxField
            field={fields.summaries}
            label="Weekly progress summaries"
            hint="On Fridays while lessons run: attendance, work missing and marks."
          />
          <CheckboxField
            field={fields.reports}
            label="End-of-vacation reports"
            hint="A link to each ward's report when the vacation ends."
          />
        </fieldset>
        <SubmitButton variant="secondary" pendingLabel="Saving...">
          Save message choices
        </SubmitButton>
      </SchemaForm>
    </Card>
  );
}

const PHONE_NOT_CONFIRMED =
  "Confirm your phone number with a code first: the language and announcements of a number are chosen only from that number or an account that proved it.";

const LANGUAGE_OPTIONS = [
  { value: "en", label: "English" },
  { value: "tw", label: "Twi" },
];

export function meta() {
  return [{ title: `Settings | ${SCHOOL_NAME}` }];
}
