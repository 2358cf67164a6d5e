import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Link } from "react-router";
import type { Route } from "./+types/whatsapp";
import { requireRole } from "#app/utils/auth.server.ts";
import { effectiveRole } from "#app/domain/roles.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { getLatestOwnedRegistration, getParentRegistrations } from "#app/models/registration.server.ts";
import { findParentGroupForProgramme, getGroupsForSubjects } from "#app/models/whatsapp-group.server.ts";
import { DashboardPage, EmptyState } from "#app/components/dashboard/page.tsx";
import { ClassPageCard, ParentGroupCard, toGroupView } from "#app/components/dashboard/group-card.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: { roles: ["student", "parent"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  if (effectiveRole(effectiveUser.role) === "parent") {
    const registrations = await getParentRegistrations(effectiveUser);
    const programmes = [...new Set(registrations.map((r) => r.programme))];
    const groups = await Promise.all(programmes.map((p) => findParentGroupForProgramme(p)));
    return {
      kind: "parent" as const,
      parentGroups: programmes.map((p, i) => ({ programme: p, group: groups[i] ? toGroupView(groups[i]!) : null })),
    };
  }
  const registration = await getLatestOwnedRegistration(effectiveUser);
  if (!registration) return { kind: "student" as const, registration: null, groups: [] };
  const groups = await getGroupsForSubjects(registration, "student");
  return {
    kind: "student" as const,
    registration: { programme: registration.programme, subjectCount: registration.subjects.length },
    groups: groups.map(toGroupView),
  };
}

export default function WhatsappGroups({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "parent") {
    return (
      <DashboardPage title="WhatsApp Groups" description="The parents' WhatsApp groups for your wards' programmes.">
        {loaderData.parentGroups.length ? (
          <ul className="space-y-4">
            {loaderData.parentGroups.map((p) => (
              <li key={p.programme}>
                <h2 className="mb-2 font-semibold text-gray-900">{programmeLabel(p.programme)}</h2>
                <ParentGroupCard group={p.group} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>
            No registration is linked to your phone number yet.{" "}
            <Link to="/parent-whatsapp-groups" className="font-semibold text-brand-700 underline">
              See all parent WhatsApp groups
            </Link>
          </EmptyState>
        )}
        <p className="mt-4 text-sm text-gray-700">
          Your wards' class pages are listed in your{" "}
          <Link to="/parent-dashboard" className="font-semibold text-brand-700 underline">
            parent portal
          </Link>
          .
        </p>
      </DashboardPage>
    );
  }
  const { registration, groups } = loaderData;
  return (
    <DashboardPage
      title="WhatsApp Groups"
      description={
        registration
          ? `Your class pages for ${programmeLabel(registration.programme)} (${registration.subjectCount} subjects).`
          : undefined
      }
    >
      {!registration ? (
        <div className="rounded-xl border border-gray-200 bg-white p-6">
          <h2 className="text-lg font-semibold text-gray-900">Registration Required</h2>
          <p className="mt-1 text-gray-700">Register for a programme and subjects to get your WhatsApp class pages.</p>
          <Link to="/registration" className={buttonClass("primary", "mt-4")}>
            Complete Registration Form
          </Link>
        </div>
      ) : groups.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map((g) => (
            <ClassPageCard key={g._id} group={g} headingLevel={3} />
          ))}
        </ul>
      ) : (
        <EmptyState>WhatsApp groups being set up</EmptyState>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `WhatsApp Groups | ${SCHOOL_NAME}` }];
}
