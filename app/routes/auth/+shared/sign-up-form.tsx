import type { PasswordPolicy } from "#app/domain/password-policy.ts";
import { NewPasswordFields } from "#app/components/form/new-password-fields.tsx";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { Form } from "react-router";
import { useClientValidation, type FormConstraint } from "#app/components/form/use-client-validation.ts";
import { ROLE_LABELS, SELF_SIGNUP_ROLES, emailRequiredFor, type Role } from "#app/domain/roles.ts";
import { FormErrors, SelectField, SubmitButton, TextField } from "#app/components/form/fields.tsx";

type Result = SubmissionResult<string[]> | null | undefined;

type Props =
  /** /portal: the role comes from the chosen card; an email required of facilitators (emailRequiredFor). */
  | {
      screen: "portal";
      role: Exclude<Role, "admin">;
      lastResult: Result;
      passwordPolicy: PasswordPolicy;
      constraint: FormConstraint;
    }
  /** /auth: the person chooses the role; optional display name and email. */
  | {
      screen: "auth";
      role?: undefined;
      lastResult: Result;
      passwordPolicy: PasswordPolicy;
      constraint: FormConstraint;
    };

/**
 * The one sign-up form of /portal and /auth (their differences are the schema's, app/forms/auth.schema.ts).
 * `constraint`: from the route's loader, accountFormConstraints(screen).signUp (app/forms/constraints.server.ts).
 */
export function SignUpForm({ screen, role, lastResult, passwordPolicy, constraint }: Props) {
  const validate = useClientValidation(
    () => import("#app/forms/auth.schema.ts").then((m) => m.signUpSchema(screen, passwordPolicy)),
    `${screen}:${passwordPolicy.minLength}:${passwordPolicy.requirements}`,
  );
  const [form, fields] = usePortalForm(screen === "portal" ? `sign-up-${role}` : "auth-sign-up", {
    lastResult,
    constraint,
    validate,
    defaultValue: screen === "auth" ? { role: "student" } : undefined,
  });
  const phone = (
    <TextField
      field={fields.phone}
      label="Phone number"
      type="tel"
      inputProps={{ autoComplete: "tel", inputMode: "tel", placeholder: "024 123 4567" }}
    />
  );
  const fullName = <TextField field={fields.fullName} label="Full name" inputProps={{ autoComplete: "name" }} />;
  const emailRequired = screen === "portal" && emailRequiredFor(role);
  return (
    <Form
      method="post"
      action={screen === "auth" ? "/auth?tab=signup" : undefined}
      {...getFormProps(form)}
      className="space-y-4"
    >
      <h2 className="text-lg font-semibold">Sign Up</h2>
      <input type="hidden" name="intent" value="signup" />
      {screen === "portal" ? <input type="hidden" name="role" value={role} /> : null}
      <FormErrors form={form} unlinked={screen === "portal" ? ["role"] : []} />
      {screen === "portal" ? (
        <>
          {phone}
          {fullName}
        </>
      ) : (
        <>
          {fullName}
          <TextField
            field={fields.displayName}
            label="Display name (optional)"
            inputProps={{ autoComplete: "nickname" }}
          />
          {phone}
        </>
      )}
      <TextField
        field={fields.email}
        label={emailRequired ? "Email" : "Email (optional)"}
        type="email"
        required={emailRequired}
        inputProps={{ autoComplete: "email" }}
      />
      {screen === "auth" ? (
        <SelectField
          field={fields.role}
          label="I am a"
          placeholder={null}
          options={SELF_SIGNUP_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
      ) : null}
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        policy={passwordPolicy}
        labels={{ password: "Password", confirm: "Confirm password" }}
      />
      <SubmitButton pendingLabel="Creating account..." className="w-full">
        Sign Up
      </SubmitButton>
    </Form>
  );
}
