import type { RouteHandle } from "#app/utils/route-rules.ts";

import { useSchemaForm } from "#app/components/form/use-schema-form.ts";
import { formatPhone } from "#app/domain/phone.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { requireUser } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { updateProfile } from "#app/services/people/own-account.server.ts";
import { PROFILE_UPDATED, ProfileSchema } from "#app/forms/profile.schema.ts";
import { SubmitButton, TextField, SchemaForm } from "#app/components/form/fields.tsx";
import { Card, DashboardPage } from "#app/components/dashboard/page.tsx";
import { RoleBadge } from "#app/components/dashboard/parts.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/**
 * Own profile (docs/product.md#messages 'Profile updated successfully'). Always the signed-in
 * account: an admin viewing as someone edits their own profile, never the other user's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, impersonating } = await requireUser(request);
  return {
    profile: {
      fullName: user.fullName,
      displayName: user.displayName ?? "",
      email: user.email ?? "",
      phone: user.phone,
      role: user.role,
    },
    impersonating,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await updateProfile(user._id, submission.value);
  return redirectWithToast("/profile", { type: "success", title: PROFILE_UPDATED });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, impersonating } = loaderData;
  const [form, fields] = useSchemaForm("profile", ProfileSchema, actionData?.result, {
    fullName: profile.fullName,
    displayName: profile.displayName,
    email: profile.email,
  });
  return (
    <DashboardPage title="Profile" description="Your name and contact details.">
      {impersonating ? (
        <p className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-gray-900">
          You are viewing the portal as someone else. This page shows and changes your own admin profile.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Account" className="lg:col-span-1">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="font-medium text-gray-700">Phone number (sign-in)</dt>
              <dd className="text-gray-900">{formatPhone(profile.phone)}</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-700">Role</dt>
              <dd>
                <RoleBadge role={profile.role} />
              </dd>
            </div>
          </dl>
        </Card>
        <Card title="Edit profile" className="lg:col-span-2">
          <SchemaForm form={form} className="space-y-4">
            <TextField field={fields.fullName} label="Full name" inputProps={{ autoComplete: "name" }} />
            <TextField
              field={fields.displayName}
              label="Display name (optional)"
              inputProps={{ autoComplete: "nickname" }}
            />
            <TextField
              field={fields.email}
              label="Email (optional)"
              type="email"
              inputProps={{ autoComplete: "email" }}
            />
            <SubmitButton pendingLabel="Saving...">Save profile</SubmitButton>
          </SchemaForm>
        </Card>
      </div>
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Profile | ${SCHOOL_NAME}` }];
}
