import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/forgot-password-code";
import { CODE_ERRORS, resetWithCodeSchema } from "#app/forms/auth.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { passwordHint } from "#app/domain/password-policy.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getPasswordPolicy } from "#app/models/settings.server.ts";
import { checkAuthPost } from "#app/utils/sign-in-limits.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { resetPasswordWithCode } from "#app/services/phone-codes.server.ts";
import { forgotPasswordCookie, forgottenPhone } from "#app/utils/forgot-password.server.ts";
import { passwordUpdatedRedirect } from "#app/services/password-recovery.server.ts";
import { FormErrors, SmsCodeField, SubmitButton, TextField } from "#app/components/form/fields.tsx";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

const HIDE = ["password", "confirmPassword"];

/** "Forgot password", step 2: the code from the SMS and a new password, for the number of step 1 (its cookie). */
export async function loader({ request }: Route.LoaderArgs) {
  const phone = await forgottenPhone(request);
  if (!phone) throw redirect("/forgot-password");
  return { phone: formatPhone(phone), policy: await getPasswordPolicy() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const phone = await forgottenPhone(request);
  if (!phone) throw redirect("/forgot-password");
  const submission = parseWithZod(await request.formData(), { schema: resetWithCodeSchema(await getPasswordPolicy()) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const busy = await checkAuthPost(context.get(clientAddressContext));
  if (busy)
    return data(
      { result: submission.reply({ formErrors: [busy.message], hideFields: HIDE }) },
      { status: busy.status },
    );
  const outcome = await resetPasswordWithCode(phone, submission.value.code, submission.value.password);
  if (outcome.status !== "done") {
    const message = CODE_ERRORS[outcome.status];
    return data({ result: submission.reply({ fieldErrors: { code: [message] }, hideFields: HIDE }) }, { status: 400 });
  }
  const headers = new Headers({ "Set-Cookie": await forgotPasswordCookie.serialize("", { maxAge: 0 }) });
  return passwordUpdatedRedirect(outcome.role, { headers });
}

export default function ForgotPasswordCode({ loaderData, actionData }: Route.ComponentProps) {
  const schema = resetWithCodeSchema(loaderData.policy);
  const [form, fields] = useForm({
    id: "forgot-password-code",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Enter the code</h1>
      <p className="mt-2 text-gray-700">
        If {loaderData.phone} has an account, an SMS with a 6-digit code is on its way. The code works for 10 minutes.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <FormErrors form={form} />
        <SmsCodeField field={fields.code} />
        <TextField
          field={fields.password}
          label="New password"
          type="password"
          hint={passwordHint(loaderData.policy)}
          inputProps={{ autoComplete: "new-password" }}
        />
        <TextField
          field={fields.confirmPassword}
          label="Confirm new password"
          type="password"
          inputProps={{ autoComplete: "new-password" }}
        />
        <SubmitButton pendingLabel="Saving..." className="w-full">
          Set new password
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        No SMS after a few minutes?{" "}
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Ask for a new code
        </Link>
      </p>
    </main>
  );
}

export function meta() {
  return [{ title: `Enter the code | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
