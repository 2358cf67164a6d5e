import type { RouteHandle } from "#app/utils/route-rules.ts";
import type { Route } from "./+types/whatsapp-page";
import { useClientToast } from "#app/components/toaster.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { GROUPS_BEING_SET_UP, WHATSAPP_LOAD_FAILED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getAllGroups, getGroupsForSubjects } from "#app/models/whatsapp-group.server.ts";
import { loadOwnedRegistration, requireUserForWhatsapp } from "#app/routes/student/+shared/portal.server.ts";
import { withOwnClassPages } from "#app/services/teaching/classes.server.ts";
import { toGroupCard } from "#app/routes/student/+shared/group-data.ts";
import { GroupCard, GroupGuidelines } from "#app/routes/student/+shared/components.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { ErrorAlert } from "#app/components/ui/error-alert.tsx";
import { logFor } from "#app/models/infra/log.server.ts";

export const handle = { rules: { access: "signed-in" } } satisfies RouteHandle;

/** docs/product.md#screens: only these group types appear as cards on /whatsapp. */
const CARD_TYPES = new Set(["student", "subject"]);

export async function loader({ request }: Route.LoaderArgs) {
  const info = await requireUserForWhatsapp(request);
  const registration = await loadOwnedRegistration(info.effectiveUser);
  let loadFailed = false;
  const groups = await (
    registration
      ? getGroupsForSubjects(registration).then((found) =>
          // A class's own page only for a ward on its rosters this vacation (ADR 0112), as on the portal.
          registration.current && !registration.withdrawn ? withOwnClassPages(registration, found) : found,
        )
      : getAllGroups()
  ).catch((error: unknown) => {
    logFor("class-pages").error({ err: error }, "/whatsapp: group lookup failed");
    loadFailed = true;
    return [];
  });
  return {
    welcome: registration
      ? {
          wardName: registration.wardName,
          programmeLabel: registration.programmeLabel,
          subjectCount: registration.subjects.length,
        }
      : null,
    groups: groups.filter((g) => CARD_TYPES.has(g.groupType)).map(toGroupCard),
    loadFailed,
  };
}

export default function WhatsappPage({ loaderData }: Route.ComponentProps) {
  const { welcome, groups, loadFailed } = loaderData;
  const { show, element } = useClientToast();
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-gray-900">WhatsApp Class Pages</h1>
      {welcome ? (
        <section aria-label="Welcome" className="rounded-xl bg-brand-700 p-6 text-white">
          <p className="text-xl font-semibold">Welcome, {welcome.wardName}!</p>
          <p className="mt-1">
            {welcome.programmeLabel} · {welcome.subjectCount} {welcome.subjectCount === 1 ? "subject" : "subjects"}
          </p>
          <p className="mt-2 text-sm">Join the class page of each of your subjects below.</p>
        </section>
      ) : (
        <section aria-label="Browse all class pages" className="rounded-xl bg-brand-700 p-6 text-white">
          <p className="text-xl font-semibold">Browse all {SCHOOL_NAME} WhatsApp groups</p>
          <p className="mt-1 text-sm">
            We could not find a registration for your account, so every class page is listed, by programme then subject.
          </p>
          <ButtonLink to="/registration" variant="secondary" className="mt-3">
            Register for classes
          </ButtonLink>
        </section>
      )}

      {loadFailed ? (
        <ErrorAlert message={WHATSAPP_LOAD_FAILED} />
      ) : groups.length ? (
        <Section
          id="groups-heading"
          title={welcome ? "Your class pages" : "All class pages"}
          headingClassName="text-xl font-semibold text-gray-900"
        >
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {groups.map((g) => (
              <GroupCard key={g.id} group={g} onToast={show} />
            ))}
          </ul>
        </Section>
      ) : (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
          <h2 className="font-semibold text-gray-900">{GROUPS_BEING_SET_UP}</h2>
          <p className="mt-2 text-gray-700">The class pages will appear here as soon as they are ready.</p>
        </div>
      )}

      <GroupGuidelines />
      {element}
    </main>
  );
}

export function meta() {
  return [{ title: `WhatsApp Class Pages | ${SCHOOL_NAME}` }];
}
