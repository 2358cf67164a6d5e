import type { RouteHandle } from "#app/utils/route-rules.ts";
import { createId } from "@paralleldrive/cuid2";
import { data, Link } from "react-router";
import type { Route } from "./+types/enrol-again";
import { requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { keepPageAfterNetworkFailure, submitOverFlakyLink } from "#app/utils/network-submit.ts";
import { confirmationPath } from "#app/domain/registration.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { enrolAgainOffers, formForVacation } from "#app/domain/vacations.ts";
import { WARD_FORM_LABELS, type WardForm } from "#app/domain/programmes.ts";
import { getOwnedRegistrations } from "#app/models/registration.server.ts";
import { registrationFormValues } from "#app/services/people/enrolment.server.ts";
import { processRegistrationOnce, refusedRegistration } from "#app/routes/public/+shared/enrolment-form.server.ts";
import { registrationConstraint } from "#app/forms/constraints.server.ts";
import { enrolmentOpening, vacationChoices } from "#app/services/content/vacations.server.ts";
import { enrolmentReply, RegistrationForm } from "#app/components/registration-form.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";

export const handle = { rules: { access: { roles: ["parent", "student"] } } } satisfies RouteHandle;

/**
 * "Enrol <ward> for <vacation>" (docs/product.md#vacations): the ward's last registration, owned by the signed-in
 * parent or student, as the enrolment form's answers, the form moved up at a new school year. Not found (404) when the
 * account does not own it or no vacation takes enrolments. A ward enrolled already still gets the form (it is what a
 * second tab shows after the first enrolled it): its submit is refused as a duplicate, by the form.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  const [owned, opening] = await Promise.all([getOwnedRegistrations(info.effectiveUser), enrolmentOpening()]);
  const last = owned.find((r) => String(r._id) === String(params.registrationId));
  // The vacation asked for (`?vacation=`), else the first taking enrolments that the ward is not in, else the first.
  const offers = enrolAgainOffers(owned, opening.vacations).filter((o) => o.registrationId === String(last?._id));
  const asked = url.searchParams.get("vacation");
  const vacation =
    opening.vacations.find((v) => v.name === asked) ??
    opening.vacations.find((v) => v.name === offers[0]?.vacation) ??
    opening.vacation;
  if (!last || !opening.open || !vacation) throw data("There is no enrolment to repeat here.", { status: 404 });
  const offer = offers.find((o) => o.vacation === vacation.name);
  const form = offer?.form ?? formForVacation(last.wardForm as WardForm, vacation);
  // A Form 3 ward at a new school year: there is no Form 4 to enrol in.
  if (!form) throw data("There is no enrolment to repeat here.", { status: 404 });
  return {
    vacations: vacationChoices([vacation]),
    offer: {
      wardName: last.wardName,
      vacation: vacation.name,
      registrationId: String(last._id),
      formLabel: WARD_FORM_LABELS[form],
      moved: form !== last.wardForm,
      enrolled: !offer,
    },
    values: { ...registrationFormValues(last), wardForm: form },
    constraint: registrationConstraint,
    idempotencyKey: createId(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The account must own the registration it starts from; the enrolment itself is checked as every other is (the
  // vacation taking enrolments, the duplicate rule), so a second submit is refused as a duplicate, by the field.
  const info = await requireRole(request, handle.rules.access.roles);
  const owned = await getOwnedRegistrations(info.effectiveUser);
  if (!owned.some((r) => String(r._id) === String(params.registrationId)))
    throw data("There is no enrolment to repeat here.", { status: 404 });
  const outcome = await processRegistrationOnce(await request.formData(), {
    adminRegistration: false,
    userId: String(info.effectiveUser._id),
    address: context.get(clientAddressContext),
  });
  if (outcome.status === "ok")
    return redirectWithToast(confirmationPath(outcome.reference), {
      type: "success",
      title: "Registration Successful!",
      description: "Your ward is enrolled for the new vacation. Join the WhatsApp class pages listed below.",
    });
  return refusedRegistration(outcome);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOverFlakyLink(serverAction);
export const shouldRevalidate = keepPageAfterNetworkFailure;

export default function EnrolAgain({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, values, constraint, idempotencyKey, vacations } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-gray-900">
        Enrol {offer.wardName} for {offer.vacation}
      </h1>
      <p className="mt-2 text-gray-700">
        The answers of the last enrolment are filled in
        {offer.moved ? `, with the form moved up to ${offer.formLabel}` : ""}. Change what has changed, then submit.
      </p>
      {offer.enrolled ? (
        <p role="note" className="mt-2 font-semibold text-gray-900">
          {offer.wardName} may be enrolled for {offer.vacation} already: see your portal.
        </p>
      ) : null}
      <div className="mt-6">
        <RegistrationForm
          {...enrolmentReply(actionData)}
          constraint={constraint}
          defaultValue={values}
          vacations={vacations}
          id={`enrol-again-${offer.registrationId}`}
          idempotencyKey={idempotencyKey}
          submitLabel="Submit Registration"
          pendingLabel="Submitting..."
        />
      </div>
      <Link to="/portal" className={buttonClass("ghost", "mt-4")}>
        Back to the portal
      </Link>
    </main>
  );
}

export function meta() {
  return [{ title: `Enrol again | ${SCHOOL_NAME}` }];
}
