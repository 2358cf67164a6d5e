import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import { ContactLines, LegalPage } from "#app/components/public/legal-page.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { publicPageHeaders } from "#app/utils/http-cache.server.ts";

// The same for every anonymous visitor: cacheable (app/utils/http-cache.server.ts).
export const headers = publicPageHeaders;
/** Reads no query parameter: one cached page whatever the address adds (server/tuning/page-cache.ts). */
export const handle = { rules: { access: "public", pageCache: { params: {} } } } satisfies RouteHandle;

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="22 November 2026">
      <p>
        {SCHOOL_NAME} runs online vacation classes for Form 1 to Form 3 students. To do that we need some information
        about students and their parents or guardians. This page explains, in plain words, what we collect, why, who can
        see it, how long we keep it and what you can ask us to do with it.
      </p>

      <h2>What we collect</h2>
      <p>When a parent or guardian registers a ward, we collect:</p>
      <ul>
        <li>the parent's or guardian's name, WhatsApp number and, if given, another phone number;</li>
        <li>the student's name, WhatsApp number, school, form and class;</li>
        <li>the programme and subjects chosen, and how you would like to receive updates;</li>
        <li>the name of the person who told you about us, and any feedback you write.</li>
      </ul>
      <p>
        When someone creates a portal account we also keep their name, phone number, e-mail address if given, role
        (student, parent or facilitator) and a scrambled (hashed) form of the password; we never store the password
        itself. We keep a record of sign-ins so that we can protect accounts.
      </p>
      <p>We do not collect dates of birth, home addresses, photos or payment card details.</p>

      <h2>Why we collect it</h2>
      <ul>
        <li>
          to enrol the student in the right programme and subjects and add them to the right WhatsApp class pages;
        </li>
        <li>
          to contact the parent or guardian about the classes, fees and the student's progress, the way they chose;
        </li>
        <li>to let students, parents and facilitators sign in to the portal;</li>
        <li>to plan classes (for example, how many students take each subject).</li>
      </ul>
      <p>We do not sell this information and we do not use it for advertising.</p>

      <h2>Who can see it</h2>
      <ul>
        <li>
          Our administrators, who manage registrations. Each administrator only has access to the sections they need.
        </li>
        <li>Facilitators see the names of the students in their subjects.</li>
        <li>
          A student or parent who signs in sees their own registration. The confirmation page shown after registering
          can be opened by anyone who has its link, so it shows names, the programme and subjects, but only part of each
          phone number. Keep that link to yourself.
        </li>
        <li>
          Members of a WhatsApp class page or parents' group can see the names and numbers of other members, as on any
          WhatsApp group. Joining is your choice.
        </li>
      </ul>
      <p>We only share information with others when the law requires it.</p>

      <h2>How long we keep it</h2>
      <p>
        We keep registrations for the current vacation programme and up to 12 months after it ends, so that returning
        students can re-enrol easily and we can answer questions about past classes. After that we delete them. Portal
        accounts stay until you ask us to close them, or until they have not been used for two years.
      </p>

      <h2>Children's information</h2>
      <p>
        Most of our students are under 18. A parent or guardian registers them and decides whether they join the class
        pages. Parents can ask us at any time what we hold about their ward and have it corrected or deleted.
      </p>

      <h2>Correcting or deleting your information</h2>
      <p>
        You can ask us to show you, correct or delete the information we hold about you or your ward. Contact us with
        the name and WhatsApp number used in the registration. We will confirm it is really you (for example by
        messaging that WhatsApp number) and answer within 14 days.
      </p>
      <ContactLines />

      <h2>Keeping it safe</h2>
      <p>
        Information is stored on our servers and only reached through the portal over a secure connection. Passwords are
        stored hashed, sessions expire, and administrator actions such as viewing the portal as another user are
        recorded.
      </p>

      <h2>Changes</h2>
      <p>
        If we change this policy we will update the date at the top of this page. See also our{" "}
        <Link to="/terms-of-service">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}

export function meta() {
  return [
    { title: `Privacy Policy | ${SCHOOL_NAME}` },
    {
      name: "description",
      content: `What ${SCHOOL_NAME} collects about students and parents, why, who sees it, how long we keep it and how to correct or delete it.`,
    },
  ];
}
