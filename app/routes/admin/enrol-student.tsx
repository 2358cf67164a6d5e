import { readableReference } from "#app/domain/registration-reference.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { createId } from "@paralleldrive/cuid2";
import { data, Link } from "react-router";
import type { Route } from "./+types/enrol-student";
import { requireAdmin, requireUser } from "#app/utils/auth.server.ts";
import { processRegistrationOnce, refusedRegistration } from "#app/routes/public/+shared/enrolment-form.server.ts";
import { registrationConstraint } from "#app/forms/constraints.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { appOrigin } from "#app/utils/app-origin.server.ts";
import { enrolmentReply, RegistrationForm } from "#app/components/registration-form.tsx";
import {
  ADMIN_REGISTRATION_DENIED,
  ADMIN_REGISTRATION_SUCCESS_DESCRIPTION,
  ADMIN_REGISTRATION_SUCCESS_TITLE,
} from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { keepPageAfterNetworkFailure, submitOverFlakyLink } from "#app/utils/network-submit.ts";
import { confirmationPath, isReferenceShaped } from "#app/domain/registration.ts";
import { formatPhone, waMeNumber } from "#app/domain/phone.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { getRegistrationByReference } from "#app/models/registration.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { Section } from "#app/components/ui/section.tsx";
import { enrolmentChoices, vacationChoices } from "#app/services/content/vacations.server.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

/**
 * After a successful registration (?done=<reference>) the page shows what to
 * hand to the parent: the ward, the reference, the public confirmation link and
 * a wa.me link to the parent's WhatsApp number carrying it.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const idempotencyKey = createId();
  const constraint = registrationConstraint;
  const vacations = vacationChoices(await enrolmentChoices(true));
  const done = url.searchParams.get("done") ?? "";
  if (!isReferenceShaped(done)) return { done: null, idempotencyKey, constraint, vacations };
  const r = await getRegistrationByReference(done);
  if (!r) return { done: null, idempotencyKey, constraint, vacations };
  const confirmationUrl = `${appOrigin()}${confirmationPath(r.reference)}`;
  // The claim code goes to the parent through the admin who entered the registration, not to every admin.
  const claimCode = r.enteredById && String(r.enteredById) === String(user._id) ? (r.claimCode ?? null) : null;
  const message = `Hello ${r.parentName}, ${r.wardName} is registered for ${programmeLabel(r.programme)} at ${SCHOOL_NAME}. Reference: ${readableReference(r.reference)}. ${claimCode ? `Claim code (to see it in the parent portal; keep it private): ${claimCode}. ` : ""}Details: ${confirmationUrl}`;
  const wa = waMeNumber(r.whatsappNumber);
  return {
    idempotencyKey,
    constraint,
    vacations,
    done: {
      wardName: r.wardName,
      parentName: r.parentName,
      programme: programmeLabel(r.programme),
      reference: r.reference,
      claimCode,
      confirmationUrl,
      parentPhone: formatPhone(r.whatsappNumber),
      whatsappHref: wa ? `https://wa.me/${wa}?text=${encodeURIComponent(message)}` : null,
    },
  };
}

/**
 * docs/product.md#roles-and-permissions: registering on behalf of a parent is admin-only. A signed-in
 * non-admin posting here gets 403 'Access Denied: …' (not the guard's redirect),
 * then the admin guard applies the Registrations permission flag. The
 * registration is the parent's: recorded as entered by the admin (and audited),
 * not owned by the admin's account.
 */
export async function action({ request }: Route.ActionArgs) {
  const info = await requireUser(request);
  if (info.user.role !== "admin") {
    throw data({ title: "Access Denied", message: ADMIN_REGISTRATION_DENIED }, { status: 403 });
  }
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  // The root middleware has refused a body that is not a readable form (app/utils/form-body.server.ts).
  const formData = await request.formData();
  const outcome = await processRegistrationOnce(formData, {
    adminRegistration: true,
    userId: null,
    enteredById: user._id,
  });
  if (outcome.status === "ok") {
    await audit("registration.admin-create", user._id, outcome.id, { reference: outcome.reference });
    return redirectWithToast(`/admin/register-student?done=${outcome.reference}`, {
      type: "success",
      title: ADMIN_REGISTRATION_SUCCESS_TITLE,
      description: ADMIN_REGISTRATION_SUCCESS_DESCRIPTION,
    });
  }
  return refusedRegistration(outcome);
}

/** With JavaScript: a submission lost to the network keeps the page (app/utils/network-submit.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOverFlakyLink(serverAction);

export const shouldRevalidate = keepPageAfterNetworkFailure;

export default function RegisterStudent({ loaderData, actionData }: Route.ComponentProps) {
  const { done } = loaderData;
  return (
    <AdminPage title="Register Student" width="3xl">
      {done ? (
        <Section
          id="registered-heading"
          title={
            <>
              {done.wardName} is registered for {done.programme}
            </>
          }
          className="rounded-xl border-2 border-green-700 bg-green-50 p-5"
          headingClassName="text-lg font-semibold text-gray-900"
        >
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-gray-700">Reference</dt>
            <dd className="font-mono text-gray-900">{readableReference(done.reference)}</dd>
            {done.claimCode ? (
              <>
                <dt className="font-medium text-gray-700">Claim code (for the parent only)</dt>
                <dd className="font-mono text-gray-900">{done.claimCode}</dd>
              </>
            ) : null}
            <dt className="font-medium text-gray-700">Parent</dt>
            <dd className="text-gray-900">
              {done.parentName} ({done.parentPhone})
            </dd>
            <dt className="font-medium text-gray-700">Confirmation link</dt>
            <dd className="break-all text-gray-900">
              <a href={done.confirmationUrl} className="font-semibold text-brand-700 underline">
                {done.confirmationUrl}
              </a>
            </dd>
          </dl>
          <p className="mt-3 text-sm text-gray-800">
            Hand the parent the reference and the confirmation link: it lists the class pages to join.
          </p>
          {done.whatsappHref ? (
            <a
              href={done.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex min-h-11 items-center rounded-md bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800"
            >
              Send to the parent on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          <p className="mt-3">
            <Link to="/admin/register-student" className="text-sm font-semibold text-brand-700 underline">
              Register another student
            </Link>
          </p>
        </Section>
      ) : null}
      <p className="text-gray-700">
        Register a ward on behalf of a parent or guardian. Payment can be processed later.
      </p>
      <RegistrationForm
        id="admin-registration"
        {...enrolmentReply(actionData)}
        idempotencyKey={loaderData.idempotencyKey}
        constraint={loaderData.constraint}
        vacations={loaderData.vacations}
        submitLabel="Register Student (Admin)"
        pendingLabel="Submitting..."
      />
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Register Student | Admin | ${SCHOOL_NAME}` }];
}
