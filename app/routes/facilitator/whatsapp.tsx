import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useState } from "react";
import type { Route } from "./+types/whatsapp";
import { requireRole } from "#app/utils/auth.server.ts";
import { CardList } from "#app/components/dashboard/card-list.tsx";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { effectiveRole } from "#app/domain/roles.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { groupTypeLabel, isUsableGroupLink } from "#app/domain/whatsapp.ts";
import { listFacilitatorSubjects } from "#app/models/facilitator.server.ts";
import { GROUPS_OF_SUBJECTS_MAX, groupsOfSubjects } from "#app/models/whatsapp-group.server.ts";
import { vacationPointers } from "#app/models/vacation.server.ts";
import { countStudentsByProgrammeSubject, studentCountKey } from "#app/models/whatsapp-group-admin.server.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { useClientToast } from "#app/components/toaster.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/**
 * The school's class pages and subject groups for the subjects the facilitator teaches (every subject for an admin), of
 * the vacation teaching (else the one taking enrolments), with each one's enrolled students of that vacation
 * (docs/product.md#facilitator-portal).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const admin = effectiveRole(effectiveUser.role) === "admin";
  const subjects = admin ? null : (await listFacilitatorSubjects(effectiveUser._id)).map((s) => s.name);
  const { teaching, enrolling } = await vacationPointers();
  const vacation = (teaching ?? enrolling)?.name ?? null;
  const found = vacation ? await groupsOfSubjects(subjects, vacation) : [];
  const groups = found.slice(0, GROUPS_OF_SUBJECTS_MAX);
  const students = vacation ? await countStudentsByProgrammeSubject(groups, vacation) : new Map<string, number>();
  const label = (g: (typeof groups)[number]) =>
    `${g.subjectName} ${groupTypeLabel(g.groupType)}: ${programmeLabel(g.programme)}`;
  const usable = groups.filter((g) => isUsableGroupLink(g.groupType, g.whatsappLink));
  return {
    admin,
    vacation,
    teachesNothing: subjects !== null && subjects.length === 0,
    more: found.length > GROUPS_OF_SUBJECTS_MAX,
    limit: GROUPS_OF_SUBJECTS_MAX,
    groups: usable.map((g) => ({
      id: g._id,
      name: label(g),
      inviteLink: g.whatsappLink,
      students: students.get(studentCountKey(g.programme, g.subjectName)) ?? 0,
    })),
    waiting: groups.filter((g) => !isUsableGroupLink(g.groupType, g.whatsappLink)).map(label),
  };
}

/** The class pages to share, each with open-link and (with JavaScript) copy-link buttons. */
export default function FacilitatorWhatsapp({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const toast = useClientToast();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (name: string, link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(link);
      toast.show({ type: "success", title: "Link Copied", description: `Invite link for ${name} copied to clipboard` });
    } catch {
      toast.show({
        type: "error",
        title: "Could not copy the link",
        description: "Select the link text and copy it instead.",
      });
    }
  };
  return (
    <DashboardPage
      title="WhatsApp"
      description={`The school's class pages for ${loaderData.admin ? "every subject" : "the subjects you teach"}${loaderData.vacation ? `, ${loaderData.vacation}` : ""}.`}
    >
      {toast.element}
      <CardList
        items={loaderData.groups}
        itemKey={(g) => g.id}
        layout="grid"
        cardClassName="flex flex-col p-5 shadow-sm"
        heading={(g) => g.name}
        empty={
          !loaderData.vacation
            ? "No vacation is teaching or taking enrolments now: class pages show here once one is."
            : loaderData.teachesNothing
              ? "You teach no subject yet: the office assigns subjects under Subjects."
              : loaderData.waiting.length
                ? "No class page of your subjects has its link yet."
                : "No class pages for your subjects yet: the office adds them under WhatsApp Groups."
        }
      >
        {(g) => (
          <>
            <p className="mt-1 text-sm text-gray-800">
              {g.students === 1 ? "1 student enrolled" : `${g.students} students enrolled`}
            </p>
            <p className="mt-2 select-all break-all rounded bg-gray-100 px-2 py-1 font-mono text-xs text-gray-900">
              {g.inviteLink}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={g.inviteLink} target="_blank" rel="noopener noreferrer" className={buttonClass("whatsapp")}>
                Open link<span className="sr-only"> for {g.name} (opens WhatsApp)</span>
              </a>
              {hydrated ? (
                <Button variant="secondary" onClick={() => copy(g.name, g.inviteLink)}>
                  {copied === g.inviteLink ? "Copied" : "Copy link"}
                  <span className="sr-only"> for {g.name}</span>
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardList>
      {loaderData.more ? (
        <p className="mt-4 text-sm text-gray-700">Showing the first {loaderData.limit} class pages.</p>
      ) : null}
      {loaderData.waiting.length ? (
        <p className="mt-4 text-sm text-gray-700">Link coming soon: {loaderData.waiting.join(", ")}.</p>
      ) : null}
    </DashboardPage>
  );
}
