import { formatTime } from "#app/domain/dates.ts";
import { liveCodeUntil } from "#app/models/one-time-code.server.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/link-registration";
import { requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { homePathForRole } from "#app/domain/roles.ts";
import { claimRegistration } from "#app/models/registration.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import {
  LINK_CLAIMED,
  LINK_NOT_FOUND,
  LINKED,
  LinkRegistrationSchema,
  PHONE_VERIFIED,
  SendPhoneCodeSchema,
  VerifyPhoneSchema,
} from "#app/forms/link-registration.schema.ts";
import { CODE_ERRORS } from "#app/forms/auth.schema.ts";
import { checkCodeRequest, linkAttempt } from "#app/utils/rate-limits.server.ts";
import { sendPhoneVerification, verifyPhone } from "#app/services/people/phone-verification.server.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { FormErrors, SmsCodeField, SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["parent", "student"] } } } satisfies RouteHandle;

/**
 * Proof of ownership (docs/decisions/0017-proof-of-ownership.md): a parent or student links a registration to
 * their account with its reference and the claim code printed on its confirmation page. A phone number alone
 * links nothing until it is verified.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const phoneVerified = Boolean(effectiveUser.phoneVerifiedAt);
  // A code sent earlier stays usable on this page while it is valid: back from the SMS app, the box is still there.
  const codeUntil = phoneVerified ? null : await liveCodeUntil("verify-phone", effectiveUser.phone);
  return {
    role: effectiveUser.role,
    phone: formatPhone(effectiveUser.phone),
    phoneVerified,
    codeUntil: codeUntil ? formatTime(codeUntil) : null,
  };
}

const IMPERSONATING = "Admins link registrations from the registrations list, not while viewing as someone.";

type Actor = { _id: string; role: string; fullName: string; phone: string };

export async function action({ request }: Route.ActionArgs) {
  const { effectiveUser, impersonating } = await requireRole(request, handle.rules.access.roles);
  const formData = await request.formData();
  switch (intentOf(formData)) {
    case "send-code":
      return sendCode(effectiveUser, formData, impersonating);
    case "verify-code":
      return verifyCode(effectiveUser, formData, impersonating);
    case "claim":
      return claimByReference(effectiveUser, formData, impersonating);
    default:
      return unknownIntent();
  }
}

/** "By your phone", step 1: a code to the account's own phone (limited per phone, like every code). */
async function sendCode(user: Actor, formData: FormData, impersonating: boolean) {
  const submission = parseWithZod(formData, { schema: SendPhoneCodeSchema });
  if (submission.status !== "success" || impersonating)
    return data({ phoneResult: submission.reply({ formErrors: [IMPERSONATING] }), codeSent: false }, { status: 403 });
  // The account's own request: not refused by codes strangers asked for its number.
  const busy = await checkCodeRequest(user.phone, `user:${user._id}`);
  if (busy)
    return data({ phoneResult: submission.reply({ formErrors: [busy.message] }), codeSent: false }, { status: 429 });
  await sendPhoneVerification(user.phone);
  return data({ phoneResult: null, codeSent: true });
}

/** "By your phone", step 2: the code confirms the account's phone. */
async function verifyCode(user: Actor, formData: FormData, impersonating: boolean) {
  const submission = parseWithZod(formData, { schema: VerifyPhoneSchema });
  if (submission.status !== "success")
    return data({ phoneResult: submission.reply(), codeSent: true }, { status: 400 });
  if (impersonating)
    return data({ phoneResult: submission.reply({ formErrors: [IMPERSONATING] }), codeSent: true }, { status: 403 });
  const check = await verifyPhone(user._id, user.phone, submission.value.code);
  if (check !== "right") {
    const message = CODE_ERRORS[check];
    return data(
      { phoneResult: submission.reply({ fieldErrors: { code: [message] } }), codeSent: true },
      { status: 400 },
    );
  }
  await audit("user.verify-phone", user._id, user._id, { phone: user.phone });
  return redirectWithToast(homePathForRole(user.role), { type: "success", title: PHONE_VERIFIED });
}

