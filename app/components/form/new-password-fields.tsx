import { TextField, type AnyField } from "#app/components/form/fields.tsx";
import { passwordHint, type PasswordPolicy } from "#app/domain/password-policy.ts";

/** A new password and its confirmation, as every screen that sets one asks for them (the school's rules as a hint). */
export function NewPasswordFields({
  password,
  confirmPassword,
  policy,
  labels = { password: "New password", confirm: "Confirm new password" },
}: {
  password: AnyField;
  confirmPassword: AnyField;
  policy: PasswordPolicy;
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        field={password}
        label={labels.password}
        type="password"
        hint={passwordHint(policy)}
        inputProps={{ autoComplete: "new-password" }}
      />
      <TextField
        field={confirmPassword}
        label={labels.confirm}
        type="password"
        inputProps={{ autoComplete: "new-password" }}
      />
    </>
  );
}
