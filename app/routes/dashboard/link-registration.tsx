import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { parseWithZod } from "#app/forms/parse.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/link-registration";
import { requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { homePathForRole } from "#app/domain/roles.ts";
import { claimRegistration } from "#app/models/registration.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { linkAttempt } from "#app/utils/rate-limits.server.ts";
import { LINK_CLAIMED, LINK_NOT_FOUND, LINKED, LinkRegistrationSchema } from "#app/forms/link-registration.schema.ts";
import { FormErrors, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

/**
 * Proof of ownership (docs/decisions/0017-proof-of-ownership.md): a parent or student links a registration to
 * their account with its reference and the claim code printed on its confirmation page. A phone number alone
 * links nothing until it is verified.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, ["parent", "student"]);
  return { role: effectiveUser.role };
}

export async function action({ request }: Route.ActionArgs) {
  const { effectiveUser, impersonating } = await requireRole(request, ["parent", "student"]);
  const submission = parseWithZod(await request.formData(), { schema: LinkRegistrationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (impersonating) {
    return data(
      {
        result: submission.reply({
          formErrors: ["Admins link registrations from the registrations list, not while viewing as someone."],
        }),
      },
      { status: 403 },
    );
  }
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

export default function LinkRegistration({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "link-registration",
    lastResult: actionData?.result,
    constraint: getZodConstraint(LinkRegistrationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkRegistrationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <DashboardPage title="Link a registration" description="Show a ward's registration in your portal.">
      <Card title="Reference and claim code">
        <p className="mb-4 text-sm text-gray-700">
          Both are on the registration's confirmation page, shown after the form was submitted. Nobody can link a
          registration with a phone number alone.
        </p>
        <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            field={fields.reference}
            label="Registration reference"
            inputProps={{ autoComplete: "off", spellCheck: false }}
          />
          <TextField
            field={fields.claimCode}
            label="Claim code"
            hint="8 letters and digits, e.g. K7QM-3XPA."
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
          />
          <SubmitButton pendingLabel="Linking...">Link registration</SubmitButton>
        </Form>
      </Card>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Link a registration | ${SCHOOL_NAME}` }];
}
