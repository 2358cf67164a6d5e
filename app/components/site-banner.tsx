import { SupportPhones } from "#app/components/support-phones.tsx";

/**
 * docs/product.md#purpose-and-users: registration still open, when the vacation's lessons begin (the vacation taking
 * enrolments, else the one teaching: app/services/content/vacations.server.ts), two phone numbers. With "Registration enabled" off in the settings it says
 * registration is closed and how to reach the school instead. In demo mode (DEMO=on) it first says so: the accounts,
 * data and payment gateway are the demo's (docs/decisions/0086-demo-mode.md).
 */
export function SiteBanner({
  registrationOpen = true,
  lessons = null,
  demo = false,
}: {
  registrationOpen?: boolean;
  lessons?: string | null;
  demo?: boolean;
}) {
  return (
    <section aria-label="Announcement" className="bg-brand-800 px-4 py-2 text-center text-sm text-white">
      {demo ? (
        <p className="mb-1">
          <strong className="rounded bg-amber-300 px-1 text-gray-900">Demo</strong> Sample data, public passwords, TEST
          payments: no real money moves.
        </p>
      ) : null}
      {registrationOpen ? (
        <p>
          <strong>Registration is still open.</strong> {lessons ? `${lessons} ` : ""}Call{" "}
          <SupportPhones linkClassName="font-semibold underline underline-offset-2" />.
        </p>
      ) : (
        <p>
          <strong>Registration is closed for now.</strong> {lessons ? `${lessons} ` : ""}To reach the school, call{" "}
          <SupportPhones linkClassName="font-semibold underline underline-offset-2" />.
        </p>
      )}
    </section>
  );
}
