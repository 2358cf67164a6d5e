import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/home";
import { buttonClass } from "#app/components/ui/button.tsx";
import { PROGRAMME_LABELS, PROGRAMME_SUBJECTS, PROGRAMMES } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { env } from "#app/models/infra/env.server.ts";
import { SupportPhones, SupportHours, ContactEmail } from "#app/components/support-phones.tsx";
import { publicPageHeaders } from "#app/utils/http-cache.server.ts";
import { FeesTable, HowToPay, publicFees } from "#app/components/fees-table.tsx";
import { getFeeSchedule } from "#app/models/fee-schedule.server.ts";
import { enrolmentOpening } from "#app/services/content/vacations.server.ts";
import { longDay } from "#app/domain/vacations.ts";
import { BENEFITS, FAQ, PROGRAMME_BLURBS } from "#app/components/public/landing-content.ts";

// The same for every anonymous visitor: cacheable (app/utils/http-cache.server.ts).
export const headers = publicPageHeaders;
/** Reads no query parameter: one cached page whatever the address adds (server/tuning/page-cache.ts). */
export const handle = { rules: { access: "public", pageCache: { params: {} } } } satisfies RouteHandle;

export async function loader({ url }: Route.LoaderArgs) {
  // Link cards (WhatsApp, Facebook) need absolute URLs.
  const origin = env.appOrigin ?? url.origin;
  // The vacations taking enrolments, the running one first (else the one teaching): their dates; the first's fees.
  const opening = await enrolmentOpening();
  const shown = opening.shown;
  const feeSchedule = await getFeeSchedule(shown[0]?.name);
  return {
    origin,
    registrationOpen: opening.open,
    fees: publicFees(feeSchedule),
    vacations: shown.map((v) => ({ name: v.name, from: longDay(v.lessonsStart), to: longDay(v.lessonsEnd) })),
  };
}

