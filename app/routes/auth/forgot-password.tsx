import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link, redirect } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { AuthFormPage } from "#app/components/auth/auth-form-page.tsx";
import type { Route } from "./+types/forgot-password";
import { ForgotPasswordSchema } from "#app/forms/auth.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { normalizePhone } from "#app/domain/phone.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { checkAuthPost } from "#app/utils/sign-in-limits.server.ts";
import { checkCodeRequest } from "#app/utils/rate-limits.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { sendPhoneCode } from "#app/services/people/phone-codes.server.ts";
import { trustedDeviceFor } from "#app/utils/trusted-device.server.ts";
import { forgotPasswordCookie } from "#app/utils/forgot-password.server.ts";
import { SubmitButton, TextField } from "#app/components/form/fields.tsx";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

/** "Forgot password", step 1 (docs/decisions/0078): the phone number; a code goes to it by SMS when it has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const phone = normalizePhone(submission.value.phone);
  // The number's own browser (a device cookie) is not held back by codes strangers asked for it.
  const device = await trustedDeviceFor(request, phone);
  const busy =
    (await checkAuthPost(context.get(clientAddressContext))) ??
    (await checkCodeRequest(phone, device ? `device:${device}` : null));
  if (busy) return data({ result: submission.reply({ formErrors: [busy.message] }) }, { status: busy.status });
  await sendPhoneCode("password-reset", phone);
  // The same answer whether or not the number has an account.
  return redirect("/forgot-password/code", {
    headers: { "Set-Cookie": await forgotPasswordCookie.serialize(phone) },
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("forgot-password", ForgotPasswordSchema, actionData?.result);
  return (
    <AuthFormPage
      title="Forgot password"
      intro="Enter the phone number you sign in with. If it has an account, we send a 6-digit code to it by SMS; with the code you choose a new password."
      form={form}
      after={
        <p className="mt-6 text-sm text-gray-700">
          No phone with you? The school office can give you a reset link.{" "}
          <Link to="/portal" className="font-medium text-brand-700 underline">
            Back to sign in
          </Link>
        </p>
      }
    >
      <TextField
        field={fields.phone}
        label="Phone number"
        type="tel"
        inputProps={{ autoComplete: "tel", inputMode: "tel", placeholder: "024 123 4567" }}
      />
      <SubmitButton pendingLabel="Sending..." className="w-full">
        Send code
      </SubmitButton>
    </AuthFormPage>
  );
}

export function meta() {
  return [{ title: `Forgot password | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
