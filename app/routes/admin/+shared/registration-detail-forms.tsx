/** The registration page's forms: linked accounts, corrections, withdrawal (payments: registration-payment-forms.tsx). */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { useSchemaForm } from "#app/components/form/use-schema-form.ts";

import { Form } from "react-router";
import { PROGRAMME_LABELS, PROGRAMMES, WARD_FORM_LABELS, WARD_FORMS, subjectsFor } from "#app/domain/programmes.ts";
import {
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  ErrorList,
  type AnyField,
  ChoiceGroup,
} from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { LinkedAccount } from "#app/models/registration-admin.server.ts";
import { AdminLinkAccountSchema } from "#app/forms/link-registration.schema.ts";
import { Section } from "#app/components/ui/section.tsx";
import { EDITABLE_FIELD_LABELS } from "#app/domain/audit-wording.ts";

/** The white card each part of the page sits on. */
export const PANEL = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm";

/** Which form an action's answer belongs to, and its result. */
export type ActionReply = { form: string; result: SubmissionResult<string[]> };

export function LinkedAccounts({
  linked,
  lastResult,
}: {
  linked: {
    role: "parent" | "student";
    account: Pick<NonNullable<LinkedAccount>, "fullName" | "phone" | "how"> | null;
  }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm("link-account", AdminLinkAccountSchema, lastResult);
  return (
    <Section id="linked-heading" title="Linked accounts" className={PANEL}>
      <p className="mt-1 text-sm text-gray-700">
        A parent or student account sees this registration once it is linked: by the claim code on the confirmation
        page, or here, after you have checked who is asking (for example on a call to the number on the registration).
      </p>
      <dl className="mt-3">
        {linked.map(({ role, account }) => (
          <div key={role} className="flex flex-wrap items-center gap-3 border-b border-gray-100 py-2">
            <dt className="w-40 text-sm font-medium text-gray-700">
              {role === "parent" ? "Parent account" : "Student account"}
            </dt>
            <dd className="flex flex-1 flex-wrap items-center gap-3 text-gray-900">
              {account ? (
                <>
                  <span>
                    {account.fullName} · {account.phone}
                  </span>
                  {account.how !== "linked" ? (
                    <span className="text-sm text-gray-700">
                      {account.how === "submitted"
                        ? "(submitted this registration)"
                        : "(its confirmed phone is the registration's number)"}
                    </span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="unlink-account" />
                      <input type="hidden" name="role" value={role} />
                      <Button
                        type="submit"
                        variant="secondary"
                        aria-label={`Unlink the ${role} account of ${account.fullName}`}
                      >
                        Unlink
                      </Button>
                    </Form>
                  )}
                </>
              ) : (
                "Not linked"
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl space-y-4">
        <input type="hidden" name="intent" value="link-account" />
        <FormErrors form={form} />
        <TextField
          field={fields.account}
          label="Account phone number or email"
          hint="A parent account is linked as the parent, a student account as the student; a link already there is replaced."
          inputProps={{ maxLength: 254, autoComplete: "off" }}
        />
        <SubmitButton pendingLabel="Linking...">Link account</SubmitButton>
      </Form>
    </Section>
  );
}

export function EditForm({
  values,
  lastResult,
}: {
  values: Record<string, string | string[]>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = usePortalForm("edit-registration", { lastResult, defaultValue: values });
  const f = fields as unknown as Record<string, AnyField>;
  const L = EDITABLE_FIELD_LABELS;
  // The subjects listed are the programme's last sent to the server ("Show subjects", or a failed save), else the
  // stored one's.
  const shown = lastResult?.initialValue?.programme ?? values.programme;
  const programme = typeof shown === "string" ? shown : "";
  const subjectOptions = subjectsFor(programme).map((s) => ({ value: s, label: s }));
  return (
    <Section id="edit-heading" title="Correct the details" className={PANEL}>
      <p className="mt-1 text-sm text-gray-700">
        Checked like a new registration, duplicates included. Every change is recorded in the audit trail. A change of
        subjects alone does not change the amount due; another programme sets it to that programme's fee. After choosing
        another programme, press Show subjects to list its subjects.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="edit" />
        <div className="sm:col-span-2">
          <FormErrors form={form} />
        </div>
        <TextField field={f.parentName} label={L.parentName} required inputProps={{ maxLength: 100 }} />
        <TextField
          field={f.whatsappNumber}
          label={L.whatsappNumber}
          type="tel"
          required
          inputProps={{ maxLength: 30 }}
        />
        <TextField
          field={f.alternativeNumber}
          label={L.alternativeNumber}
          type="tel"
          required={false}
          inputProps={{ maxLength: 30 }}
        />
        <TextField field={f.wardName} label={L.wardName} required inputProps={{ maxLength: 100 }} />
        <TextField field={f.wardWhatsapp} label={L.wardWhatsapp} type="tel" required inputProps={{ maxLength: 30 }} />
        <TextField field={f.currentSchool} label={L.currentSchool} required inputProps={{ maxLength: 150 }} />
        <SelectField
          field={f.wardForm}
          label={L.wardForm}
          required
          options={WARD_FORMS.map((w) => ({ value: w, label: WARD_FORM_LABELS[w] }))}
          placeholder={null}
        />
        <TextField field={f.specificClass} label={L.specificClass} required inputProps={{ maxLength: 20 }} />
        <div className="sm:col-span-2">
          <SelectField
            field={f.programme}
            label={L.programme}
            required
            options={PROGRAMMES.map((p) => ({ value: p, label: PROGRAMME_LABELS[p] }))}
            placeholder={null}
            hint="Another programme takes its own subjects and sets the amount due to its fee."
          />
          <Button type="submit" name="show" value="subjects" variant="secondary" className="mt-2" formNoValidate>
            Show subjects
          </Button>
        </div>
        <ChoiceGroup
          key={programme}
          field={f.subjects}
          legend={L.subjects}
          type="checkbox"
          options={subjectOptions}
          columns={2}
          required
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">Save corrections</SubmitButton>
        </div>
      </Form>
    </Section>
  );
}

/**
 * Withdrawing a ward who left (ADR 0091): the registration stays, with its payments and receipts, and leaves rosters and
 * counts; one with confirmed payments cannot be deleted, so this is the way out for it.
 */
export function WithdrawForm({
  withdrawn,
  lastResult,
}: {
  withdrawn: { on: string; reason: string } | null;
  lastResult?: ActionReply["result"];
}) {
  const [form, fields] = usePortalForm("withdraw", { lastResult });
  const reason = fields.reason as AnyField;
  if (withdrawn)
    return (
      <Form method="post" className="mt-2 space-y-3">
        <p className="text-sm text-gray-800">
          Withdrawn on {withdrawn.on}: {withdrawn.reason}. Left out of class lists and counts; payments and receipts are
          kept.
        </p>
        <input type="hidden" name="intent" value="reinstate" />
        <Button type="submit" variant="secondary">
          Enrol again
        </Button>
      </Form>
    );
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="withdraw" />
      <div className="flex min-w-64 flex-col gap-1">
        <label htmlFor={reason.id} className="text-sm font-medium text-gray-900">
          Reason for withdrawing
        </label>
        <input
          {...getInputProps(reason, { type: "text", ariaAttributes: true })}
          maxLength={300}
          className="rounded-md border border-gray-400 px-3 py-2 text-base"
          aria-describedby={reason.errors?.length ? reason.errorId : undefined}
        />
        <ErrorList id={reason.errorId} errors={reason.errors} />
      </div>
      <Button type="submit" variant="danger">
        Withdraw
      </Button>
    </Form>
  );
}
