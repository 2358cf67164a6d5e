import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useState } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { useClientValidation, type FormConstraint } from "#app/components/form/use-client-validation.ts";
import { FormErrors, SubmitButton, TextField } from "#app/components/form/fields.tsx";

type Result = SubmissionResult<string[]> | null;

/** Phone + password; the show/hide toggle appears only with JavaScript. */
export function SignInForm({
  lastResult,
  redirectTo,
  action,
  constraint,
}: {
  lastResult?: Result;
  redirectTo?: string | null;
  action?: string;
  /** From the route's loader: accountFormConstraints(...).signIn (app/forms/constraints.server.ts). */
  constraint: FormConstraint;
}) {
  const validate = useClientValidation(() => import("#app/forms/auth.schema.ts").then((m) => m.SignInSchema));
  const [form, fields] = usePortalForm("sign-in", { lastResult, constraint, validate });
  const [show, setShow] = useState(false);
  const hydrated = useHydrated();
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormErrors form={form} />
      <TextField
        field={fields.phone}
        label="Phone number"
        type="tel"
        inputProps={{ autoComplete: "tel", inputMode: "tel", placeholder: "024 123 4567" }}
      />
      <div>
        <TextField
          field={fields.password}
          label="Password"
          type={show ? "text" : "password"}
          inputProps={{ autoComplete: "current-password" }}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShow((s) => !s)}
            aria-pressed={show}
            className="mt-1 text-sm font-medium text-brand-700 underline"
          >
            {show ? "Hide password" : "Show password"}
          </button>
        ) : null}
      </div>
      <SubmitButton pendingLabel="Signing in..." className="w-full">
        Sign In
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
    </Form>
  );
}