const TIMES = ["8:00 AM", "10:00 AM", "12:00 PM", "2:00 PM", "4:00 PM"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const open = loaderData.registrationOpen;
  return (
    <main id="main">
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
            Online vacation classes for Forms 1–3, on WhatsApp class pages
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-blue-50">
            {SCHOOL_NAME} helps senior high school students in Form 1, Form 2 and Form 3 use the vacation well.
            Experienced facilitators teach each subject on its own WhatsApp class page, so your ward learns from home
            with just a phone.
          </p>
          {loaderData.vacations.map((v) => (
            <p key={v.name} className="mt-4 max-w-2xl font-semibold">
              {v.name}: lessons from {v.from} to {v.to}.
            </p>
          ))}
          <div className="mt-6 flex flex-wrap gap-3">
            {open ? (
              <Link
                to="/registration"
                className="inline-flex min-h-11 items-center rounded-md bg-white px-5 py-2 font-semibold text-brand-800 hover:bg-blue-50"
              >
                Enrol Now
              </Link>
            ) : (
              <p className="inline-flex min-h-11 items-center font-semibold">Registration is closed for now.</p>
            )}
            <a
              href="#programmes"
              className="inline-flex min-h-11 items-center rounded-md border border-white px-5 py-2 font-semibold text-white hover:bg-brand-700"
            >
              See the programmes
            </a>
          </div>
          <p className="mt-6 text-sm text-blue-50">
            Questions? Call <SupportPhones linkClassName="font-semibold underline text-white" /> (<SupportHours />
            ).
          </p>
        </div>
      </section>

      <HomeSection id="programmes" titleId="programmes-title" title="Programmes">
        <p className="mt-2 max-w-3xl text-gray-700">
          Five programmes, each with the core subjects and its own electives. Your ward takes the subjects you choose.
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {PROGRAMMES.map((p) => (
            <li
              key={p}
              id={`programme-${p}`}
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
            >
              <h3 className="text-lg font-semibold text-gray-900">{PROGRAMME_LABELS[p]}</h3>
              <p className="mt-1 text-sm text-gray-700">{PROGRAMME_BLURBS[p]}</p>
              <p className="mt-3 text-sm font-medium text-gray-900">{PROGRAMME_SUBJECTS[p].length} subjects:</p>
              <p className="mt-1 flex-1 text-sm text-gray-700">{PROGRAMME_SUBJECTS[p].join(", ")}</p>
              <Link
                to="/registration"
                className={buttonClass("secondary", "mt-4")}
                aria-label={`Enrol Now in ${PROGRAMME_LABELS[p]}`}
              >
                Enrol Now
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="benefits" titleId="benefits-title" title="Benefits" band>
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-xl border border-gray-200 p-5">
              <h3 className="font-semibold text-gray-900">{b.title}</h3>
              <p className="mt-1 text-sm text-gray-700">{b.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="fees-payment" titleId="fees-title" title="Fees and payment">
        <div className="mt-4 max-w-3xl space-y-3 text-gray-800">
          {loaderData.fees ? (
            <>
              <FeesTable fees={loaderData.fees} />
              <HowToPay fees={loaderData.fees} />
            </>
          ) : (
            <p>
              Fees are confirmed when you enrol. They depend on the programme and the number of subjects your ward
              takes.
            </p>
          )}
          <p>
            Pay by <strong>Mobile Money</strong>. After you register we contact you on WhatsApp or by phone with the
            amount and the Mobile Money details. Registering does not charge you anything; your ward can join the class
            pages straight away.
          </p>
          <p>
            Questions about fees? Call <SupportPhones linkClassName="font-semibold underline text-brand-700" /> or
            e-mail <ContactEmail className="font-semibold text-brand-700 underline" />.
          </p>
        </div>
      </HomeSection>

      <HomeSection id="timetable" titleId="timetable-title" title="Timetable" band>
        <p className="mt-4 max-w-3xl text-gray-800">
          Classes run on weekdays, Monday to Friday, between 8:00 AM and 4:00 PM. Lessons start at {TIMES.join(", ")}.
          Each student's weekly schedule, with subjects and times, is in the{" "}
          <Link to="/portal?role=student" className="font-semibold text-brand-700 underline">
            student portal
          </Link>{" "}
          after registration.
        </p>
      </HomeSection>

      <HomeSection id="faq" titleId="faq-title" title="Frequently asked questions">
        <div className="mt-6 max-w-3xl space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="rounded-lg border border-gray-200 bg-white p-4">
              <summary className="cursor-pointer font-semibold text-gray-900">{item.q}</summary>
              <p className="mt-2 text-gray-700">{item.a}</p>
            </details>
          ))}
        </div>
      </HomeSection>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-4">
        <div className="rounded-2xl bg-brand-700 p-8 text-white">
          <h2 id="cta-title" className="text-2xl font-bold">
            {open ? "Registration is still open" : "Registration is closed"}
          </h2>
          {open ? (
            <>
              <p className="mt-2 text-blue-50">
                Enrol your ward in a few minutes. Support hours: <SupportHours />.
              </p>
              <Link
                to="/registration"
                className="mt-4 inline-flex min-h-11 items-center rounded-md bg-white px-5 py-2 font-semibold text-brand-800 hover:bg-blue-50"
              >
                Enrol Now
              </Link>
            </>
          ) : (
            <p className="mt-2 text-blue-50">
              Registration for this vacation is closed at the moment. To reach the school, call{" "}
              <SupportPhones linkClassName="font-semibold underline text-white" /> (<SupportHours />
              ).
            </p>
          )}
        </div>
      </section>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const origin = loaderData?.origin ?? "";
  const title = `${SCHOOL_NAME}: online vacation classes for Forms 1–3`;
  const description =
    "Online vacation classes for Form 1 to Form 3 students on WhatsApp class pages. Five programmes: General Science, General Arts, Business, Visual Arts and Home Economics. Enrol now.";
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SCHOOL_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/` },
    { property: "og:image", content: `${origin}/og-image.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${SCHOOL_NAME}: online vacation classes on WhatsApp` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** A section of the home page: its heading, and on a white band across the page when `band`. */
function HomeSection({
  id,
  titleId,
  title,
  band = false,
  children,
}: {
  id: string;
  titleId: string;
  title: string;
  band?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className="text-2xl font-bold text-gray-900 sm:text-3xl">
      {title}
    </h2>
  );
  return band ? (
    <section id={id} aria-labelledby={titleId} className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        {heading}
        {children}
      </div>
    </section>
  ) : (
    <section id={id} aria-labelledby={titleId} className="mx-auto max-w-6xl px-4 py-12">
      {heading}
      {children}
    </section>
  );
}
