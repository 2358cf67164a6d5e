import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import { ContactLines, LegalPage } from "#app/components/public/legal-page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { publicPageHeaders } from "#app/utils/http-cache.server.ts";

// The same for every anonymous visitor: cacheable (app/utils/http-cache.server.ts).
export const headers = publicPageHeaders;
/** Reads no query parameter: one cached page whatever the address adds (server/tuning/page-cache.ts). */
export const handle = { rules: { access: "public", pageCache: { params: {} } } } satisfies RouteHandle;

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" updated="22 November 2026">
      <p>
        These terms explain how the online vacation classes of {SCHOOL_NAME} and this website work. By registering a
        ward or creating an account you agree to them. If anything is unclear, contact us before registering.
      </p>

      <h2>Who can register</h2>
      <p>
        The classes are for senior high school students in Form 1, Form 2 and Form 3. A parent or guardian must fill in
        the registration form for a student, and confirms that the information given is correct and that they are
        allowed to register the student.
      </p>

      <h2>How the classes work</h2>
      <ul>
        <li>
          Each subject is taught on a WhatsApp class page led by a facilitator, on weekdays between 8:00 AM and 4:00 PM.
        </li>
        <li>
          The student needs a phone with WhatsApp and their own data bundle. We are not responsible for network or phone
          problems.
        </li>
        <li>Timetables may change; the current schedule is in the student portal.</li>
      </ul>

      <h2>Fees and payment</h2>
      <p>
        Fees are confirmed with the parent or guardian when they enrol, and are paid by Mobile Money. Registering on the
        website does not charge you anything. If you decide not to continue before paying, just tell us and we will
        remove the registration.
      </p>

      <h2>Behaviour in class pages and groups</h2>
      <ul>
        <li>Class pages are for learning only. Be respectful to facilitators and other students.</li>
        <li>No personal or off-topic content, adverts, or sharing of other members' numbers.</li>
        <li>Follow the facilitator's instructions, and report anything inappropriate to us.</li>
        <li>The parents' group is only for parents and guardians; students must not join it.</li>
      </ul>
      <p>
        We may remove anyone who breaks these rules from a class page or group, after telling the parent or guardian.
      </p>

      <h2>Accounts</h2>
      <p>
        Keep your password to yourself. You are responsible for what is done with your account. Tell us at once if you
        think someone else is using it. You cannot create an administrator account yourself.
      </p>

      <h2>Lesson materials</h2>
      <p>
        Notes, recordings and exercises shared in class pages are for the registered student's own study. Please do not
        sell or republish them.
      </p>

      <h2>Your information</h2>
      <p>
        How we collect and protect students' and parents' information is explained in our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>Changes and contact</h2>
      <p>We may update these terms; the date at the top shows the latest version. Questions or complaints:</p>
      <ContactLines />
    </LegalPage>
  );
}

export function meta() {
  return [
    { title: `Terms of Service | ${SCHOOL_NAME}` },
    {
      name: "description",
      content: `How the online vacation classes of ${SCHOOL_NAME} work: who can register, fees, behaviour in class pages, accounts.`,
    },
  ];
}
