import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { requireRole } from "#app/utils/auth.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import { Badge, Card } from "#app/routes/student/+shared/components.tsx";
import { enrolAgainPath } from "#app/domain/vacations.ts";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration, classPages } = await getStudentPortal(request, info);
  return {
    name: registration?.wardName ?? info.effectiveUser.fullName,
    registration: registration
      ? {
          programmeLabel: registration.programmeLabel,
          subjects: registration.subjects,
          vacation: registration.vacation,
          current: registration.current,
        }
      : null,
    enrolAgain: registration?.enrolAgain ?? null,
    groupCount: classPages.length,
  };
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-gray-700">{label}</dt>
      {/* Words (a programme's name, "Not registered") in a smaller size than counts, wrapping at spaces: a half-width card at 360 px holds them. */}
      <dd
        className={`mt-1 font-bold text-gray-900 ${typeof value === "number" ? "text-2xl" : "text-lg leading-snug break-words"}`}
      >
        {value}
      </dd>
    </div>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { name, registration, groupCount, enrolAgain } = loaderData;
  const subjects = registration?.subjects ?? [];
  return (
    <div className="space-y-6">
      <h2 className="sr-only">Overview</h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Subjects" value={subjects.length} />
        <Stat label="WhatsApp Groups" value={groupCount} />
        <Stat label="Programme" value={registration?.programmeLabel ?? "Not registered"} />
        <Stat label="Registration Status" value={registration ? "Enrolled" : "Pending"} />
      </dl>

      {enrolAgain ? (
        <Card labelledBy="enrol-again">
          <h3 id="enrol-again" className="text-lg font-semibold text-gray-900">
            {enrolAgain.vacation} is taking enrolments
          </h3>
          <p className="mt-1 text-gray-800">
            {registration && !registration.current
              ? `Your last enrolment was for ${registration.vacation}: its class pages are closed.`
              : "Your answers from this vacation are filled in."}
          </p>
          <ButtonLink to={enrolAgainPath(enrolAgain)} className="mt-3">
            Enrol for {enrolAgain.vacation}
          </ButtonLink>
        </Card>
      ) : null}
      <Card labelledBy="welcome">
        <h3 id="welcome" className="text-xl font-semibold text-gray-900">
          Welcome, {name}!
        </h3>
        {registration ? (
          <p className="mt-2 text-gray-800">
            You are enrolled in {registration.programmeLabel} with {subjects.length}{" "}
            {subjects.length === 1 ? "subject" : "subjects"}. Join your{" "}
            <Link to="/student-dashboard/whatsapp" className="font-semibold text-brand-700 underline">
              WhatsApp class pages
            </Link>{" "}
            and check your{" "}
            <Link to="/student-dashboard/schedule" className="font-semibold text-brand-700 underline">
              weekly schedule
            </Link>
            . Registered twice, for another programme?{" "}
            <Link to="/link-registration" className="font-semibold text-brand-700 underline">
              Link a registration
            </Link>
            .
          </p>
        ) : (
          <>
            <p className="mt-2 text-gray-800">
              Complete the registration form to see your subjects, class pages and weekly schedule here.
            </p>
            <ButtonLink to="/registration" className="mt-4">
              Complete Registration Form
            </ButtonLink>
            <p className="mt-3 text-sm text-gray-700">
              Already registered by a parent?{" "}
              <Link to="/link-registration" className="font-semibold text-brand-700 underline">
                Link the registration
              </Link>
              : if it gives your number as the ward's WhatsApp number, confirm your phone with a code we text to it;
              otherwise enter the reference and claim code from its confirmation page.
            </p>
          </>
        )}
      </Card>

      <Card labelledBy="your-subjects">
        <h3 id="your-subjects" className="text-lg font-semibold text-gray-900">
          Your Subjects
        </h3>
        {subjects.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Subjects">
            {subjects.map((s) => (
              <li key={s}>
                <Badge tone="blue">{s}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-gray-700">No subjects enrolled</p>
        )}
      </Card>
    </div>
  );
}
