import { useRouteLoaderData } from "react-router";
import { DEFAULT_CONTACTS, type SchoolContacts } from "#app/domain/school.ts";

/**
 * The school's contacts as Settings → General has them, from the root loader; the defaults where the root's data is
 * missing (an error page whose root loader failed).
 */
export function useSchoolContacts(): SchoolContacts {
  // The root loader's `contacts` (app/root.tsx; a component may not import the root: docs/decisions/0044).
  const root = useRouteLoaderData("root") as { contacts?: SchoolContacts } | undefined;
  return root?.contacts ?? DEFAULT_CONTACTS;
}

/**
 * The school's phone numbers as tel: links, joined with "or". `contacts` where the root's data is missing but the page
 * was given them (the maintenance page, thrown before the root loader runs).
 */
export function SupportPhones({
  linkClassName = "font-semibold underline",
  contacts,
}: {
  linkClassName?: string;
  contacts?: SchoolContacts;
}) {
  const fromRoot = useSchoolContacts();
  const { phones } = contacts ?? fromRoot;
  return (
    <>
      {phones.map((p, i) => (
        <span key={p.tel}>
          {i > 0 ? " or " : ""}
          <a href={`tel:${p.tel}`} className={linkClassName}>
            {p.display}
          </a>
        </span>
      ))}
    </>
  );
}

/** The hours someone answers the school's phones. */
export function SupportHours() {
  return <>{useSchoolContacts().hours}</>;
}

/** The school's e-mail address as a mailto: link. */
export function ContactEmail({ className }: { className?: string }) {
  const { email } = useSchoolContacts();
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}
