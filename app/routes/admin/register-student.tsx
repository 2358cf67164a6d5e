import { createId } from "@paralleldrive/cuid2";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/register-student";
import { requireAdmin, requireUser } from "#app/utils/auth.server.ts";
import { processRegistrationOnce } from "#app/utils/registration.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { RegistrationForm } from "#app/components/registration-form.tsx";
import {
  ADMIN_REGISTRATION_DENIED,
  ADMIN_REGISTRATION_SUCCESS_DESCRIPTION,
  ADMIN_REGISTRATION_SUCCESS_TITLE,
} from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { isNetworkFailed, submitOverFlakyLink } from "#app/utils/network-submit.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "can_access_registrations");
  return { idempotencyKey: createId() };
}

/**
 * Spec §6: registering on behalf of a parent is admin-only. A signed-in
 * non-admin posting here gets 403 'Access Denied: …' (not the guard's redirect),
 * then the admin guard applies the Registrations permission flag.
 */
export async function action({ request }: Route.ActionArgs) {
  const info = await requireUser(request);
  if (info.user.role !== "admin") {
    throw data({ title: "Access Denied", message: ADMIN_REGISTRATION_DENIED }, { status: 403 });
  }
  const { user } = await requireAdmin(request, "can_access_registrations");
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
  const outcome = await processRegistrationOnce(request, formData, { adminRegistration: true, userId: user._id });
  if (outcome.status === "ok") {
    return redirectWithToast("/admin/register-student", {
      type: "success",
      title: ADMIN_REGISTRATION_SUCCESS_TITLE,
      description: ADMIN_REGISTRATION_SUCCESS_DESCRIPTION,
    });
  }
  return data({ result: outcome.result, duplicateReference: outcome.duplicateReference ?? null }, { status: outcome.httpStatus });
}

/** With JavaScript: a submission lost to the network keeps the page (app/utils/network-submit.ts). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOverFlakyLink(serverAction);
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isNetworkFailed(actionResult) ? false : defaultShouldRevalidate;
}

export default function RegisterStudent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-gray-900">Register Student</h1>
      <p className="text-gray-700">
        Register a ward on behalf of a parent or guardian. Payment can be processed later.
      </p>
      <RegistrationForm
        id="admin-registration"
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        duplicateReference={actionData && "duplicateReference" in actionData ? actionData.duplicateReference : undefined}
        idempotencyKey={loaderData.idempotencyKey}
        networkFailure={actionData}
        submitLabel="Register Student (Admin)"
        pendingLabel="Submitting..."
      />
    </main>
  );
}

export function meta() {
  return [{ title: `Register Student | Admin | ${SCHOOL_NAME}` }];
}
