import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link, redirect } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { AuthFormPage } from "#app/components/auth/auth-form-page.tsx";
import { NewPasswordFields } from "#app/components/form/new-password-fields.tsx";
import type { Route } from "./+types/forgot-password-code";
import { CODE_ERRORS, resetWithCodeSchema } from "#app/forms/auth.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getPasswordPolicy } from "#app/models/settings.server.ts";
import { checkAuthPost } from "#app/utils/sign-in-limits.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { resetPasswordWithCode } from "#app/services/people/phone-codes.server.ts";
import { forgotPasswordCookie, forgottenPhone } from "#app/utils/forgot-password.server.ts";
import { passwordUpdatedRedirect } from "#app/services/people/password-recovery.server.ts";
import { SmsCodeField, SubmitButton } from "#app/components/form/fields.tsx";

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
  const [form, fields] = useSchemaForm(
    "forgot-password-code",
    resetWithCodeSchema(loaderData.policy),
    actionData?.result,
  );
  return (
    <AuthFormPage
      title="Enter the code"
      intro={`If ${loaderData.phone} has an account, an SMS with a 6-digit code is on its way. The code works for 10 minutes.`}
      form={form}
      after={
        <p className="mt-6 text-sm text-gray-700">
          No SMS after a few minutes?{" "}
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            Ask for a new code
          </Link>
        </p>
      }
    >
      <SmsCodeField field={fields.code} />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        policy={loaderData.policy}
      />
      <SubmitButton pendingLabel="Saving..." className="w-full">
        Set new password
      </SubmitButton>
    </AuthFormPage>
  );
}

export function meta() {
  return [{ title: `Enter the code | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
