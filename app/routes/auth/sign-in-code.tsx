import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link, redirect } from "react-router";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { AuthFormPage } from "#app/components/auth/auth-form-page.tsx";
import type { Route } from "./+types/sign-in-code";
import { CODE_ERRORS, SignInCodeSchema } from "#app/forms/auth.schema.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { User } from "#app/models/user.server.ts";
import { checkAuthPost } from "#app/utils/sign-in-limits.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { checkCode, tellAdminOfLock } from "#app/services/people/phone-codes.server.ts";
import { secondFactorAttempt } from "#app/utils/rate-limits.server.ts";
import { secondFactorKey, signedIn } from "#app/routes/auth/+shared/sign-in.server.ts";
import { trustedDeviceFor } from "#app/utils/trusted-device.server.ts";
import { clearPendingSignInHeader, pendingSignIn } from "#app/utils/two-factor.server.ts";
import { SmsCodeField, SubmitButton } from "#app/components/form/fields.tsx";

export const handle = { rules: { access: "public", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

/** An admin's second step with two-factor on (docs/decisions/0078): the code sent to the admin's phone. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await pendingSignIn(request))) throw redirect("/portal?role=admin");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = await pendingSignIn(request);
  if (!pending) throw redirect("/portal?role=admin");
  const submission = parseWithZod(await request.formData(), { schema: SignInCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const busy = await checkAuthPost(context.get(clientAddressContext));
  if (busy) return data({ result: submission.reply({ formErrors: [busy.message] }) }, { status: busy.status });
  const admin = await User.findOne({ _id: pending.userId, role: "admin", disabledAt: null }).select("_id phone").lean<{
    _id: string;
    phone: string;
  }>();
  if (!admin)
    return data({ result: submission.reply({ fieldErrors: { code: [CODE_ERRORS.spent] } }) }, { status: 400 });
  // Wrong codes count against the account across codes (app/utils/rate-limits.server.ts).
  const attempt = await secondFactorAttempt(secondFactorKey(admin._id, await trustedDeviceFor(request, admin.phone)));
  if (attempt.refused) {
    if (attempt.justLocked) await tellAdminOfLock(admin._id, admin.phone);
    return data({ result: submission.reply({ formErrors: [attempt.message] }) }, { status: attempt.status });
  }
  const check = await checkCode("admin-sign-in", admin.phone, submission.value.code);
  // Only a wrong code counts: a right one, or none to check (expired, replaced), gives its count back.
  if (check !== "wrong") await attempt.succeeded();
  if (check !== "right") {
    const message = CODE_ERRORS[check === "wrong" ? "wrong" : "spent"];
    return data({ result: submission.reply({ fieldErrors: { code: [message] } }) }, { status: 400 });
  }
  return signedIn(request, { id: admin._id, phone: admin.phone }, pending.redirectTo, await clearPendingSignInHeader());
}

export default function SignInCode({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm("sign-in-code", SignInCodeSchema, actionData?.result);
  return (
    <AuthFormPage
      title="Enter your sign-in code"
      intro="Two-factor sign-in is on: we sent a 6-digit code by SMS to your phone. It works for 10 minutes."
      form={form}
      after={
        <p className="mt-6 text-sm text-gray-700">
          No SMS?{" "}
          <Link to="/portal?role=admin" className="font-medium text-brand-700 underline">
            Sign in again
          </Link>{" "}
          for a new code.
        </p>
      }
    >
      <SmsCodeField field={fields.code} />
      <SubmitButton pendingLabel="Checking..." className="w-full">
        Sign In
      </SubmitButton>
    </AuthFormPage>
  );
}

export function meta() {
  return [{ title: `Sign-in code | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex" }];
}
