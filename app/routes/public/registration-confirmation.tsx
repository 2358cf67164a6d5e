import { readableReference } from "#app/domain/registration-reference.ts";
import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/registration-confirmation";
import { buttonClass } from "#app/components/ui/button.tsx";
import { programmeLabel, WARD_FORM_LABELS, type WardForm } from "#app/domain/programmes.ts";
import { CLAIM_CODE_SHOWN_MINUTES, isReferenceShaped, maskPhone } from "#app/domain/registration.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { classPageLinks, isUsableParentLink } from "#app/domain/whatsapp.ts";
import { REFERRAL_STATUS_OPTIONS, UPDATE_MODE_OPTIONS } from "#app/forms/registration.fields.ts";
import { getRegistrationByReference } from "#app/models/registration.server.ts";
import { mayReadClaimCode } from "#app/utils/claim-code.server.ts";
import { findParentGroupForProgramme, getGroupsForSubjects } from "#app/models/whatsapp-group.server.ts";
import { SupportPhones, SupportHours } from "#app/components/support-phones.tsx";
import { HowToPay, howToPayOf, publicFees } from "#app/components/fees-table.tsx";
import { formatCedis } from "#app/domain/money.ts";
import { getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { Section } from "#app/components/ui/section.tsx";
import { SCHOOL_TIME_ZONE } from "#app/domain/dates.ts";

export const handle = { rules: { access: "public", secretPath: true } } satisfies RouteHandle;

export async function loader({ params, request }: Route.LoaderArgs) {
  const reference = String(params.reference ?? "");
  if (!isReferenceShaped(reference)) throw data("Registration not found", { status: 404 });
  const registration = await getRegistrationByReference(reference);
  if (!registration) throw data("Registration not found", { status: 404 });
  const subjects = registration.subjects ?? [];
  const [groups, parentGroup, schedule, showClaimCode] = await Promise.all([
    getGroupsForSubjects(registration, "student"),
    registration.joinParentGroup === "yes"
      ? findParentGroupForProgramme(registration.programme)
      : Promise.resolve(null),
    getFeeSchedule(registration.vacation),
    mayReadClaimCode(request, registration),
  ]);
  const howToPay = publicFees(schedule);
  // One row per chosen subject: its class pages, or 'coming soon' when none is set up yet.
  const classPages = classPageLinks(subjects, groups);
  const modes = new Map(UPDATE_MODE_OPTIONS.map((o) => [o.value, o.label] as const));
  const statuses = new Map(REFERRAL_STATUS_OPTIONS.map((o) => [o.value, o.label] as const));
  return {
    summary: {
      reference: registration.reference,
      claimCode: showClaimCode ? ((registration as { claimCode?: string | null }).claimCode ?? null) : null,
      vacation: registration.vacation ?? "",
      parentName: registration.parentName,
      whatsappNumber: maskPhone(registration.whatsappNumber),
      wardName: registration.wardName,
      wardWhatsapp: maskPhone(registration.wardWhatsapp),
      currentSchool: registration.currentSchool,
      wardForm: WARD_FORM_LABELS[registration.wardForm as WardForm] ?? registration.wardForm,
      specificClass: registration.specificClass,
      programme: programmeLabel(registration.programme),
      subjects,
      subjectCount: registration.subjectCount,
      updateMode: (registration.updateMode ?? []).map((m) => modes.get(m as never) ?? m),
      referral: statuses.get(registration.referralStatus as never) ?? registration.referralStatus,
      joinStudentGroups: registration.joinStudentGroups,
      joinParentGroup: registration.joinParentGroup,
      registeredOn: new Date(registration.createdAt).toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: SCHOOL_TIME_ZONE,
      }),
    },
    classPages,
    fee:
      registration.amountDue != null
        ? {
            amountDue: formatCedis(registration.amountDue),
            season: registration.feeSeason ?? "",
            howToPay: howToPayOf(howToPay),
          }
        : null,
    parentGroup:
      registration.joinParentGroup === "yes"
        ? {
            link: parentGroup && isUsableParentLink(parentGroup.whatsappLink) ? parentGroup.whatsappLink : null,
            programme: programmeLabel(registration.programme),
          }
        : null,
  };
}