/** The reference and the claim code from the confirmation page. */
async function claimByReference(effectiveUser: Actor, formData: FormData, impersonating: boolean) {
  const submission = parseWithZod(formData, { schema: LinkRegistrationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (impersonating) return data({ result: submission.reply({ formErrors: [IMPERSONATING] }) }, { status: 403 });
  const attempt = await linkAttempt(String(effectiveUser._id), submission.value.reference);
  if (attempt.refused)
    return data({ result: submission.reply({ formErrors: [attempt.message] }) }, { status: attempt.status });
  const outcome = await claimRegistration(effectiveUser, submission.value.reference, submission.value.claimCode);
  // Only a wrong reference or code keeps its count.
  if (outcome.status !== "not-found") await attempt.succeeded();
  if (outcome.status === "not-found") {
    return data({ result: submission.reply({ formErrors: [LINK_NOT_FOUND] }) }, { status: 400 });
  }
  if (outcome.status === "claimed-by-another")
    return data({ result: submission.reply({ formErrors: [LINK_CLAIMED] }) }, { status: 409 });
  if (outcome.status === "linked") {
    await audit("registration.claim", String(effectiveUser._id), outcome.registrationId, {
      role: effectiveUser.role,
      userId: String(effectiveUser._id),
      name: effectiveUser.fullName,
    });
  }
  return redirectWithToast(homePathForRole(effectiveUser.role), { type: "success", title: LINKED });
}

export default function LinkRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(
    "link-registration",
    LinkRegistrationSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
  );
  return (
    <DashboardPage title="Link a registration" description="Show a ward's registration in your portal.">
      <Card title="Reference and claim code">
        <p className="mb-4 text-sm text-gray-700">
          Both are on the registration's confirmation page, shown after the form was submitted. Nobody can link a
          registration with a phone number alone.
        </p>
        <SchemaForm form={form} className="max-w-md space-y-4">
          <TextField
            field={fields.reference}
            label="Registration reference"
            hint="Capitals and spaces do not matter."
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "none", autoCorrect: "off" }}
          />
          <TextField
            field={fields.claimCode}
            label="Claim code"
            hint="8 letters and digits, e.g. K7QM-3XPA."
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters", autoCorrect: "off" }}
          />
          <input type="hidden" name="intent" value="claim" />
          <SubmitButton pendingLabel="Linking...">Link registration</SubmitButton>
        </SchemaForm>
      </Card>
      <ByYourPhone
        phone={loaderData.phone}
        role={loaderData.role}
        verified={loaderData.phoneVerified}
        codeSent={Boolean(loaderData.codeUntil || (actionData && "codeSent" in actionData && actionData.codeSent))}
        codeUntil={loaderData.codeUntil}
        lastResult={actionData && "phoneResult" in actionData ? actionData.phoneResult : undefined}
      />
    </DashboardPage>
  );
}

/** The other way in: confirm the account's phone with a code, and the registrations that give that number are yours. */
function ByYourPhone(props: {
  phone: string;
  role: string;
  verified: boolean;
  codeSent: boolean;
  codeUntil: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  // Checked in the browser: without it Conform posts the form to check the field when it is left, and that post,
  // sent as the button is pressed, took the place of the submission. Rechecked as the code is typed, so a wrong
  // code's message goes before the button is pressed (leaving the field would move the button under the pointer).
  const [form, fields] = useSchemaForm("verify-phone", VerifyPhoneSchema, props.lastResult);
  const whose = props.role === "parent" ? "the parent's" : "the ward's";
  return (
    <Card title="By your phone">
      {props.verified ? (
        <p className="text-sm text-gray-700">
          Your phone number {props.phone} is confirmed: every registration that gives it as {whose} WhatsApp number is
          in your portal.
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-gray-700">
            If {props.phone} is {whose} WhatsApp number on the registration, confirm it with a code we send to it by
            SMS: the registration then shows in your portal.
          </p>
          <FormErrors form={form} />
          {props.codeSent ? (
            <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4">
              <input type="hidden" name="intent" value="verify-code" />
              {props.codeUntil ? (
                <p className="text-sm text-gray-700">The code we sent works until {props.codeUntil}.</p>
              ) : null}
              <SmsCodeField field={fields.code} />
              <SubmitButton pendingLabel="Checking...">Confirm my phone</SubmitButton>
            </Form>
          ) : null}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="send-code" />
            <SubmitButton pendingLabel="Sending..." variant={props.codeSent ? "secondary" : "primary"}>
              {props.codeSent ? "Send a new code" : `Send a code to ${props.phone}`}
            </SubmitButton>
          </Form>
        </>
      )}
    </Card>
  );
}

export function meta() {
  return [{ title: `Link a registration | ${SCHOOL_NAME}` }];
}
