import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/registration";
import { enrolmentReply, RegistrationForm } from "#app/components/registration-form.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { confirmationPath } from "#app/domain/registration.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { REGISTRATION_CLOSED_MESSAGE, REGISTRATION_CLOSED_TITLE } from "#app/forms/registration.fields.ts";
import { getOptionalUser } from "#app/utils/auth.server.ts";
import { processRegistrationOnce, refusedRegistration } from "#app/routes/public/+shared/enrolment-form.server.ts";
import { registrationConstraint } from "#app/forms/constraints.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { SupportPhones, SupportHours } from "#app/components/support-phones.tsx";
import { publicPageHeaders } from "#app/utils/http-cache.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { rememberSubmission } from "#app/utils/claim-code.server.ts";
import { enrolmentOpening, vacationChoices } from "#app/services/content/vacations.server.ts";

// The same for every anonymous visitor: cacheable (app/utils/http-cache.server.ts).
export const headers = publicPageHeaders;
/** Reads no query parameter: one cached page whatever the address adds (server/tuning/page-cache.ts). */
export const handle = { rules: { access: "public", pageCache: { params: {} } } } satisfies RouteHandle;
import { keepPageAfterNetworkFailure, submitOverFlakyLink } from "#app/utils/network-submit.ts";
import { Section } from "#app/components/ui/section.tsx";

export async function loader() {
  const opening = await enrolmentOpening();
  // No idempotency key in the HTML: this page is the same for every anonymous visitor (it may come from the page
  // cache), so the browser makes the key (app/components/form/form-draft.tsx). Without JavaScript there is no
  // automatic resend, and a form without a key is processed as before.
  return { open: opening.open, vacations: vacationChoices(opening.vacations), constraint: registrationConstraint };
}

export async function action({ request, context }: Route.ActionArgs) {
  const info = await getOptionalUser(request);
  // The root middleware has refused a body that is not a readable form (app/utils/form-body.server.ts).
  const formData = await request.formData();
  const outcome = await processRegistrationOnce(formData, {
    adminRegistration: false,
    userId: info?.user._id ?? null,
    address: context.get(clientAddressContext),
  });
  if (outcome.status === "ok") {
    return redirectWithToast(
      confirmationPath(outcome.reference),
      {
        type: "success",
        title: "Registration Successful!",
        description: "Your ward is enrolled. Join the WhatsApp class pages listed below.",
      },
      { headers: { "Set-Cookie": await rememberSubmission(request, outcome.reference) } },
    );
  }
  return refusedRegistration(outcome);
}

/** With JavaScript: a submission lost to the network keeps the page (app/utils/network-submit.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOverFlakyLink(serverAction);

export const shouldRevalidate = keepPageAfterNetworkFailure;

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-gray-900">Enrol your ward</h1>
      {loaderData.open ? (
        <>
          <p className="mt-2 text-gray-700">
            Fill in this form to register your ward for our online vacation classes. Fields marked{" "}
            <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required. It takes about five minutes.
          </p>
          <div className="mt-6">
            <RegistrationForm
              {...enrolmentReply(actionData)}
              constraint={loaderData.constraint}
              vacations={loaderData.vacations}
              submitLabel="Submit Registration"
              pendingLabel="Submitting..."
            />
          </div>
        </>
      ) : (
        <Section
          id="closed-title"
          title={REGISTRATION_CLOSED_TITLE}
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
          headingClassName="text-xl font-semibold"
        >
          <p className="mt-2">{REGISTRATION_CLOSED_MESSAGE}</p>
          <p className="mt-2">
            Call <SupportPhones linkClassName="font-semibold underline" /> (<SupportHours />
            ).
          </p>
          {actionData && "result" in actionData && actionData.result?.error?.[""]?.length ? (
            <p role="alert" className="mt-2 font-semibold">
              {actionData.result.error[""]![0]}
            </p>
          ) : null}
          <Link to="/" className={buttonClass("secondary", "mt-4")}>
            Back to the home page
          </Link>
        </Section>
      )}
    </main>
  );
}

export function meta() {
  return [
    { title: `Enrol Now | ${SCHOOL_NAME}` },
    {
      name: "description",
      content: "Register your ward for online vacation classes for Forms 1 to 3: choose a programme and subjects.",
    },
    { property: "og:title", content: `Enrol Now | ${SCHOOL_NAME}` },
    {
      property: "og:description",
      content: "Register your ward for online vacation classes for Forms 1 to 3 on WhatsApp class pages.",
    },
    { property: "og:type", content: "website" },
  ];
}
