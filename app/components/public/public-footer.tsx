import { Link } from "react-router";
import { PROGRAMME_LABELS, PROGRAMMES } from "#app/domain/programmes.ts";
import { SCHOOL_NAME, SCHOOL_TAGLINE } from "#app/domain/school.ts";
import { useSchoolContacts } from "#app/components/support-phones.tsx";

const QUICK_LINKS = [
  { label: "Home", href: "/" },
  { label: "Programmes", href: "/#programmes" },
  { label: "Benefits", href: "/#benefits" },
  { label: "Fees and payment", href: "/#fees-payment" },
  { label: "Timetable", href: "/#timetable" },
  { label: "FAQ", href: "/#faq" },
  { label: "Enrol Now", href: "/registration" },
  { label: "Sign In", href: "/portal" },
];

const headingClass = "text-sm font-semibold uppercase tracking-wide text-white";
const linkClass = "text-gray-200 underline-offset-2 hover:text-white hover:underline";

/** Public footer (docs/product.md#screens): quick links, programmes, legal pages, contact, social links, © year. */
export function PublicFooter({ socialLinks }: { socialLinks: readonly { label: string; href: string }[] }) {
  const contacts = useSchoolContacts();
  return (
    <footer className="mt-16 bg-gray-900 text-gray-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{SCHOOL_NAME}</p>
          <p className="mt-2 text-sm">{SCHOOL_TAGLINE}, on WhatsApp class pages.</p>
          <p className="mt-3 text-sm">Support hours: {contacts.hours}.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className={headingClass}>Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} className={linkClass}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Programmes</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {PROGRAMMES.map((p) => (
              <li key={p}>
                <a href={`/#programme-${p}`} className={linkClass}>
                  {PROGRAMME_LABELS[p]}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={headingClass}>Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`mailto:${contacts.email}`} className={linkClass}>
                {contacts.email}
              </a>
            </li>
            {contacts.phones.map((p) => (
              <li key={p.tel}>
                <a href={`tel:${p.tel}`} className={linkClass}>
                  {p.display}
                </a>
              </li>
            ))}
          </ul>
          {socialLinks.length ? (
            <>
              <h2 className={`${headingClass} mt-6`}>Follow us</h2>
              <ul className="mt-3 flex flex-wrap gap-3 text-sm">
                {socialLinks.map((s) => (
                  <li key={s.href}>
                    <a href={s.href} className={linkClass} rel="noopener noreferrer">
                      {s.label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      <div className="border-t border-gray-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {SCHOOL_NAME}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
