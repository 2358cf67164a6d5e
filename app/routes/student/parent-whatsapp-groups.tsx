import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/parent-whatsapp-groups";
import { useClientToast } from "#app/components/toaster.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { isUsableParentLink } from "#app/domain/whatsapp.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import {
  LINK_AVAILABLE_SOON,
  NO_PARENT_GROUPS,
  PARENT_PAGE_LOAD_FAILED,
  openingParentsGroup,
} from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getParentGroups } from "#app/models/whatsapp-group.server.ts";
import { Badge, GroupGuidelines } from "#app/routes/student/+shared/components.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { logFor } from "#app/models/infra/log.server.ts";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

type ParentGroup = { id: string; name: string; programme: string; link: string | null };

/** Open page, no guard (docs/product.md#screens). */
export async function loader() {
  let loadFailed = false;
  const groups = await getParentGroups().catch((error: unknown) => {
    logFor("class-pages").error({ err: error }, "/parent-whatsapp-groups: lookup failed");
    loadFailed = true;
    return [];
  });
  const cards: ParentGroup[] = groups.map((g) => ({
    id: g._id,
    name: g.subjectName,
    programme: programmeLabel(g.programme),
    link: isUsableParentLink(g.whatsappLink) ? g.whatsappLink.trim() : null,
  }));
  // docs/product.md#screens: the Science card is the first parent group whose programme contains 'science'.
  const scienceIndex = groups.findIndex((g) => /science/i.test(g.programme));
  return {
    loadFailed,
    science: scienceIndex >= 0 ? cards[scienceIndex] : null,
    others: cards.filter((_, i) => i !== scienceIndex),
  };
}

function JoinParentGroup({ group, onOpen }: { group: ParentGroup; onOpen: (g: ParentGroup) => void }) {
  if (!group.link) {
    return (
      <div>
        <button type="button" disabled className={buttonClass("secondary")} aria-describedby={`soon-${group.id}`}>
          Link Coming Soon
        </button>
        <p id={`soon-${group.id}`} className="mt-2 text-sm text-gray-700">
          {LINK_AVAILABLE_SOON}
        </p>
      </div>
    );
  }
  return (
    <a
      href={group.link}
      target="_blank"
      rel="noopener"
      className={buttonClass("whatsapp")}
      onClick={() => onOpen(group)}
    >
      Join Parents Group<span className="sr-only"> for {group.name} (opens WhatsApp in a new tab)</span>
    </a>
  );
}

export default function ParentWhatsappGroups({ loaderData }: Route.ComponentProps) {
  const { loadFailed, science, others } = loaderData;
  const { show, element } = useClientToast();
  const onOpen = (g: ParentGroup) =>
    show({ type: "success", title: "Opening WhatsApp", description: openingParentsGroup(g.programme) });
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Parent WhatsApp Groups</h1>
        <p className="mt-2 text-gray-800">
          Join your ward's programme group to receive class updates, announcements and reminders from {SCHOOL_NAME}.
          These groups are for parents and guardians only.
        </p>
      </div>

      {loadFailed ? (
        <ErrorAlert message={PARENT_PAGE_LOAD_FAILED} />
      ) : !science && others.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-900">
          {NO_PARENT_GROUPS}
        </p>
      ) : (
        <>
          {science ? (
            <Section
              id="science-parents"
              title="Science Programme Parents"
              className="rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm"
              headingClassName="text-xl font-semibold text-gray-900"
            >
              <p className="mt-1 flex flex-wrap items-center gap-2 text-gray-800">
                {science.name} <Badge tone="blue">{science.programme}</Badge>
              </p>
              <div className="mt-4">
                <JoinParentGroup group={science} onOpen={onOpen} />
              </div>
            </Section>
          ) : null}
          {others.length ? (
            <Section
              id="other-parents"
              title="Other Programmes Parents"
              headingClassName="text-xl font-semibold text-gray-900"
            >
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {others.map((g) => (
                  <li key={g.id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                    <h3 className="font-semibold text-gray-900">{g.name}</h3>
                    <p className="mt-1">
                      <Badge tone="blue">{g.programme}</Badge>
                    </p>
                    <div className="mt-4">
                      <JoinParentGroup group={g} onOpen={onOpen} />
                    </div>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </>
      )}

      <GroupGuidelines />
      {element}
    </main>
  );
}

export function meta() {
  return [{ title: `Parent WhatsApp Groups | ${SCHOOL_NAME}` }];
}