/** The claim code is personal: never kept by a shared cache or the browser's back-forward copy on a shared phone. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-gray-100 py-2 sm:grid-cols-3">
      <dt className="text-sm font-medium text-gray-700">{term}</dt>
      <dd className="text-gray-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export default function RegistrationConfirmation({ loaderData }: Route.ComponentProps) {
  const { summary, classPages, parentGroup, fee } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div className="rounded-xl border border-green-300 bg-green-50 p-5 text-green-900">
        <h1 className="text-2xl font-bold sm:text-3xl">Registration received</h1>
        <p className="mt-2">
          {summary.wardName} is registered for {summary.programme}. Keep this page: its address is your registration
          link.
        </p>
        <p className="mt-3">
          Your reference:{" "}
          <strong className="font-mono text-lg tracking-wide">{readableReference(summary.reference)}</strong>
        </p>
        {summary.claimCode ? (
          <p className="mt-2">
            Claim code: <strong className="font-mono text-lg tracking-wide">{summary.claimCode}</strong>
            <span className="mt-1 block text-sm">
              Write it down now: for your safety it is shown only on this phone, for {CLAIM_CODE_SHOWN_MINUTES} minutes.
              To see this registration in the parent or student portal, sign in and open{" "}
              <Link to="/link-registration" className="font-semibold underline">
                Link a registration
              </Link>
              , then enter the reference and this code. Keep both private.
            </span>
          </p>
        ) : (
          <p className="mt-2 text-sm">
            The claim code that links this registration to a parent or student account was shown to whoever submitted
            the form. If you did not keep it, call the school and we will link the registration for you.
          </p>
        )}
      </div>

      {fee ? (
        <Section
          id="fees"
          title="Fees"
          className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
          headingClassName="text-xl font-semibold"
        >
          <p className="mt-1">
            Amount due for {summary.programme} ({summary.subjectCount}{" "}
            {summary.subjectCount === 1 ? "subject" : "subjects"}
            {fee.season ? `, ${fee.season}` : ""}): <strong className="text-lg">{fee.amountDue}</strong>
          </p>
          {fee.howToPay ? (
            <div className="mt-2">
              <HowToPay fees={fee.howToPay} />
            </div>
          ) : null}
          <p className="mt-2">
            After paying, sign in to the{" "}
            <Link to="/portal?role=parent" className="font-semibold underline">
              parent portal
            </Link>{" "}
            and send us the transaction reference under Payment History, or call us.
          </p>
        </Section>
      ) : null}

      <Section
        id="class-pages"
        title="WhatsApp class pages to join"
        className="mt-8"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        <p className="mt-1 text-gray-700">
          Open these on your ward's phone ({summary.wardWhatsapp}). Each subject has its own class page.
          {summary.joinStudentGroups === "no"
            ? " You chose not to join class pages now; the links stay here if you change your mind."
            : ""}
        </p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {classPages.map((page) => (
            <li
              key={page.subject}
              className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
            >
              <div>
                <h3 className="font-semibold text-gray-900">{page.subject}</h3>
                <p className="text-sm text-gray-700">Class Page · {summary.programme}</p>
              </div>
              {page.link ? (
                <a
                  href={page.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass("whatsapp")}
                  aria-label={`Join Class Now: ${page.subject}`}
                >
                  Join Class Now
                </a>
              ) : (
                <span
                  aria-disabled="true"
                  className="inline-flex min-h-11 items-center justify-center rounded-md bg-gray-200 px-4 py-2 text-sm font-semibold text-gray-800"
                >
                  Class Page Coming Soon
                </span>
              )}
            </li>
          ))}
        </ul>
      </Section>

      {parentGroup ? (
        <Section
          id="parent-group"
          title="Parent/Guardian group"
          className="mt-8 rounded-xl border border-purple-300 bg-purple-50 p-5 text-purple-950"
          headingClassName="text-xl font-semibold"
        >
          <p className="mt-1">
            The {parentGroup.programme} parents' group is strictly for parents and guardians. Students must not join it.
          </p>
          <div className="mt-3">
            {parentGroup.link ? (
              <a href={parentGroup.link} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
                Join Parent Group
              </a>
            ) : (
              <span
                aria-disabled="true"
                className="inline-flex min-h-11 items-center rounded-md bg-gray-200 px-4 py-2 text-sm font-semibold text-gray-800"
              >
                Link Coming Soon
              </span>
            )}
          </div>
        </Section>
      ) : null}

      <Section
        id="summary"
        title="Registration summary"
        className="mt-8 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        <dl className="mt-3">
          <Row term="Reference">{readableReference(summary.reference)}</Row>
          {summary.vacation ? <Row term="Vacation">{summary.vacation}</Row> : null}
          <Row term="Registered on">{summary.registeredOn}</Row>
          <Row term="Parent/Guardian">{summary.parentName}</Row>
          <Row term="Parent WhatsApp">{summary.whatsappNumber}</Row>
          <Row term="Ward">{summary.wardName}</Row>
          <Row term="Ward WhatsApp">{summary.wardWhatsapp}</Row>
          <Row term="School and class">
            {summary.currentSchool}, {summary.wardForm} ({summary.specificClass})
          </Row>
          <Row term="Programme">{summary.programme}</Row>
          <Row term={`Subjects (${summary.subjectCount})`}>{summary.subjects.join(", ")}</Row>
          <Row term="Updates by">{summary.updateMode.join(", ")}</Row>
          <Row term="Join class pages">{summary.joinStudentGroups === "yes" ? "Yes" : "No"}</Row>
          <Row term="Join parent group">{summary.joinParentGroup === "yes" ? "Yes" : "No"}</Row>
        </dl>
      </Section>

      <Section
        id="next"
        title="What happens next"
        className="mt-8"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-gray-800">
          <li>Join the class pages above on your ward's WhatsApp.</li>
          <li>
            {fee
              ? "Pay the fee by Mobile Money and send us the transaction reference; we confirm it and issue a receipt."
              : "We confirm fees with you on WhatsApp or by phone; you pay by Mobile Money."}
          </li>
          <li>
            For subjects and the weekly schedule, your ward creates a{" "}
            <Link to="/portal?role=student" className="font-semibold text-brand-700 underline">
              student account
            </Link>{" "}
            with their WhatsApp number ({summary.wardWhatsapp}), then opens{" "}
            <Link to="/link-registration" className="font-semibold text-brand-700 underline">
              Link a registration
            </Link>{" "}
            and confirms that number with the code we text to it (or enters the reference and claim code).
          </li>
        </ol>
        <p className="mt-3 text-gray-700">
          Questions? Call <SupportPhones linkClassName="font-semibold text-brand-700 underline" />, <SupportHours />.
        </p>
      </Section>
    </main>
  );
}

export function meta() {
  return [{ title: `Registration received | ${SCHOOL_NAME}` }, { name: "robots", content: "noindex, nofollow" }];
}
