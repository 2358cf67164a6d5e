import type { RouteHandle } from "#app/utils/route-rules.ts";
import { getPasswordPolicy } from "#app/models/settings.server.ts";
import type { PasswordPolicy } from "#app/domain/password-policy.ts";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "#app/forms/parse.ts";
import { checkAuthPost } from "#app/utils/sign-in-limits.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { data, Link } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { AuthFormPage } from "#app/components/auth/auth-form-page.tsx";
import { NewPasswordFields } from "#app/components/form/new-password-fields.tsx";
import type { Route } from "./+types/reset-password";
import { RESET_LINK_HOURS, RESET_LINK_INVALID, resetPasswordSchema } from "#app/forms/auth.schema.ts";
import {
  findValidPasswordReset,
  passwordUpdatedRedirect,
  resetPasswordWithToken,
} from "#app/services/people/password-recovery.server.ts";
import { SubmitButton } from "#app/components/form/fields.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: "public", maintenance: "open", secretPath: true } } satisfies RouteHandle;

const HIDE = ["password", "confirmPassword"];
// The token is in the URL: keep it out of Referer headers and caches.
const PRIVATE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export async function loader({ params }: Route.LoaderArgs) {
  const reset = await findValidPasswordReset(String(params.token));
  const policy = await getPasswordPolicy();
  if (!reset)
    return data({ valid: false as const, firstName: null, policy }, { status: 404, headers: PRIVATE_HEADERS });
  return data(
    { valid: true as const, firstName: reset.user.fullName.split(" ")[0], policy },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: resetPasswordSchema(await getPasswordPolicy()) });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: HIDE }), invalid: false },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const busy = await checkAuthPost(context.get(clientAddressContext));
  if (busy) {
    return data(
      { result: submission.reply({ formErrors: [busy.message], hideFields: HIDE }), invalid: false },
      { status: busy.status, headers: PRIVATE_HEADERS },
    );
  }
  const user = await resetPasswordWithToken(String(params.token), submission.value.password);
  if (!user) return data({ result: undefined, invalid: true }, { status: 404, headers: PRIVATE_HEADERS });
  return passwordUpdatedRedirect(user.role);
}

export function headers() {
  return PRIVATE_HEADERS;
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold text-gray-900">{RESET_LINK_INVALID}</h1>
        <p className="mt-4 text-gray-700">
          Reset links work once and expire after {RESET_LINK_HOURS} hours. Ask the school for a new link, or sign in if
          you remember your password.
        </p>
        <Link to="/portal" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Go to sign in
        </Link>
      </main>
    );
  }
  return <ResetForm firstName={loaderData.firstName} policy={loaderData.policy} lastResult={actionData?.result} />;
}

function ResetForm({
  firstName,
  policy,
  lastResult,
}: {
  firstName: string;
  policy: PasswordPolicy;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm("reset-password", resetPasswordSchema(policy), lastResult);
  return (
    <AuthFormPage
      title="Set a new password"
      intro={`Hello ${firstName}, choose a new password for your account. You will then sign in with it.`}
      form={form}
    >
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} policy={policy} />
      <SubmitButton pendingLabel="Saving..." className="w-full">
        Set new password
      </SubmitButton>
    </AuthFormPage>
  );
}

export function meta() {
  return [{ title: `Reset password | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
