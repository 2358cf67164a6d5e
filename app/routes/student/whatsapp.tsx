import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/whatsapp";
import { requireRole } from "#app/utils/auth.server.ts";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { isUsableParentLink, waShareLink } from "#app/domain/whatsapp.ts";
import { GROUPS_BEING_SET_UP } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { findParentGroupForProgramme } from "#app/models/whatsapp-group.server.ts";
import { STUDENT_PORTAL_ROLES, getStudentPortal } from "#app/routes/student/+shared/portal.server.ts";
import {
  Badge,
  GroupCard,
  GroupGuidelines,
  ShareLink,
  usePortalToast,
} from "#app/routes/student/+shared/components.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { logFor } from "#app/models/infra/log.server.ts";

export const handle = { rules: { access: { roles: ["student", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireRole(request, STUDENT_PORTAL_ROLES);
  const { registration, classPages } = await getStudentPortal(request, info);
  if (!registration || !registration.programme || registration.subjects.length === 0) {
    return { registered: false as const };
  }
  const parent = await findParentGroupForProgramme(registration.programme).catch((error: unknown) => {
    logFor("class-pages").error({ err: error }, "student portal: parent group lookup failed");
    return null;
  });
  const parentLink = parent && isUsableParentLink(parent.whatsappLink) ? parent.whatsappLink.trim() : null;
  return {
    registered: true as const,
    programmeLabel: registration.programmeLabel,
    classPages,
    parentGroup: parentLink
      ? {
          name: parent!.subjectName,
          shareText: `Please join the ${SCHOOL_NAME} parents' WhatsApp group for ${registration.programmeLabel} (${parent!.subjectName}): ${parentLink}`,
        }
      : null,
  };
}

export default function WhatsappTab({ loaderData }: Route.ComponentProps) {
  const show = usePortalToast();
  if (!loaderData.registered) {
    return (
      <Section
        id="registration-required"
        title="Registration Required"
        className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        <p className="mt-2 text-gray-800">
          Complete the registration form with your programme and subjects to see your WhatsApp class pages.
        </p>
        <ButtonLink to="/registration" className="mt-4">
          Complete Registration Form
        </ButtonLink>
      </Section>
    );
  }
  const { programmeLabel, classPages, parentGroup } = loaderData;
  return (
    <div className="space-y-6">
      <Section
        id="class-pages-heading"
        title="WhatsApp Class Pages"
        headingClassName="text-xl font-semibold text-gray-900"
      >
        <div role="note" className="mt-3 rounded-lg border border-brand-600 bg-brand-50 p-4 text-sm text-brand-800">
          Join the WhatsApp class page of each of your subjects: facilitators share lessons, notes and assignments
          there. Each link opens WhatsApp in a new tab.
        </div>
        {classPages.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {classPages.map((g) => (
              <GroupCard key={g.id} group={g} onToast={show} />
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
            <p className="font-semibold text-gray-900">{GROUPS_BEING_SET_UP}</p>
            <p className="mt-2 text-gray-700">Your class pages will appear here as soon as they are ready.</p>
            <p className="mt-3">
              <Badge tone="blue">{programmeLabel}</Badge>
            </p>
          </div>
        )}
      </Section>

      <Section
        id="parent-group-heading"
        title="Parent/Guardian Group"
        className="rounded-xl border-2 border-purple-300 bg-purple-50 p-5"
        headingClassName="text-lg font-semibold text-purple-900"
      >
        <p className="mt-2 text-purple-900">
          <strong>This group is strictly for parents and guardians. Students must not join it.</strong> Share the link
          with your parent or guardian so they can follow your classes.
        </p>
        <div className="mt-4">
          {parentGroup ? (
            <ShareLink
              href={waShareLink(parentGroup.shareText)}
              shareText={parentGroup.shareText}
              title={parentGroup.name}
              className={buttonClass("primary", "bg-purple-700 hover:bg-purple-800")}
            >
              Share with Parent/Guardian
            </ShareLink>
          ) : (
            <button type="button" disabled className={buttonClass("secondary")}>
              Link Coming Soon
            </button>
          )}
        </div>
      </Section>

      <GroupGuidelines />
    </div>
  );
}
